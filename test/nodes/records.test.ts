/**
 * Output through real n8n-core: Map, Crawl > Get Status and Job > Get give one item per record by
 * default (each with the IDs to route on and pairedItem), the whole response with Output: Whole
 * Response, and one item with status and counts when there are no records. A crawl without
 * Return All reads pages only until Limit page results are there.
 */
import type { IDataObject } from 'n8n-workflow';
import { mockApi, useNock, type NockedRequest, type NockReply } from '../helpers/http';
import { runNode } from '../helpers/runNode';

useNock();

const LINKS = [
	{ url: 'https://acme.com/', title: 'Home', description: 'The home page' },
	{ url: 'https://acme.com/pricing', title: 'Pricing', description: 'Plans' },
	{ url: 'https://acme.com/blog', title: 'Blog', description: 'News' },
];

/** Answers GET /account for the plan read, and everything else with `reply`. */
function api(reply: (request: NockedRequest) => NockReply) {
	return mockApi((request) =>
		request.path === '/account'
			? [200, { success: true, data: { plan: { concurrency: 10, rateLimitPerMinute: 6000 } } }]
			: reply(request),
	);
}

const pagesRead = (requests: NockedRequest[]) =>
	requests.filter((r) => r.path.startsWith('/crawl/')).map((r) => r.query.page);

describe('Map', () => {
	const map = (options = {}) => ({
		type: 'webDataMap',
		parameters: { operation: 'map', url: '={{ $json.url }}', options },
		items: [{ url: 'https://acme.com' }, { url: 'https://globex.com' }],
	});

	test('one item per link by default, each paired with the input item that asked for it', async () => {
		api((request) => {
			const site = (request.body as { url: string }).url;
			const links = site.includes('acme') ? LINKS : LINKS.slice(0, 1);
			return [200, { success: true, total: links.length, creditsUsed: 1, data: links }];
		});

		const { items, error } = await runNode(map());

		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.url, i.pairedItem])).toEqual([
			['https://acme.com/', { item: 0 }],
			['https://acme.com/pricing', { item: 0 }],
			['https://acme.com/blog', { item: 0 }],
			['https://acme.com/', { item: 1 }],
		]);
		expect(items[1].json).toEqual(LINKS[1]);
	});

	test('Whole Response: one item per input item holding every link', async () => {
		api(() => [200, { success: true, total: 3, creditsUsed: 1, data: LINKS }]);

		const { items } = await runNode(map({ output: 'whole' }));

		expect(items).toHaveLength(2);
		expect(items[0].json).toEqual({ success: true, total: 3, creditsUsed: 1, data: LINKS });
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('no links: still one item, with the counts', async () => {
		api(() => [200, { success: true, total: 0, creditsUsed: 1, data: [] }]);

		const { items } = await runNode(map());

		expect(items.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ success: true, total: 0, creditsUsed: 1 }, { item: 0 }],
			[{ success: true, total: 0, creditsUsed: 1 }, { item: 1 }],
		]);
	});
});

