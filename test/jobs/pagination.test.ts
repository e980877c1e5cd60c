/**
 * Return All through real n8n-core: Job > List follows pagination.totalPages, Job > Get follows
 * resultPagination.totalPages, Crawl > Get Status follows `next` until null. Each page is one
 * request and no page past the last is asked for.
 */
import nock from 'nock';

import { BASE_URL, runNode } from '../helpers/runNode';
import { resetNock, Recorder, answer, jobDetail } from '../helpers/http';

afterEach(resetNock);

function jobsPage(page: number, totalPages: number, perPage: number) {
	const jobs = Array.from({ length: perPage }, (_, i) => ({
		id: `job-${page}-${i}`,
		type: 'crawl',
		status: 'COMPLETED',
		completed: 1,
		failed: 0,
		total: 1,
		creditsUsed: 1,
		error: '',
		createdAt: '2026-01-01T00:00:00.000Z',
		startedAt: '2026-01-01T00:00:01.000Z',
		completedAt: '2026-01-01T00:00:02.000Z',
	}));
	return {
		success: true,
		data: { jobs, pagination: { limit: perPage, page, total: perPage * totalPages, totalPages } },
	};
}

describe('Job > List', () => {
	test('Return All over 3 pages: every job, one request per page, never page 4', async () => {
		const rec = new Recorder();
		// Answers any page, so a request for page 4 would be seen (and answered with an empty page).
		answer(rec, 'get', '/jobs', (seen) => [200, jobsPage(Number(seen.query.page), 3, 2)], {
			times: 10,
		});

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: {
				operation: 'list',
				returnAll: true,
				options: { status: 'COMPLETED', limit: 2 },
			},
		});

		expect(error).toBeUndefined();
		expect(rec.to('/jobs').map((s) => s.query)).toEqual([
			{ status: 'COMPLETED', page: '1', limit: '2' },
			{ status: 'COMPLETED', page: '2', limit: '2' },
			{ status: 'COMPLETED', page: '3', limit: '2' },
		]);
		expect(items.map((i) => i.json.id)).toEqual([
			'job-1-0',
			'job-1-1',
			'job-2-0',
			'job-2-1',
			'job-3-0',
			'job-3-1',
		]);
		for (const item of items) expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('Return All without a page size asks for the largest page (100)', async () => {
		const rec = new Recorder();
		answer(rec, 'get', '/jobs', (seen) => [200, jobsPage(Number(seen.query.page), 2, 3)], {
			times: 5,
		});
		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'list', returnAll: true },
		});
		expect(rec.to('/jobs').map((s) => [s.query.page, s.query.limit])).toEqual([
			['1', '100'],
			['2', '100'],
		]);
		expect(items).toHaveLength(6);
	});

	test('Return All from Page 2: pages 2 and 3 at the given size, never page 1', async () => {
		const rec = new Recorder();
		answer(rec, 'get', '/jobs', (seen) => [200, jobsPage(Number(seen.query.page), 3, 2)], {
			times: 10,
		});
		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'list', returnAll: true, options: { page: 2, limit: 2 } },
		});
		expect(error).toBeUndefined();
		expect(rec.to('/jobs').map((s) => [s.query.page, s.query.limit])).toEqual([
			['2', '2'],
			['3', '2'],
		]);
		expect(items.map((i) => i.json.id)).toEqual(['job-2-0', 'job-2-1', 'job-3-0', 'job-3-1']);
	});

	test('Return All off: one request, and Limit bounds the items', async () => {
		const rec = new Recorder();
		answer(rec, 'get', '/jobs', (seen) => [200, jobsPage(1, 5, Number(seen.query.limit))], {
			times: 5,
		});
		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'list', returnAll: false, options: { limit: 4 } },
		});
		expect(rec.to('/jobs')).toHaveLength(1);
		expect(rec.to('/jobs')[0].query.limit).toBe('4');
		expect(items).toHaveLength(4);
	});
});

