/**
 * Work and waits a hostile API cannot stretch: paging ends after a few empty pages and at a
 * stated page ceiling with a clear error; plan values are clamped; path values stay inside their
 * segment.
 */
import type { AccountResponse } from '../../contract';
import { runNode } from '../helpers/runNode';
import { account, ACCOUNT_BODY, mockApi, OK_REPLY, useNock } from '../helpers/http';
import { MAX_EMPTY_PAGES, MAX_PAGES } from '../../nodes/shared/jobs/pagination';
import { PLAN_BOUNDS, readPlan } from '../../nodes/shared/transport/plan';

useNock();

describe('paging', () => {
	test('a crawl whose next keeps pointing at empty pages stops after a few', async () => {
		let page = 1;
		const api = mockApi((request) =>
			request.path === '/account'
				? OK_REPLY(request)
				: [
						200,
						{
							success: true,
							data: { status: 'scraping', data: [], next: `/crawl/c1?page=${++page}` },
						},
					],
		);

		const { items, error } = await runNode({
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: 'c1', page: '1', returnAll: false, limit: 50 },
		});

		expect(error).toBeUndefined();
		expect(items.length).toBeLessThanOrEqual(1);
		expect(api.apiRequests()).toHaveLength(1 + MAX_EMPTY_PAGES);
	});

	test('a job list announcing 1e9 pages ends at the page ceiling with a clear error', async () => {
		// The plan's highest rate, so the pacer does not space the pages: the bound is the pages'.
		const fastPlan = account({ rateLimitPerMinute: PLAN_BOUNDS.maxPerMinute });
		const api = mockApi((request) =>
			request.path === '/account'
				? [200, fastPlan]
				: [
						200,
						{
							success: true,
							data: {
								jobs: [{ id: `job-${request.query.page}` }],
								pagination: { page: Number(request.query.page), totalPages: 1e9 },
							},
						},
					],
		);

		const { error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'list', returnAll: true, options: { limit: 1 } },
		});

		expect(error?.message).toBe(
			`Stopped after ${MAX_PAGES} pages of jobs: the Web Data API still announced more`,
		);
		expect(error?.description).toMatch(/Return All/);
		expect(api.apiRequests()).toHaveLength(MAX_PAGES);
	}, 60_000);
});

// The bounds docs/security.md states (at most 100 in flight; 6 to 1,000,000 a minute), as numbers.
describe('plan values are clamped', () => {
	// A hostile plan: past the contract's types, so it is cast to them as the client's answer is.
	const readWith = async (plan: object) =>
		await readPlan(
			async () =>
				({ ...ACCOUNT_BODY, data: { ...ACCOUNT_BODY.data, plan } }) as unknown as AccountResponse,
		);

	test.each([
		[{ concurrency: 10, rateLimitPerMinute: 0.0005, queueLimit: 50 }, 10, 6, 50],
		[{ concurrency: 1e9, rateLimitPerMinute: 1e12, queueLimit: 1e9 }, 100, 1_000_000, undefined],
		[{ concurrency: 2.7, rateLimitPerMinute: 600, queueLimit: 2.5 }, 2, 600, undefined],
		[{ concurrency: 'NaN', rateLimitPerMinute: Infinity, queueLimit: -1 }, 5, undefined, undefined],
	])(
		'%j reads as %s at once, %s a minute, %s queued',
		async (plan, concurrency, perMinute, queueLimit) => {
			const read = await readWith(plan);
			expect({
				concurrency: read?.concurrency,
				perMinute: read?.perMinute,
				queueLimit: read?.queueLimit,
			}).toEqual({ concurrency, perMinute, queueLimit });
		},
	);

	test.each([
		[{ active: -1, waiting: 0 }],
		[{ active: 2.5, waiting: 0 }],
		[{ active: 1, waiting: 'many' }],
		[{ active: 1e7, waiting: 0 }],
	])('usage %j is not used', async (queue) => {
		const read = await readPlan(
			async () =>
				({ ...ACCOUNT_BODY, data: { ...ACCOUNT_BODY.data, queue } }) as unknown as AccountResponse,
		);
		expect(read?.usage).toBeUndefined();
	});
});

describe('path values stay inside their segment', () => {
	test.each([
		['a/b', '/jobs/a%2Fb'],
		['x?y=1#z', '/jobs/x%3Fy%3D1%23z'],
		['%2e%2e', '/jobs/%252e%252e'],
		['...', '/jobs/...'],
	])('id %j is sent as %s', async (id, path) => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id, returnAll: false },
		});
		expect(error).toBeUndefined();
		expect(api.unmatched).toEqual([]);
		const [sent] = api.apiRequests();
		expect(sent.method).toBe('GET');
		expect(sent.path).toBe(path);
	});
});