describe('Crawl > Get Status', () => {
	/** A crawl of `total` results served `perPage` at a time; `next` is the following page. */
	function crawl(total: number, perPage: number, status = 'COMPLETED') {
		return (request: NockedRequest): NockReply => {
			const id = request.path.split('/').pop()!;
			const page = Number(request.query.page);
			const from = (page - 1) * perPage;
			const data = Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => ({
				url: `https://${id}.example/p${from + i + 1}`,
				markdown: `# Page ${from + i + 1}`,
			}));
			const next =
				from + perPage < total ? `https://api.webdata.test/crawl/${id}?page=${page + 1}` : null;
			return [
				200,
				{
					success: true,
					data: {
						id,
						status,
						total,
						completed: total,
						creditsUsed: total,
						data,
						next,
						expiresAt: '2026-12-01T00:00:00.000Z',
					},
				},
			];
		};
	}
	const getStatus = (parameters: Record<string, unknown>, items?: IDataObject[]) => ({
		type: 'webDataCrawl',
		parameters: { operation: 'getStatus', id: 'c1', page: '1', ...parameters },
		items,
	});

	test('Return All: one item per page result, with crawlId and status', async () => {
		api(crawl(7, 3, 'RUNNING'));

		const { items, error } = await runNode(getStatus({ returnAll: true }));

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.url)).toEqual(
			[1, 2, 3, 4, 5, 6, 7].map((n) => `https://c1.example/p${n}`),
		);
		expect(items[0].json).toEqual({
			url: 'https://c1.example/p1',
			markdown: '# Page 1',
			crawlId: 'c1',
			status: 'RUNNING',
		});
		for (const item of items) expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('Whole Response with Return All: one item, every page result inside', async () => {
		api(crawl(7, 3));

		const { items } = await runNode(getStatus({ returnAll: true, options: { output: 'whole' } }));

		expect(items).toHaveLength(1);
		const data = items[0].json.data as { id: string; data: Array<{ url: string }>; next: unknown };
		expect(data.id).toBe('c1');
		expect(data.data).toHaveLength(7);
		expect(data.next).toBeNull();
	});

	test('Limit reads pages only until it is reached: never a page past it', async () => {
		const mock = api(crawl(20, 3));

		const { items, error } = await runNode(getStatus({ returnAll: false, limit: 7 }));

		expect(error).toBeUndefined();
		// 7 results need pages 1 to 3 (9 results); page 4 is never asked for.
		expect(pagesRead(mock.apiRequests())).toEqual(['1', '2', '3']);
		expect(items.map((i) => i.json.url)).toEqual(
			[1, 2, 3, 4, 5, 6, 7].map((n) => `https://c1.example/p${n}`),
		);
	});

	test('Limit at a page boundary stops at that page; the default Limit is 50', async () => {
		const mock = api(crawl(200, 10));

		const exact = await runNode(getStatus({ limit: 20 }));
		expect(pagesRead(mock.apiRequests())).toEqual(['1', '2']);
		expect(exact.items).toHaveLength(20);

		mock.requests.length = 0;
		const byDefault = await runNode(getStatus({}));
		expect(pagesRead(mock.requests)).toEqual(['1', '2', '3', '4', '5']);
		expect(byDefault.items).toHaveLength(50);
	});

	test('Limit past the end of the crawl: every result, and no request past the last page', async () => {
		const mock = api(crawl(5, 3));

		const { items } = await runNode(getStatus({ limit: 100 }));

		expect(pagesRead(mock.apiRequests())).toEqual(['1', '2']);
		expect(items).toHaveLength(5);
	});

	test('Whole Response with a Limit: the results up to it, and the next page to read', async () => {
		api(crawl(20, 3));

		const { items } = await runNode(getStatus({ limit: 4, options: { output: 'whole' } }));

		expect(items).toHaveLength(1);
		const data = items[0].json.data as { data: unknown[]; next: string };
		expect(data.data).toHaveLength(4);
		expect(data.next).toBe('https://api.webdata.test/crawl/c1?page=3');
	});

	test('a crawl without results yet: one item with its status and counts', async () => {
		api(crawl(0, 3, 'PENDING'));

		const { items } = await runNode(getStatus({ returnAll: true }));

		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			crawlId: 'c1',
			status: 'PENDING',
			total: 0,
			completed: 0,
			creditsUsed: 0,
			next: null,
			expiresAt: '2026-12-01T00:00:00.000Z',
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test.each([
		[0, '0'],
		[-3, '-3'],
		['={{ 2.5 }}', '2.5'],
	])(
		'a Limit of %s is refused before anything is sent, naming the field, the bound and the item',
		async (limit, shown) => {
			const mock = api(crawl(5, 3));

			const { items, error } = await runNode(getStatus({ limit }));

			expect(items).toEqual([]);
			expect(error?.message).toBe(
				`Enter a valid "Limit": it must be a whole number from 1 to 1000000 (got ${shown}) [item 0]`,
			);
			expect(mock.apiRequests()).toEqual([]);
		},
	);

	test('an Output that is none of its values is refused before anything is sent', async () => {
		const mock = api(crawl(5, 3));

		const { error } = await runNode(getStatus({ options: { output: '={{ "pages" }}' } }));

		expect(error?.message).toBe(
			'Enter a valid "Output": it must be "records", "whole" or "file" (got "pages") [item 0]',
		);
		expect(mock.apiRequests()).toEqual([]);
	});

	test('Continue On Fail: a crawl that fails gives one error item; the other its page results', async () => {
		const pages = crawl(2, 3);
		api((request) =>
			request.path === '/crawl/gone'
				? [404, { success: false, error: 'Crawl job not found' }]
				: pages(request),
		);

		const { items, error } = await runNode({
			...getStatus({ id: '={{ $json.id }}', returnAll: true }, [{ id: 'gone' }, { id: 'c2' }]),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.crawlId ?? 'error', i.pairedItem])).toEqual([
			['error', { item: 0 }],
			['c2', { item: 1 }],
			['c2', { item: 1 }],
		]);
		expect(String(items[0].json.error)).toMatch(/not found/i);
	});
});

