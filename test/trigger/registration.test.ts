/**
 * The trigger's registration record and checks, exactly (nodes/WebDataTrigger/registration.ts
 * from its source): what static data is trusted, the state put back, the Webhook ID and event
 * parameters, event patterns, the URL's token, and the masks of the URLs' queries in errors.
 * Activation and deactivation through n8n-core are in lifecycle.test.ts.
 */
import { NodeApiError, NodeOperationError, type IDataObject } from 'n8n-workflow';

import type { WebDataClient } from '../../nodes/shared/transport/client';
import {
	checkWebhookId,
	eventSelected,
	patchWebhook,
	previousOf,
	queryMask,
	readRegistration,
	readTokenKey,
	requestTestDelivery,
	requireEvents,
	requireWebhookId,
	restoreBody,
	sameEvents,
	saveRegistration,
	selectedEvents,
	splitEvents,
	stateOf,
	webhookIdOf,
	withToken,
	withoutQuery,
	type Registration,
} from '../../nodes/WebDataTrigger/registration';
import { ERROR_NODE as NODE } from '../helpers/runNode';

const SAVED: Registration = {
	webhookId: 'wh_1',
	url: 'https://n8n.example/webhook/abc/webhook?token=n.1.m',
	events: ['job.completed'],
	token: 'n.1.m',
	previous: { url: 'https://hooks.example.com/in', events: ['a', 'b'], isActive: true },
	registeredAt: '2026-11-24T00:00:00.000Z',
};

/** A node context whose parameters are `params`; an unset one gives the fallback. */
const ctx = (params: Record<string, unknown>) => ({
	getNodeParameter: ((name: string, fallback: unknown) =>
		name in params ? params[name] : fallback) as never,
});

describe('static data', () => {
	test('a saved registration reads back as it was, as a copy n8n sees as changed', () => {
		const data: IDataObject = {};
		const registration = structuredClone(SAVED);
		saveRegistration(data, registration);
		registration.events.push('x');
		registration.previous.events!.push('x');
		expect(readRegistration(data)).toStrictEqual(SAVED);
	});

	test.each([
		['webhookId', { webhookId: 1 }],
		['url', { url: null }],
		['token', { token: ['n.1.m'] }],
		['events', { events: ['job.completed', 1] }],
		['events', { events: 'job.completed' }],
	])('a record whose %s has the wrong type is not trusted', (_, change) => {
		expect(readRegistration({ registration: { ...SAVED, ...change } })).toBeUndefined();
	});

	test('no record, or not an object: nothing registered', () => {
		expect(readRegistration({})).toBeUndefined();
		expect(readRegistration({ registration: 'wh_1' })).toBeUndefined();
	});

	test('a record without a time or a previous state reads with none', () => {
		const { registeredAt: _, previous: __, ...rest } = SAVED;
		expect(readRegistration({ registration: { ...rest, registeredAt: 5 } })).toStrictEqual({
			...rest,
			previous: {},
			registeredAt: '',
		});
	});

	test.each([
		[{ tokenKey: 'k'.repeat(43) }, 'k'.repeat(43)],
		[{ tokenKey: '' }, undefined],
		[{ tokenKey: 5 }, undefined],
		[{}, undefined],
	])('the token key of %j is %j', (data, expected) => {
		expect(readTokenKey(data)).toBe(expected);
	});
});

describe('stateOf', () => {
	test.each([
		['a wrapped answer', { success: true, data: { url: 'u', events: ['a'], isActive: false } }],
		['a bare webhook', { url: 'u', events: ['a'], isActive: false, id: 'wh_1' }],
	])('%s: url, events and isActive', (_, answer) => {
		expect(stateOf(answer)).toStrictEqual({ url: 'u', events: ['a'], isActive: false });
	});

	test.each([
		['fields of the wrong type', { url: 5, events: [1], isActive: 'yes' }],
		['no fields', {}],
		['null', null],
		['text', 'wh_1'],
	])('%s: nothing known', (_, answer) => {
		expect(stateOf(answer)).toStrictEqual({});
	});
});

