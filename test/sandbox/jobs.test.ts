/** Jobs over time: the state machine, invalid URLs, failures, cancelling, listing and paging. */
import {
	CrawlStatusResponse,
	ExtractStatus,
	JobCreation,
	JobDetailResponse,
	JobListResponse,
	ProductsJobResponse,
} from '../../contract/schemas';
import { admin, call, withSandbox } from './helpers';

describe('jobs', () => {
	const ctx = withSandbox({ checkResponses: true });

	// The job engine runs on jest's fake clock (HTTP still goes over loopback): a job moves on
	// only when a test moves the clock, so no state is missed or cut short on a busy machine.
	beforeEach(() => {
		ctx.sandbox.reset({ checkResponses: true, jobDurationMs: 400 });
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
	});
	afterEach(() => jest.useRealTimers());

	/** Moves the fake clock (the sandbox's job timers fire in order as it passes them). */
	const advance = (ms: number) => jest.advanceTimersByTime(ms);

	/** Reads `probe` every 10 ms of the fake clock until it gives something, for at most `timeoutMs`. */
	async function whenFake<T>(
		probe: () => Promise<T | null | undefined>,
		timeoutMs = 5000,
	): Promise<T> {
		for (const deadline = Date.now() + timeoutMs; Date.now() <= deadline; advance(10)) {
			const value = await probe();
			if (value !== null && value !== undefined) return value;
		}
		throw new Error(`nothing after ${timeoutMs} ms of the fake clock`);
	}

	/** GET /jobs/{id}'s data, checked with the schema (which would strip the extra fields, so the raw data is returned). */
	const detail = async (id: string, query?: Record<string, number>) => {
		const { body } = await call(ctx.sandbox, 'GET', `/jobs/${id}`, { query });
		JobDetailResponse.parse(body);
		return body.data as Record<string, unknown> & {
			status: string;
			results: unknown[];
			errors: Array<{ url: string; error: string }>;
		};
	};

	/** Polls a job until it ends, returning the statuses seen in order (no repeats). */
	async function statusesOf(
		id: string,
		read: (id: string) => Promise<string> = async (j) => (await detail(j)).status,
	) {
		const seen: string[] = [];
		for (const deadline = Date.now() + 5000; Date.now() < deadline; advance(10)) {
			const status = await read(id);
			if (seen.at(-1) !== status) seen.push(status);
			if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(status)) return seen;
		}
		throw new Error(`job ${id} did not end: ${seen.join(' -> ')}`);
	}

	it('a batch scrape goes PENDING -> RUNNING -> COMPLETED over jobDurationMs, with results as they are done', async () => {
		const started = Date.now();
		const created = await call(ctx.sandbox, 'POST', '/batch/scrape', {
			body: {
				urls: [
					'https://acme.com/a',
					'https://acme.com/b',
					'https://acme.com/c',
					'https://acme.com/d',
				],
				formats: ['markdown', 'links'],
			},
		});
		const job = JobCreation.parse(created.body);
		expect(job).toMatchObject({ status: 'PENDING', url: `/jobs/${job.id}` });
		expect(await statusesOf(job.id)).toEqual(['PENDING', 'RUNNING', 'COMPLETED']);
		const elapsed = Date.now() - started;
		expect(elapsed).toBeGreaterThanOrEqual(380);
		expect(elapsed).toBeLessThan(2000);
		const done = await detail(job.id);
		expect(done).toMatchObject({
			id: job.id,
			total: 4,
			completed: 4,
			failed: 0,
			creditsUsed: 4,
			errors: [],
			result: null,
		});
		expect(done.results).toHaveLength(4);
		expect(done.results[0]).toMatchObject({
			url: 'https://acme.com/a',
			markdown: expect.stringContaining('# A | Acme'),
			links: expect.any(Array),
		});
		expect(done.completedAt).toEqual(expect.any(String));
	});

	it('job duration is configurable per sandbox, and results grow while RUNNING', async () => {
		ctx.sandbox.setConfig({ jobDurationMs: 1200 });
		const urls = Array.from({ length: 10 }, (_, i) => `https://acme.com/p${i}`);
		const { id } = JobCreation.parse(
			(await call(ctx.sandbox, 'POST', '/batch/scrape', { body: { urls } })).body,
		);
		advance(200);
		expect((await detail(id)).status).toBe('PENDING');
		const partial = await whenFake(async () => {
			const d = await detail(id);
			return d.status === 'RUNNING' && (d.completed as number) > 0 && (d.completed as number) < 10
				? d
				: null;
		});
		expect(partial.results).toHaveLength(partial.completed as number);
		expect(await statusesOf(id)).toEqual(['RUNNING', 'COMPLETED']);
	});

	it('invalid URLs with ignoreInvalidURLs (default true) go to data.errors; the valid ones are scraped', async () => {
		const { id } = JobCreation.parse(
			(
				await call(ctx.sandbox, 'POST', '/batch/scrape', {
					body: { urls: ['https://acme.com', 'not a url', 'ftp://acme.com/file'] },
				})
			).body,
		);
		await statusesOf(id);
		const done = await detail(id);
		expect(done).toMatchObject({ status: 'COMPLETED', total: 1, completed: 1, failed: 2 });
		expect(done.errors).toEqual([
			{ url: 'not a url', error: 'Invalid URL' },
			{ url: 'ftp://acme.com/file', error: 'Invalid URL' },
		]);
	});

	it('with ignoreInvalidURLs false, an invalid URL is a 400 and no job is created', async () => {
		const jobs = ctx.sandbox.state.jobs.size;
		const response = await call(ctx.sandbox, 'POST', '/batch/scrape', {
			body: { urls: ['https://acme.com', 'nope'], ignoreInvalidURLs: false },
		});
		expect(response.status).toBe(400);
		expect(response.body).toMatchObject({ success: false, invalidURLs: ['nope'] });
		expect(ctx.sandbox.state.jobs.size).toBe(jobs);
		const extract = await call(ctx.sandbox, 'POST', '/extract', {
			body: { prompt: 'x', urls: ['nope'], ignoreInvalidURLs: false },
		});
		expect(extract.status).toBe(400);
	});

	it('a URL containing "fail" fails the job, with the URL in errors and an error on the job', async () => {
		const { id } = JobCreation.parse(
			(
				await call(ctx.sandbox, 'POST', '/batch/scrape', {
					body: { urls: ['https://acme.com/ok', 'https://acme.com/fail'] },
				})
			).body,
		);
		expect(await statusesOf(id)).toEqual(['PENDING', 'RUNNING', 'FAILED']);
		const done = await detail(id);
		expect(done.error).toMatch(/acme\.com\/fail/);
		expect(done.errors).toEqual([
			{ url: 'https://acme.com/fail', error: expect.stringContaining('Scrape failed') },
		]);
		expect(done.results).toEqual([]);
		const listed = JobListResponse.parse(
			(await call(ctx.sandbox, 'GET', '/jobs', { query: { status: 'FAILED' } })).body,
		);
		expect(listed.data.jobs.map((j) => j.id)).toEqual([id]);
		expect(listed.data.jobs[0].error).toMatch(/fail/);
	});

	it('only invalid URLs: the job fails with "No valid URLs"', async () => {
		const { id } = JobCreation.parse(
			(await call(ctx.sandbox, 'POST', '/batch/scrape', { body: { urls: ['nope'] } })).body,
		);
		await statusesOf(id);
		expect(await detail(id)).toMatchObject({ status: 'FAILED', error: 'No valid URLs to scrape' });
	});

	it('a URL containing "cancel" ends CANCELLED; the admin API cancels a running job, then 409', async () => {
		const marked = JobCreation.parse(
			(
				await call(ctx.sandbox, 'POST', '/batch/scrape', {
					body: { urls: ['https://acme.com/cancel'] },
				})
			).body,
		);
		expect((await statusesOf(marked.id)).at(-1)).toBe('CANCELLED');

		ctx.sandbox.setConfig({ jobDurationMs: 60_000 });
		const { id } = JobCreation.parse(
			(await call(ctx.sandbox, 'POST', '/batch/scrape', { body: { urls: ['https://acme.com'] } }))
				.body,
		);
		const cancelled = await admin(ctx.sandbox, 'POST', `/jobs/${id}/cancel`);
		expect(cancelled.body).toMatchObject({ id, status: 'CANCELLED' });
		expect((await detail(id)).status).toBe('CANCELLED');
		const again = await admin(ctx.sandbox, 'POST', `/jobs/${id}/cancel`);
		expect(again.status).toBe(409);
	});

	it('an extract job: PENDING -> RUNNING -> COMPLETED on GET /extract/{id}, with data from the schema', async () => {
		const created = await call(ctx.sandbox, 'POST', '/extract', {
			body: {
				prompt: 'Get the company name and employee count',
				urls: ['https://acme.com', 'bad'],
				schema: {
					type: 'object',
					properties: { name: { type: 'string' }, employees: { type: 'integer' } },
				},
			},
		});
		const { id, url } = JobCreation.parse(created.body);
		expect(url).toBe(`/extract/${id}`);
		const read = async (j: string) =>
			ExtractStatus.parse((await call(ctx.sandbox, 'GET', `/extract/${j}`)).body).status;
		expect(await statusesOf(id, read)).toEqual(['PENDING', 'RUNNING', 'COMPLETED']);
		const status = ExtractStatus.parse((await call(ctx.sandbox, 'GET', `/extract/${id}`)).body);
		expect(status.data.extracted).toEqual({
			name: expect.any(String),
			employees: expect.any(Number),
		});
		expect(status.data.tokenUsage.inputTokens).toBeGreaterThan(0);
		expect(status.completedAt).toEqual(expect.any(String));
		expect((await detail(id)).errors).toEqual([{ url: 'bad', error: 'Invalid URL' }]);
		// A batch job is not an extract job.
		expect((await call(ctx.sandbox, 'GET', '/extract/crawl_demo')).status).toBe(404);
	});

	it('a products job completes with one result per product page', async () => {
		const created = ProductsJobResponse.parse(
			(
				await call(ctx.sandbox, 'POST', '/brand/ai/products', {
					body: { domain: 'https://shop.acme.com/', limit: 3 },
				})
			).body,
		);
		expect(created.data).toMatchObject({
			success: true,
			status: 'PENDING',
			domain: 'shop.acme.com',
			limit: 3,
		});
		expect((await statusesOf(created.data.id)).at(-1)).toBe('COMPLETED');
		const done = await detail(created.data.id);
		expect(done.results).toHaveLength(3);
		expect(done.results[0]).toMatchObject({
			name: expect.any(String),
			price: expect.any(Number),
			url: 'https://shop.acme.com/products/item-1',
		});
		expect(done.result).toEqual({ domain: 'shop.acme.com', limit: 3, productsFound: 3 });
	});

	it('GET /jobs filters by type and status and paginates', async () => {
		const list = async (query: Record<string, string | number>) =>
			JobListResponse.parse((await call(ctx.sandbox, 'GET', '/jobs', { query })).body).data;
		expect((await list({ type: 'extract' })).jobs.map((j) => j.id)).toEqual(['extract_demo']);
		expect((await list({ type: 'crawl' })).jobs.map((j) => j.id)).toEqual(['crawl_demo']);
		ctx.sandbox.setConfig({ jobDurationMs: 60_000 });
		for (let i = 0; i < 3; i++)
			await call(ctx.sandbox, 'POST', '/batch/scrape', {
				body: { urls: [`https://acme.com/${i}`] },
			});
		const pending = await list({ status: 'PENDING', limit: 2 });
		expect(pending.pagination).toEqual({ limit: 2, page: 1, total: 3, totalPages: 2 });
		expect(pending.jobs).toHaveLength(2);
		expect(pending.jobs.every((j) => j.type === 'crawl' && j.status === 'PENDING')).toBe(true);
		const second = await list({ status: 'PENDING', limit: 2, page: 2 });
		expect(second.jobs).toHaveLength(1);
		expect(new Set([...pending.jobs, ...second.jobs].map((j) => j.id)).size).toBe(3);
		const all = await list({ limit: 100 });
		expect(all.pagination.total).toBe(5);
		expect(all.jobs[0].createdAt >= all.jobs[4].createdAt).toBe(true);
	});

	it('GET /jobs/{id} paginates results; unknown ids are 404', async () => {
		const page3 = await detail('crawl_demo', { page: 3, limit: 3 });
		expect(page3.resultPagination).toEqual({ limit: 3, page: 3, total: 7, totalPages: 3 });
		expect(page3.results).toHaveLength(1);
		const page1 = await detail('crawl_demo', { limit: 3 });
		expect(page1.results).toHaveLength(3);
		expect(page1.results).not.toEqual(page3.results);
		const missing = await call(ctx.sandbox, 'GET', '/jobs/nope');
		expect(missing.status).toBe(404);
		expect(missing.body.error).toMatch(/not found/);
	});

	it('GET /crawl/{id} pages the seeded crawl with next: 7 results over 3 pages', async () => {
		const seen: unknown[] = [];
		const nexts: Array<string | null> = [];
		let page: string | null = '1';
		while (page !== null) {
			const { data } = CrawlStatusResponse.parse(
				(await call(ctx.sandbox, 'GET', '/crawl/crawl_demo', { query: { page } })).body,
			);
			expect(data).toMatchObject({ id: 'crawl_demo', status: 'COMPLETED', total: 7, completed: 7 });
			seen.push(...data.data);
			nexts.push(data.next);
			page = data.next;
		}
		expect(nexts).toEqual(['2', '3', null]);
		expect(seen).toHaveLength(7);
		expect(new Set(seen.map((p) => (p as { url: string }).url)).size).toBe(7);
		const past = CrawlStatusResponse.parse(
			(await call(ctx.sandbox, 'GET', '/crawl/crawl_demo', { query: { page: '9' } })).body,
		);
		expect(past.data).toMatchObject({ data: [], next: null });
		expect(
			(await call(ctx.sandbox, 'GET', '/crawl/crawl_demo', { query: { page: 'two' } })).status,
		).toBe(400);
		expect((await call(ctx.sandbox, 'GET', '/crawl/crawl_demo')).status).toBe(400);
		expect(
			(await call(ctx.sandbox, 'GET', '/crawl/extract_demo', { query: { page: '1' } })).status,
		).toBe(404);
	});

	it('the crawl page size is a knob', async () => {
		ctx.sandbox.reset({ crawlPageSize: 5 });
		const first = CrawlStatusResponse.parse(
			(await call(ctx.sandbox, 'GET', '/crawl/crawl_demo', { query: { page: '1' } })).body,
		);
		expect(first.data.data).toHaveLength(5);
		expect(first.data.next).toBe('2');
	});
});