describe('Job > Get', () => {
	const detail = (results: object[], errors: object[] = [], status = 'COMPLETED') => ({
		success: true,
		data: {
			id: 'job-9',
			status,
			total: results.length + errors.length,
			completed: results.length,
			failed: errors.length,
			creditsUsed: results.length,
			errors,
			result: null,
			results,
			resultPagination: { limit: 50, page: 1, total: results.length, totalPages: 1 },
		},
	});

	test('one item per result and one per failed URL, each with jobId and status', async () => {
		api(() => [
			200,
			detail(
				[{ url: 'https://a.example', markdown: '# A' }],
				[{ url: 'https://b.example', error: 'DNS' }],
			),
		]);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json, i.pairedItem])).toEqual([
			[
				{ url: 'https://a.example', markdown: '# A', jobId: 'job-9', status: 'COMPLETED' },
				{ item: 0 },
			],
			[
				{
					jobId: 'job-9',
					status: 'COMPLETED',
					url: 'https://b.example',
					error: 'DNS',
					success: false,
				},
				{ item: 0 },
			],
		]);
	});

	test('errors holding null or text: skipped, the failed URLs that are objects kept', async () => {
		const body = detail([{ url: 'https://a.example' }]);
		const errors = [null, 'quota exceeded', { url: 'https://b.example', error: 'DNS' }];
		api(() => [200, { ...body, data: { ...body.data, errors } }]);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.url, i.json.success])).toEqual([
			['https://a.example', undefined],
			['https://b.example', false],
		]);
	});

	test('Whole Response: the job detail as one item', async () => {
		const body = detail([{ n: 1 }, { n: 2 }]);
		api(() => [200, body]);

		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9', options: { output: 'whole' } },
		});

		expect(items.map((i) => i.json)).toEqual([body]);
	});

	test('a detail as the spec shows it (no status, no errors): each result keeps its jobId, no failed URL is made up', async () => {
		const {
			status: _status,
			errors: _errors,
			...data
		} = detail([{ url: 'https://a.example' }]).data;
		api(() => [200, { success: true, data }]);

		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(items.map((i) => i.json)).toEqual([{ url: 'https://a.example', jobId: 'job-9' }]);
	});

	test('a job without results or counts: one item, with no empty count fields', async () => {
		api(() => [200, { success: true, data: { id: 'job-9', status: 'PENDING' } }]);

		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(items).toHaveLength(1);
		expect(Object.keys(items[0].json).sort()).toEqual(['errors', 'jobId', 'results', 'status']);
	});

	test('a job without results: one item with its status and counts', async () => {
		api(() => [200, detail([], [], 'RUNNING')]);

		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(items.map((i) => i.json)).toEqual([
			{
				jobId: 'job-9',
				status: 'RUNNING',
				total: 0,
				completed: 0,
				failed: 0,
				creditsUsed: 0,
				results: [],
				errors: [],
			},
		]);
	});

	test('a job whose only output is its `result` (an extraction) keeps it on that one item', async () => {
		const body = detail([]);
		api(() => [200, { ...body, data: { ...body.data, result: { company: 'Acme' } } }]);

		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ jobId: 'job-9', result: { company: 'Acme' } });
	});

	test('a job with a `result` and failed URLs but no results: the result is an item of its own, first', async () => {
		const body = detail([], [{ url: 'https://b.example', error: 'DNS' }]);
		api(() => [200, { ...body, data: { ...body.data, result: { company: 'Acme' } } }]);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(error).toBeUndefined();
		const ids = { jobId: 'job-9', status: 'COMPLETED' };
		expect(items.map((i) => i.json)).toEqual([
			{ ...ids, total: 1, completed: 0, failed: 1, creditsUsed: 0, result: { company: 'Acme' } },
			{ ...ids, url: 'https://b.example', error: 'DNS', success: false },
		]);
		for (const item of items) expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('a job with results and a `result` beside them (a products job sums them up): one item per result', async () => {
		const body = detail([{ url: 'https://a.example', markdown: '# A' }], []);
		api(() => [200, { ...body, data: { ...body.data, result: { productsFound: 1 } } }]);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-9' },
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ url: 'https://a.example', markdown: '# A', jobId: 'job-9', status: 'COMPLETED' },
		]);
	});
});

// Batch Scrape's Output shows while it waits; a value n8n keeps for it must be one it offers.
test('Batch Scrape: an Output that is none of its values is refused, nothing sent', async () => {
	const mock = mockApi();

	const { error } = await runNode({
		type: 'webDataScrape',
		parameters: {
			operation: 'batchScrape',
			urls: 'https://acme.com/a',
			options: { output: '={{ "bogus" }}' },
		},
	});

	expect(error?.message).toBe(
		'Enter a valid "Output": it must be "records" or "file" (got "bogus") [item 0]',
	);
	expect(mock.apiRequests()).toEqual([]);
});
