/**
 * Paging on its own, against a scripted client: which pages are asked for, in which order, what
 * is gathered, and where a chain stops (the last page, empty pages, a loop, the page bound).
 * test/jobs/pagination.test.ts runs the same through real n8n-core.
 */
import type { INode } from 'n8n-workflow';

import type { ApiRequest } from '../../nodes/shared/transport/apiRequest';
import type { WebDataClient } from '../../nodes/shared/transport/client';
import {
	allJobs,
	crawlStatusPages,
	crawlWithAllPages,
	jobWithAllResults,
	MAX_EMPTY_PAGES,
	MAX_PAGES,
	nextCrawlPage,
	nextCrawlRequest,
} from '../../nodes/shared/jobs/pagination';

/** The credential's base URL, below which the service lives. */
const BASE = 'https://api.test/v1';
const NODE = { name: 'Web Data', type: 'webDataJob', typeVersion: 1, position: [0, 0] } as INode;

/** A client answering each request with `answer(qs)`, recording the query of each. */
function scripted(answer: (qs: Record<string, unknown>) => unknown) {
	const asked: Array<Record<string, unknown>> = [];
	const client = {
		node: NODE,
		baseUrl: async () => BASE,
		request: async (request: ApiRequest) => {
			// A chain that runs past the page bound fails here at once instead of spinning on.
			if (asked.length > MAX_PAGES) throw new Error('asked for a page past the page bound');
			asked.push({ ...request.qs });
			return answer(request.qs ?? {});
		},
	} as unknown as WebDataClient;
	return { client, asked };
}

const LIST: ApiRequest = { method: 'GET', path: '/jobs', qs: { status: 'COMPLETED' } };

describe('the jobs list', () => {
	const jobsPage = (page: number, totalPages?: number, count = 2) => ({
		data: {
			jobs: Array.from({ length: count }, (_, i) => ({ id: `${page}-${i}` })),
			...(totalPages === undefined ? {} : { pagination: { totalPages } }),
		},
	});

	test('every page up to totalPages, keeping the query, never one more', async () => {
		const { client, asked } = scripted(({ page }) => jobsPage(Number(page), 3));
		const jobs = await allJobs(client, LIST, { limit: 2 });
		expect(jobs.map((job) => job.id)).toEqual(['1-0', '1-1', '2-0', '2-1', '3-0', '3-1']);
		expect(asked).toEqual([1, 2, 3].map((page) => ({ status: 'COMPLETED', page, limit: 2 })));
	});

	test('from the page given, at the largest size when none is given', async () => {
		const { client, asked } = scripted(({ page }) => jobsPage(Number(page), 3));
		await allJobs(client, LIST, { page: '2' });
		expect(asked).toEqual([2, 3].map((page) => ({ status: 'COMPLETED', page, limit: 100 })));
	});

	test('an empty page, or no totalPages, ends the list', async () => {
		const empty = scripted(({ page }) => jobsPage(Number(page), 5, Number(page) === 2 ? 0 : 1));
		expect(await allJobs(empty.client, LIST, {})).toHaveLength(1);
		expect(empty.asked).toHaveLength(2);
		const unknown = scripted(({ page }) => jobsPage(Number(page)));
		expect(await allJobs(unknown.client, LIST, {})).toHaveLength(2);
		expect(unknown.asked).toHaveLength(1);
		const noData = scripted(() => ({}));
		expect(await allJobs(noData.client, LIST, {})).toEqual([]);
	});

	test(`more than ${MAX_PAGES} pages end in an error that says how to read them`, async () => {
		const { client, asked } = scripted(({ page }) => jobsPage(Number(page), 10 ** 6, 1));
		await expect(allJobs(client, LIST, {})).rejects.toThrow(
			`Stopped after ${MAX_PAGES} pages of jobs: the Web Data API still announced more`,
		);
		expect(asked).toHaveLength(MAX_PAGES);
		const exact = scripted(({ page }) => jobsPage(Number(page), MAX_PAGES, 1));
		expect(await allJobs(exact.client, LIST, {})).toHaveLength(MAX_PAGES);
	});
});

