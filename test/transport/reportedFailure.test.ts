/**
 * A failure the service reports inside a 2xx answer (spec, Errors 3: brand, web and AI answers
 * carry `data.status` and `data.code`; Errors 1: a transcript's `error`): the item's error with
 * the service's code and message, in every brand, web and AI operation and the transcript; a
 * real success, or a job's own state, is never refused.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { mockApi, useNock } from '../helpers/http';
import { API_KEY, everythingIn, runNode } from '../helpers/runNode';
import {
	reportsFailure,
	reportsPlainSuccess,
	serviceReport,
} from '../../nodes/shared/transport/answers';

useNock();

const answerWith = (data: IDataObject) => ({ success: true, data });
const OUTAGE = { status: 'error', code: 503, message: 'Upstream brand source timed out' };

describe('the service report of an answer', () => {
	test.each([
		['the sandbox success', { status: 'ok', code: 200 }, false, true],
		['a job accepted', { status: 'PENDING' }, false, false],
		['no report at all', {}, false, true],
		['error, in any case', { status: 'ERROR' }, true, false],
		['failed', { status: 'failed', code: 200 }, true, false],
		[
			'a 4xx code with a word the spec leaves open',
			{ status: 'not_found', code: 404 },
			true,
			false,
		],
		['a code as a string of digits', { status: 'ok', code: '503' }, true, false],
		['a code that is no integer', { status: 'ok', code: 'soon' }, false, true],
		['a 2xx code and an open word', { status: 'partial', code: 206 }, false, false],
		[
			'an unknown word with a 2xx code is not a failure',
			{ status: 'degraded', code: 200 },
			false,
			false,
		],
	])('%s', (_, data, failure, plain) => {
		const report = serviceReport(answerWith(data as IDataObject));
		expect(reportsFailure(report)).toBe(failure);
		expect(reportsPlainSuccess(report)).toBe(plain);
	});

	test("the message is the service's, from message or error", () => {
		expect(serviceReport(answerWith({ status: 'error', error: { message: 'gone' } }))).toEqual({
			status: 'error',
			message: 'gone',
		});
		expect(serviceReport({ success: true, data: [] })).toBeUndefined();
		expect(serviceReport('text')).toBeUndefined();
	});
});

describe('a failure inside a 2xx, in n8n', () => {
	const cases: [string, string, INodeParameters][] = [
		['webDataBrand', '/brand/retrieve', { operation: 'retrieve', domain: 'acme.com' }],
		[
			'webDataBrand',
			'/brand/retrieve',
			{ operation: 'retrieve', domain: 'acme.com', simplify: true },
		],
		['webDataWebsite', '/web/fonts', { operation: 'getFonts', domain: 'acme.com' }],
		[
			'webDataBrandAi',
			'/brand/ai/query',
			{ operation: 'query', query: 'Refunds?', options: { domain: 'acme.com' } },
		],
	];
	test.each(cases)(
		'%s %s %j: a NodeApiError with the code and message',
		async (type, path, parameters) => {
			const api = mockApi((request) =>
				request.path === path ? [200, answerWith(OUTAGE)] : [200, { success: true, data: {} }],
			);
			const { items, error } = await runNode({ type, parameters });
			expect(items).toEqual([]);
			expect(error?.name).toBe('NodeApiError');
			expect(error?.message).toBe(
				'The Web Data API reported a failure (code 503, status "error", HTTP 200): Upstream brand source timed out',
			);
			expect(error?.httpCode).toBe('503');
			expect(api.apiRequests().map((r) => r.path)).toEqual([path]);
		},
	);

	test('under Continue On Fail it is the error item of its input item; the others go on', async () => {
		mockApi((request) =>
			request.query.domain === 'globex.com'
				? [200, answerWith({ ...OUTAGE, message: `${API_KEY} is not welcome` })]
				: [200, answerWith({ status: 'ok', code: 200, brand: { domain: request.query.domain } })],
		);
		const { items, error } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: '={{ $json.domain }}', simplify: true },
			items: [{ domain: 'acme.com' }, { domain: 'globex.com' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.pairedItem, i.json.error ?? i.json.domain])).toEqual([
			[{ item: 0 }, 'acme.com'],
			[{ item: 1 }, expect.stringContaining('reported a failure (code 503')],
		]);
		expect(items[1].json.httpCode).toBe('503');
		expect(everythingIn(items)).not.toContain(API_KEY);
		expect(items[1].json.error).toContain('bc_*** is not welcome');
	});

	test('success: false with a 2xx stays an error too', async () => {
		mockApi(() => [200, { success: false, error: 'No credits left for lookups' }]);
		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com' },
		});
		expect(error?.message).toContain('No credits left for lookups');
	});

	const transcript = {
		type: 'webDataYouTube',
		parameters: { operation: 'getTranscript', url: 'https://youtu.be/dQw4w9WgXcQ' },
	};

	test.each([
		['success: true', { success: true }],
		['no success', {}],
	])('a transcript whose `error` says it failed is an error (%s)', async (_, success) => {
		mockApi(() => [
			200,
			{ ...success, error: 'Video unavailable', credits: { used: 0 }, data: {} },
		]);
		const { items, error } = await runNode(transcript);
		expect(items).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('The Web Data API returned an error (HTTP 200): Video unavailable');
	});

	test('a transcript with a blank `error` is a success', async () => {
		const done = { success: true, error: '', credits: { used: 5 }, data: { markdown: 'Hi' } };
		mockApi(() => [200, done]);
		const { items, error } = await runNode(transcript);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
	});

	test('an `error` text is read as a failure of the transcript only', async () => {
		mockApi(() => [200, { ...answerWith({ status: 'ok', code: 200 }), error: 'deprecated field' }]);
		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com' },
		});
		expect(error).toBeUndefined();
	});

	test("a job's state is not read as a failure of the request: Job > Get of a FAILED job", async () => {
		mockApi(() => [
			200,
			answerWith({ id: 'job_1', status: 'FAILED', code: 500, results: [], errors: [] }),
		]);
		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job_1' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ jobId: 'job_1', status: 'FAILED' });
	});
});