describe('Job > Get', () => {
	test('Return All gathers results across resultPagination pages, never past the last', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/jobs/job-big',
			(seen) => {
				const page = Number(seen.query.page);
				return [
					200,
					jobDetail('COMPLETED', {
						page,
						totalPages: 3,
						total: 7,
						results:
							page <= 3
								? [
										{ n: page * 10 + 1 },
										{ n: page * 10 + 2 },
										...(page < 3 ? [{ n: page * 10 + 3 }] : []),
									]
								: [],
					}),
				];
			},
			{ times: 10 },
		);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-big', returnAll: true, options: { limit: 3 } },
		});

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-big').map((s) => [s.query.page, s.query.limit])).toEqual([
			['1', '3'],
			['2', '3'],
			['3', '3'],
		]);
		// One item per result, each naming its job.
		expect(items.map((i) => [i.json.n, i.json.jobId, i.json.status])).toEqual(
			[11, 12, 13, 21, 22, 23, 31, 32].map((n) => [n, 'job-big', 'COMPLETED']),
		);
	});

	test('Return All off: just the page asked for', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/jobs/job-big',
			() => [200, jobDetail('COMPLETED', { page: 2, totalPages: 3, results: [{ n: 21 }] })],
			{ times: 3 },
		);
		const { items } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-big', options: { page: 2, output: 'whole' } },
		});
		expect(rec.to('/jobs/job-big')).toHaveLength(1);
		expect(rec.to('/jobs/job-big')[0].query.page).toBe('2');
		expect((items[0].json.data as { results: unknown[] }).results).toEqual([{ n: 21 }]);
	});
});