describe('parameters', () => {
	test('the Webhook ID, trimmed; unset or null is empty', () => {
		expect(webhookIdOf(ctx({ webhookId: '  wh_1 ' }))).toBe('wh_1');
		expect(webhookIdOf(ctx({}))).toBe('');
		expect(webhookIdOf(ctx({ webhookId: null }))).toBe('');
	});

	test('events typed in, split on commas and white space', () => {
		expect(splitEvents(' a.b, c\td ,,e ')).toEqual(['a.b', 'c', 'd', 'e']);
		expect(splitEvents(' , ')).toEqual([]);
	});

	test('the listed events first, trimmed, then the typed ones, once each', () => {
		expect(selectedEvents(ctx({ events: [' a ', '', 7, 'b'], otherEvents: 'b, c a' }))).toEqual([
			'a',
			'7',
			'b',
			'c',
		]);
		expect(selectedEvents(ctx({ events: 'a', otherEvents: ['c', 8] }))).toEqual(['c', '8']);
		expect(selectedEvents(ctx({ otherEvents: 5 }))).toEqual([]);
		expect(selectedEvents(ctx({}))).toEqual([]);
	});

	test('no Webhook ID: an error that says where to find one', () => {
		expect(() => requireWebhookId(ctx({}), NODE)).toThrow(
			expect.objectContaining({
				message: 'Enter the ID of a webhook of your Web Data Service account',
				description: expect.stringContaining('create one in the service dashboard'),
			}),
		);
		expect(requireWebhookId(ctx({ webhookId: 'wh_1' }), NODE)).toBe('wh_1');
	});

	test.each(['..', '.', 'a\u0000b', 'x'.repeat(257)])('the Webhook ID %j is refused', (id) => {
		expect(() => checkWebhookId(NODE, id)).toThrow(
			expect.objectContaining({
				message: expect.stringMatching(/^Enter a valid "Webhook ID": it /),
				description: 'Nothing was sent to the Web Data API.',
			}),
		);
		expect(checkWebhookId(NODE, 'a/b')).toBe('a/b');
	});

	test('no event: an error that says where to choose one', () => {
		expect(() => requireEvents(ctx({}), NODE)).toThrow(
			expect.objectContaining({
				message: 'Choose at least one event',
				description: expect.stringContaining('Other Events'),
			}),
		);
		expect(requireEvents(ctx({ otherEvents: 'a' }), NODE)).toEqual(['a']);
	});
});

describe('events', () => {
	test.each([
		[['a', 'b'], ['b', 'a', 'a'], true],
		[['a', 'b'], ['a', 'c'], false],
		[['a'], ['a', 'b'], false],
		[[], undefined, false],
		[undefined, [], false],
		[undefined, undefined, false],
	])('%j and %j are the same: %s', (a, b, same) => {
		expect(sameEvents(a, b)).toBe(same);
	});

	test.each([
		['job.done', ['job.done'], true],
		['job.done', ['*'], true],
		['job.done', ['job.*'], true],
		['jobs.done', ['job.*'], false],
		['job.donex', ['job.done'], false],
		['job.done', ['job.done*'], false],
		['job.done', [''], false],
	])('%s is selected by %j: %s', (event, selected, expected) => {
		expect(eventSelected(selected, event)).toBe(expected);
	});
});

describe('URLs', () => {
	test("the token goes into the node's URL, encoded, after any query it has", () => {
		expect(withToken('https://n8n.example/webhook/x', 'a.1+b')).toBe(
			'https://n8n.example/webhook/x?token=a.1%2Bb',
		);
		expect(withToken('https://n8n.example/webhook/x?a=1', 't')).toBe(
			'https://n8n.example/webhook/x?a=1&token=t',
		);
	});

	test("the node's URL of a registered URL", () => {
		expect(withoutQuery('https://n8n.example/webhook/x?token=t')).toBe(
			'https://n8n.example/webhook/x',
		);
		expect(withoutQuery('https://n8n.example/webhook/x')).toBe('https://n8n.example/webhook/x');
	});

	test('what to put back: the webhook as it was, or inactive if it already pointed here', () => {
		const here = 'https://n8n.example/webhook/x';
		expect(previousOf({ url: `${here}?token=old`, isActive: true }, here)).toStrictEqual({
			url: `${here}?token=old`,
			isActive: false,
		});
		expect(previousOf({ url: 'https://other.example/', isActive: true }, here)).toStrictEqual({
			url: 'https://other.example/',
			isActive: true,
		});
		expect(previousOf({}, here)).toStrictEqual({});
	});

	test.each([
		[
			{ url: 'u', events: ['a'], isActive: true },
			{ url: 'u', events: ['a'], isActive: true },
		],
		[{ url: 'u' }, { url: 'u', isActive: false }],
		[
			{ events: ['a'], isActive: true },
			{ events: ['a'], isActive: false },
		],
		[{}, { isActive: false }],
	])('putting back %j sends %j', (previous, body) => {
		expect(restoreBody(previous)).toStrictEqual(body);
	});
});

