/**
 * Job pickers: Job > Get, Crawl > Get Status and Extract > Get Status take their ID from a
 * resource locator. "From List" pages GET /jobs of the right type, newest first; all three modes
 * resolve to the same request; a plain string (workflows saved before the pickers) still works.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { loadPackage } from '../../devkit/package';
import { runNode, searchList } from '../helpers/runNode';
import { mockApi, useNock, type NockedRequest } from '../helpers/http';

useNock();

const JOBS = [
	{
		id: 'old',
		type: 'crawl',
		status: 'COMPLETED',
		createdAt: '2026-01-01T10:00:00.000Z',
		total: 10,
		completed: 9,
		failed: 1,
	},
	{
		id: 'new',
		type: 'crawl',
		status: 'RUNNING',
		createdAt: '2026-01-03T10:00:00.000Z',
		total: 4,
		completed: 1,
		failed: 0,
	},
	{ id: 'mid', type: 'crawl', status: 'FAILED', createdAt: '2026-01-02T10:00:00.000Z' },
];

const listReply = (totalPages: number) => (request: NockedRequest) =>
	[
		200,
		{
			success: true,
			data: {
				jobs: request.path === '/jobs' ? JOBS : [],
				pagination: { page: Number(request.query.page), limit: 50, total: 3, totalPages },
			},
		},
	] as [number, unknown];

describe('From List: GET /jobs for the picker', () => {
	it.each([
		['webDataCrawl', 'searchCrawlJobs', { type: 'crawl' }],
		['webDataExtract', 'searchExtractJobs', { type: 'extract' }],
		['webDataJob', 'searchJobs', {}],
	])(
		'%s lists jobs of its type, newest first, named by type, status, time and counts',
		async (type, method, filter) => {
			const api = mockApi(listReply(1));
			const result = await searchList({ type, method });
			expect(api.requests.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
				{ method: 'GET', path: '/jobs', query: { page: '1', limit: '50', ...filter } },
			]);
			expect(result.results).toEqual([
				{ name: 'Crawl · RUNNING · 2026-01-03T10:00:00Z · 1/4 done · new', value: 'new' },
				{ name: 'Crawl · FAILED · 2026-01-02T10:00:00Z · mid', value: 'mid' },
				{
					name: 'Crawl · COMPLETED · 2026-01-01T10:00:00Z · 9/10 done, 1 failed · old',
					value: 'old',
				},
			]);
			expect(result.paginationToken).toBeUndefined();
		},
	);

	it('pages with the pagination token while pages remain', async () => {
		const api = mockApi(listReply(3));
		const first = await searchList({ type: 'webDataCrawl', method: 'searchCrawlJobs' });
		expect(first.paginationToken).toBe('2');
		const second = await searchList({
			type: 'webDataCrawl',
			method: 'searchCrawlJobs',
			paginationToken: first.paginationToken,
		});
		expect(api.requests.map((r) => r.query.page)).toEqual(['1', '2']);
		expect(second.paginationToken).toBe('3');
	});

	it('filters the page by ID or status', async () => {
		mockApi(listReply(1));
		const result = await searchList({ type: 'webDataJob', method: 'searchJobs', filter: 'fail' });
		expect(result.results.map((r) => r.value)).toEqual(['mid']);
	});

	it('shows the API error when the list cannot be read', async () => {
		mockApi(() => [401, { success: false, error: 'Invalid API key' }]);
		await expect(searchList({ type: 'webDataJob', method: 'searchJobs' })).rejects.toThrow(
			/Invalid API key|401/,
		);
	});
});

describe('the job ID resolves in execution in every mode', () => {
	const CASES: Array<[string, string, INodeParameters, string]> = [
		['webDataJob', 'get', { returnAll: false }, '/jobs/job_42'],
		['webDataCrawl', 'getStatus', { page: '1', returnAll: false }, '/crawl/job_42'],
		['webDataExtract', 'getStatus', {}, '/extract/job_42'],
	];
	const VALUES: Array<[string, unknown]> = [
		['a plain string (saved before the pickers)', 'job_42'],
		['From List', { __rl: true, mode: 'list', value: 'job_42', cachedResultName: 'Crawl · ...' }],
		['By ID', { __rl: true, mode: 'id', value: 'job_42' }],
		['By URL as a path', { __rl: true, mode: 'url', value: '/jobs/job_42' }],
		[
			'By URL in full',
			{ __rl: true, mode: 'url', value: 'https://api.example.com/v1/extract/job_42?x=1' },
		],
		['an expression', { __rl: true, mode: 'id', value: '={{ "job_" + 42 }}' }],
	];
	for (const [type, operation, extra, path] of CASES)
		it.each(VALUES)(`${type} > ${operation} with %s`, async (_, id) => {
			const api = mockApi();
			const { error } = await runNode({
				type,
				parameters: { operation, id, ...extra } as INodeParameters,
			});
			expect(error).toBeUndefined();
			expect(api.apiRequests()[0]).toEqual(expect.objectContaining({ method: 'GET', path }));
		});

	it('refuses a URL that holds no job path, naming the field and the item', async () => {
		const api = mockApi();
		// From an expression: n8n checks a typed URL against the mode's regex before running.
		const { error } = await runNode({
			type: 'webDataJob',
			parameters: {
				operation: 'get',
				id: { __rl: true, mode: 'url', value: '={{ "https://acme.com/" }}' },
			},
		});
		expect(error?.message).toMatch(
			/^Enter a valid "Job ID": it must be a job URL .*\(got "https:\/\/acme.com\/"\) \[item 0\]$/,
		);
		api.expectNothingSent();
	});

	it('n8n refuses a typed URL without a job path before the node runs', async () => {
		const api = mockApi();
		await expect(
			runNode({
				type: 'webDataJob',
				parameters: {
					operation: 'get',
					id: { __rl: true, mode: 'url', value: 'https://acme.com/' },
				},
			}),
		).rejects.toThrow(/Paste the URL of the response that created the job/);
		api.expectNothingSent();
	});

	it('refuses an empty pick as before', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataCrawl',
			parameters: {
				operation: 'getStatus',
				page: '1',
				id: { __rl: true, mode: 'list', value: '={{ "" }}' },
			},
		});
		expect(error?.message).toMatch(/Enter a value for "Crawl ID": it is required/);
		api.expectNothingSent();
	});
});

describe('the editor properties', () => {
	const idProperty = async (node: string, operation: string) =>
		(await loadPackage()).nodeTypes[node].description.properties.find(
			(p) => p.name === 'id' && p.displayOptions?.show?.operation?.includes(operation),
		) as INodeProperties;

	it('job IDs are resource locators with list, ID and URL modes', async () => {
		for (const [node, operation, method] of [
			['webDataJob', 'get', 'searchJobs'],
			['webDataCrawl', 'getStatus', 'searchCrawlJobs'],
			['webDataExtract', 'getStatus', 'searchExtractJobs'],
		]) {
			const property = await idProperty(node, operation);
			expect(property.type).toBe('resourceLocator');
			expect(property.modes?.map((m) => m.name)).toEqual(['list', 'id', 'url']);
			expect(property.modes?.[0].typeOptions?.searchListMethod).toBe(method);
		}
	});

	it('webhook IDs stay typed by hand and the hint says why', async () => {
		const property = await idProperty('webDataWebhook', 'update');
		expect(property.type).toBe('string');
		expect(property.hint).toMatch(/no list of webhooks/);
	});
});