describe('Crawl > Get Status', () => {
	function crawlPage(page: string, next: string | null) {
		return {
			success: true,
			data: {
				id: 'crawl-1',
				status: 'COMPLETED',
				total: 5,
				completed: 5,
				creditsUsed: 5,
				data: [
					{ url: `https://site.example/${page}/a` },
					{ url: `https://site.example/${page}/b` },
				],
				next,
				expiresAt: '2026-02-01T00:00:00.000Z',
			},
		};
	}

	test('Return All follows next (a URL, then a path, then an opaque cursor) until it is null', async () => {
		const rec = new Recorder();
		const nexts: Record<string, string | null> = {
			'1': 'https://api.webdata.test/crawl/crawl-1?page=2',
			'2': '/crawl/crawl-1?page=c3',
			c3: 'c4',
			c4: null,
		};
		answer(
			rec,
			'get',
			'/crawl/crawl-1',
			(seen) => [200, crawlPage(seen.query.page, nexts[seen.query.page] ?? null)],
			{ times: 10 },
		);

		const { items, error } = await runNode({
			type: 'webDataCrawl',
			parameters: {
				operation: 'getStatus',
				id: 'crawl-1',
				page: '1',
				returnAll: true,
				options: { output: 'whole' },
			},
		});

		expect(error).toBeUndefined();
		expect(rec.to('/crawl/crawl-1').map((s) => s.query.page)).toEqual(['1', '2', 'c3', 'c4']);
		expect(items).toHaveLength(1);
		const data = items[0].json.data as { data: Array<{ url: string }>; next: unknown };
		expect(data.data.map((p) => p.url)).toEqual(
			['1', '2', 'c3', 'c4'].flatMap((p) => [
				`https://site.example/${p}/a`,
				`https://site.example/${p}/b`,
			]),
		);
		expect(data.next).toBeNull();
	});

	test('Return All with pages of 200,000 results each: every result, none spread onto the stack', async () => {
		const rec = new Recorder();
		const PER_PAGE = 200_000;
		const big = (page: string, next: string | null) => ({
			success: true,
			data: {
				id: 'crawl-1',
				status: 'COMPLETED',
				data: Array.from({ length: PER_PAGE }, (_, i) => ({
					url: `https://s.example/${page}/${i}`,
				})),
				next,
			},
		});
		answer(
			rec,
			'get',
			'/crawl/crawl-1',
			(seen) => (seen.query.page === '2' ? [200, big('2', null)] : [200, big('1', '2')]),
			{ times: 2 },
		);

		const { items, error } = await runNode({
			type: 'webDataCrawl',
			parameters: {
				operation: 'getStatus',
				id: 'crawl-1',
				returnAll: true,
				options: { output: 'whole' },
			},
		});

		expect(error).toBeUndefined();
		const results = (items[0].json.data as { data: Array<{ url: string }> }).data;
		expect(results).toHaveLength(2 * PER_PAGE);
		expect([results[0].url, results[PER_PAGE].url, results[2 * PER_PAGE - 1].url]).toEqual([
			'https://s.example/1/0',
			'https://s.example/2/0',
			`https://s.example/2/${PER_PAGE - 1}`,
		]);
	});

	test('a next URL with its own query (skip, as Firecrawl sends it) is requested as it is', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/crawl/crawl-1',
			(seen) => {
				const skip = Number(seen.query.skip ?? 0);
				const next = skip < 4 ? `${BASE_URL}/crawl/crawl-1?skip=${skip + 2}` : null;
				return [200, crawlPage(String(skip), next)];
			},
			{ times: 10 },
		);
		const { items, error } = await runNode({
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: 'crawl-1', page: '1', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(rec.to('/crawl/crawl-1').map((s) => s.query)).toEqual([
			{ page: '1' },
			{ skip: '2' },
			{ skip: '4' },
		]);
		expect(items).toHaveLength(6);
	});

	test('a next URL on another origin is refused: the key never goes there', async () => {
		const rec = new Recorder();
		answer(rec, 'get', '/crawl/crawl-1', () => [
			200,
			crawlPage('1', 'https://collector.example/crawl/crawl-1?page=2'),
		]);
		const elsewhere = nock('https://collector.example').get(/.*/).query(true).reply(200, {});
		const { error } = await runNode({
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: 'crawl-1', page: '1', returnAll: true },
		});
		expect(error?.message).toBe(
			"The crawl's next page is on another origin (https://collector.example): it was not followed",
		);
		expect(error?.description).toContain(`(${BASE_URL})`);
		expect(elsewhere.isDone()).toBe(false);
		expect(rec.to('/crawl/crawl-1')).toHaveLength(1);
	});

	test('a next link that points back to a page already read ends the chain', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/crawl/crawl-1',
			(seen) => [200, crawlPage(seen.query.page, seen.query.page === '1' ? '?page=2' : '?page=1')],
			{ times: 10 },
		);
		const { error } = await runNode({
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: 'crawl-1', page: '1', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(rec.to('/crawl/crawl-1').map((s) => s.query.page)).toEqual(['1', '2']);
	});

	test("Return All cut short by empty pages: Whole Response keeps the service's next", async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/crawl/crawl-1',
			(seen) => {
				const page = Number(seen.query.page);
				const body = crawlPage(String(page), `?page=${page + 1}`);
				return [200, page === 1 ? body : { ...body, data: { ...body.data, data: [] } }];
			},
			{ times: 10 },
		);
		const { items, error } = await runNode({
			type: 'webDataCrawl',
			parameters: {
				operation: 'getStatus',
				id: 'crawl-1',
				page: '1',
				returnAll: true,
				options: { output: 'whole' },
			},
		});
		expect(error).toBeUndefined();
		const read = rec.to('/crawl/crawl-1').map((s) => s.query.page);
		const data = items[0].json.data as { data: unknown[]; next: unknown };
		expect(data.data).toHaveLength(2);
		// The page after the last one read: the crawl goes on there.
		expect(data.next).toBe(`?page=${Number(read.at(-1)) + 1}`);
	});

	test('Return All off, a Limit within the first page: one page, and its next', async () => {
		const rec = new Recorder();
		answer(rec, 'get', '/crawl/crawl-1', (seen) => [200, crawlPage(seen.query.page, '?page=2')], {
			times: 3,
		});
		const { items } = await runNode({
			type: 'webDataCrawl',
			parameters: {
				operation: 'getStatus',
				id: 'crawl-1',
				page: '1',
				limit: 2,
				options: { output: 'whole' },
			},
		});
		expect(rec.to('/crawl/crawl-1')).toHaveLength(1);
		expect((items[0].json.data as { next: string }).next).toBe('?page=2');
	});
});