describe('queryMask', () => {
	test('any token= value, whatever its length, up to the next separator', () => {
		const mask = queryMask([]);
		expect(mask('see https://h.example/x?token=abc&y=1 and &token=d "?token=e"')).toBe(
			'see https://h.example/x?token=***&y=1 and &token=*** "?token=***"',
		);
		expect(mask('token=abc mytoken=abc')).toBe('token=abc mytoken=abc');
	});

	test('each value of 8 characters or more, encoded or not, the longest first', () => {
		const mask = queryMask([
			'https://hooks.example.com/in?key=abcdefgh&long=abcdefgh-tail&short=1234567&enc=a%2Fbcdefgh#frag',
		]);
		expect(mask('abcdefgh-tail abcdefgh 1234567 a/bcdefgh a%2Fbcdefgh frag')).toBe(
			'*** *** 1234567 *** *** frag',
		);
	});

	test('a query of short values is masked whole; a URL without one is not', () => {
		const mask = queryMask([
			'https://hooks.example.com/p?a=1&b=2&c=3&d=4',
			'https://n8n.example/webhook/x',
			undefined,
		]);
		expect(mask('https://hooks.example.com/p?a=1&b=2&c=3&d=4')).toBe(
			'https://hooks.example.com/p?***',
		);
		expect(mask('https://n8n.example/webhook/x')).toBe('https://n8n.example/webhook/x');
	});

	test('a value that is not valid percent-encoding is masked as it is', () => {
		expect(queryMask(['https://h.example/?key=bad%zzsecret'])('bad%zzsecret')).toBe('***');
	});
});

describe('calls', () => {
	const url = 'https://n8n.example/webhook/x?token=secret-token-123';
	const failing = (error: unknown) =>
		({
			node: NODE,
			request: async () => await Promise.reject(error),
		}) as unknown as WebDataClient;

	test("n8n's errors pass through masked; anything else becomes a NodeApiError", async () => {
		const api = new NodeApiError(NODE, { message: `no ${url}` }, { httpCode: '500' });
		await expect(patchWebhook(failing(api), 'wh_1', { url }, [])).rejects.toBe(api);
		expect(api.message).not.toContain('secret-token-123');

		const operation = new NodeOperationError(NODE, `no ${url}`);
		await expect(requestTestDelivery(failing(operation), 'wh_1', 'a', url)).rejects.toBe(operation);
		expect(operation.message).toBe('no https://n8n.example/webhook/x?token=***');

		const plain = new Error(`no ${url}`);
		const thrown = await patchWebhook(failing(plain), 'wh_1', {}, [url]).catch((e: unknown) => e);
		expect(thrown).toBeInstanceOf(NodeApiError);
		expect(JSON.stringify(thrown)).not.toContain('secret-token-123');
	});

	test('a failed sample request that echoes the URL percent-encoded does not carry the token', async () => {
		const echo = new NodeOperationError(NODE, `could not deliver to ${encodeURIComponent(url)}`);
		await expect(requestTestDelivery(failing(echo), 'wh_1', 'a', url)).rejects.toBe(echo);
		expect(echo.message).not.toContain('secret-token-123');
	});

	test('a 404 means the webhook is gone', async () => {
		const gone = new NodeApiError(NODE, { message: 'x' }, { httpCode: '404' });
		await expect(patchWebhook(failing(gone), 'wh_1', {}, [])).resolves.toBeUndefined();
	});
});