describe("a job's results", () => {
	const DETAIL: ApiRequest = { method: 'GET', path: '/jobs/j1' };
	const resultsPage = (page: number, totalPages: number | undefined, count = 1) => ({
		success: true,
		data: {
			id: 'j1',
			status: 'COMPLETED',
			results: Array.from({ length: count }, (_, i) => ({ url: `${page}-${i}` })),
			...(totalPages === undefined ? {} : { resultPagination: { totalPages } }),
		},
	});

	test('every page up to totalPages, gathered under the first page', async () => {
		const { client, asked } = scripted(({ page }) => resultsPage(Number(page), 3));
		const job = await jobWithAllResults(client, DETAIL, { limit: 1 });
		expect(job).toEqual({
			success: true,
			data: {
				id: 'j1',
				status: 'COMPLETED',
				results: [{ url: '1-0' }, { url: '2-0' }, { url: '3-0' }],
				resultPagination: { totalPages: 3 },
			},
		});
		expect(asked).toEqual([1, 2, 3].map((page) => ({ page, limit: 1 })));
	});

	test('the first page given is not asked for again; from page 2 on', async () => {
		const { client, asked } = scripted(({ page }) => resultsPage(Number(page), 3));
		const job = await jobWithAllResults(client, DETAIL, { page: 2 }, resultsPage(2, 3) as never);
		expect(job.data.results).toEqual([{ url: '2-0' }, { url: '3-0' }]);
		expect(asked).toEqual([{ page: 3, limit: 100 }]);
	});

	test('an empty page, or no totalPages, ends the results', async () => {
		const empty = scripted(({ page }) => resultsPage(Number(page), 5, Number(page) >= 3 ? 0 : 1));
		expect((await jobWithAllResults(empty.client, DETAIL, {})).data.results).toHaveLength(2);
		expect(empty.asked).toHaveLength(3);
		const one = scripted(({ page }) => resultsPage(Number(page), undefined));
		expect((await jobWithAllResults(one.client, DETAIL, {})).data.results).toHaveLength(1);
		expect(one.asked).toHaveLength(1);
		const none = scripted(() => ({ success: true }));
		expect(await jobWithAllResults(none.client, DETAIL, {})).toEqual({
			success: true,
			data: { results: [] },
		});
	});

	test(`more than ${MAX_PAGES} pages end in an error`, async () => {
		const { client, asked } = scripted(({ page }) => resultsPage(Number(page), 10 ** 6));
		await expect(jobWithAllResults(client, DETAIL, {})).rejects.toThrow(
			`Stopped after ${MAX_PAGES} pages of job results: the Web Data API still announced more`,
		);
		expect(asked).toHaveLength(MAX_PAGES);
	});
});

describe('a crawl', () => {
	const STATUS: ApiRequest = { method: 'GET', path: '/crawl/c1' };
	const crawlPage = (results: number, next: string | null, from = 0) => ({
		success: true,
		data: {
			status: 'completed',
			data: Array.from({ length: results }, (_, i) => ({ url: `r${from + i}` })),
			next,
		},
	});

	test('the page a next link designates: its page query, decoded, or the value itself', () => {
		expect(nextCrawlPage('https://api.test/crawl/c1?page=2')).toBe('2');
		expect(nextCrawlPage('/crawl/c1?x=1&page=a%2Fb&y=2')).toBe('a/b');
		expect(nextCrawlPage('/crawl/c1?page=3#top')).toBe('3');
		expect(nextCrawlPage('/crawl/c1?mypage=4')).toBe('/crawl/c1?mypage=4');
		expect(nextCrawlPage('cursor-9')).toBe('cursor-9');
	});

	test.each([
		['a token', 'cursor-9', { page: 'cursor-9' }],
		['a query', '?x=1&page=2', { page: '2' }],
		[
			'a URL on the origin with a page query',
			'https://api.test/v1/crawl/c1?page=a%2Fb',
			{ page: 'a/b' },
		],
		['a path with a page query', '/v1/crawl/c1?page=3#top', { page: '3' }],
		[
			'its own address, any query (Firecrawl)',
			'https://api.test/v1/crawl/c1?skip=10',
			{ skip: '10' },
		],
		['its own address from the root', '/v1/crawl/c1?skip=20&limit=5', { skip: '20', limit: '5' }],
		['a host in capitals', 'HTTPS://API.test/v1/crawl/c1?skip=10', { skip: '10' }],
		['a token that starts with a slash (base64)', '/q+Zt/9a==', { page: '/q+Zt/9a==' }],
	])('next as %s: %s asks for %j', async (_, next, qs) => {
		const { client } = scripted(() => ({}));
		const found = await nextCrawlRequest(client, { ...STATUS, qs: { page: '1' } }, next);
		// A page replaces the request's page; an own URL's query replaces the whole query.
		expect(found.request).toEqual({ ...STATUS, qs });
	});

	test.each([
		[
			'another origin',
			'https://evil.test/v1/crawl/c1?page=2',
			'is on another origin (https://evil.test)',
		],
		[
			'another port',
			'https://api.test:8443/v1/crawl/c1?skip=1',
			'is on another origin (https://api.test:8443)',
		],
		[
			'another scheme',
			'http://api.test/v1/crawl/c1?page=2',
			'is on another origin (http://api.test)',
		],
		[
			'a host-relative URL elsewhere',
			'//evil.test/crawl/c1?page=2',
			'is on another origin (https://evil.test)',
		],
		['not http(s)', 'ftp://api.test/v1/crawl/c1?page=2', 'is not an http(s) URL (ftp:)'],
		[
			'another address of the service',
			'https://api.test/v1/account?skip=1',
			'is another address of the service (/v1/account)',
		],
		['outside the base path', '/crawl/c1?skip=1', 'is another address of the service (/crawl/c1)'],
	])('next on %s is refused, naming why', async (_, next, why) => {
		const { client, asked } = scripted(() => crawlPage(1, next));
		await expect(crawlWithAllPages(client, STATUS, {})).rejects.toThrow(
			`The crawl's next page ${why}: it was not followed`,
		);
		expect(asked).toHaveLength(1);
	});

	test('a URL next without a base URL to check it against is refused', async () => {
		const reader = { node: NODE, request: async () => ({}) } as unknown as WebDataClient;
		await expect(nextCrawlRequest(reader, STATUS, 'https://api.test/v1/crawl/c1')).rejects.toThrow(
			'the base URL to check it against is unknown',
		);
	});

	test('a chain of next URLs carrying their own query is followed to the end', async () => {
		const { client, asked } = scripted(({ skip }) => {
			const at = Number(skip ?? 0);
			return crawlPage(2, at < 4 ? `${BASE}/crawl/c1?skip=${at + 2}` : null, at);
		});
		const crawl = await crawlWithAllPages(client, STATUS, {});
		expect(crawl.data.data.map((r) => r.url)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
		expect(asked).toEqual([{}, { skip: '2' }, { skip: '4' }]);
	});

	test('next is followed until null; the pages are gathered, next of the last kept', async () => {
		const pages: Record<string, unknown> = {
			'': crawlPage(2, '/crawl/c1?page=2'),
			'2': crawlPage(1, 'cursor-3', 2),
			'cursor-3': crawlPage(1, null, 3),
		};
		const { client, asked } = scripted(({ page }) => pages[String(page ?? '')]);
		const crawl = await crawlWithAllPages(client, STATUS, {});
		expect(crawl.data.data.map((r) => r.url)).toEqual(['r0', 'r1', 'r2', 'r3']);
		expect(crawl.data.next).toBeNull();
		expect(asked).toEqual([{}, { page: '2' }, { page: 'cursor-3' }]);
	});

	test('a limit stops at the page that reaches it, cut to it, with next pointing on', async () => {
		const { client, asked } = scripted(({ page }) =>
			crawlPage(3, `/c?page=${Number(page ?? 1) + 1}`, (Number(page ?? 1) - 1) * 3),
		);
		const crawl = await crawlWithAllPages(client, STATUS, {}, 4);
		expect(crawl.data.data.map((r) => r.url)).toEqual(['r0', 'r1', 'r2', 'r3']);
		expect(crawl.data.next).toBe('/c?page=3');
		expect(asked).toEqual([{}, { page: '2' }]);
		const exact = scripted(() => crawlPage(3, '/c?page=2'));
		const first = await crawlWithAllPages(exact.client, STATUS, {}, 3);
		expect(first.data.data).toHaveLength(3);
		expect(first.data.next).toBe('/c?page=2');
		expect(exact.asked).toHaveLength(1);
	});

	test("without a limit, a chain cut short keeps the service's next: there is more", async () => {
		const { client } = scripted(() => crawlPage(1, '/c?page=1'));
		const pages = [];
		for await (const page of crawlStatusPages(client, STATUS, { page: '1' })) pages.push(page);
		expect(pages).toHaveLength(1);
		expect(pages[0].data.next).toBe('/c?page=1');
	});

	test(`${MAX_EMPTY_PAGES} empty pages in a row after the first end the chain`, async () => {
		const { client, asked } = scripted(({ page }) => {
			const n = Number(page ?? 0);
			return crawlPage(n === 0 || n === 2 ? 1 : 0, `?page=${n + 1}`);
		});
		const crawl = await crawlWithAllPages(client, STATUS, {});
		expect(crawl.data.data).toHaveLength(2);
		// pages 0 (1), 1 (empty), 2 (1), 3, 4, 5 (three empty): six pages
		expect(asked).toHaveLength(3 + MAX_EMPTY_PAGES);
		expect(crawl.data.next).toBe('?page=6');
		const emptyFirst = scripted(({ page }) => crawlPage(0, page === undefined ? '?page=1' : null));
		expect((await crawlWithAllPages(emptyFirst.client, STATUS, {})).data.data).toEqual([]);
		expect(emptyFirst.asked).toHaveLength(2);
	});

	test('a next link back to a page already read ends the chain', async () => {
		const { client, asked } = scripted(({ page }) =>
			crawlPage(1, page === 'b' ? '?page=a' : '?page=b'),
		);
		const crawl = await crawlWithAllPages(client, STATUS, { page: 'a' });
		expect(crawl.data.data).toHaveLength(2);
		expect(asked).toEqual([{}, { page: 'b' }]);
		expect(crawl.data.next).toBe('?page=a');
	});

	test(`more than ${MAX_PAGES} pages end in an error`, async () => {
		const { client, asked } = scripted(({ page }) =>
			crawlPage(1, `?page=${Number(page ?? 0) + 1}`),
		);
		await expect(crawlWithAllPages(client, STATUS, {})).rejects.toThrow(
			`Stopped after ${MAX_PAGES} pages of crawl results: the Web Data API still announced more`,
		);
		expect(asked).toHaveLength(MAX_PAGES);
	});

	test('a page without data reads as empty', async () => {
		const { client } = scripted(() => ({ success: true }));
		expect(await crawlWithAllPages(client, STATUS, {})).toEqual({
			success: true,
			data: { data: [], next: null },
		});
	});
});
