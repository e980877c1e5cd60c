/** Bad requests get 400 with the nodes' own bounds; knobs: latency and failure injection. */
import { ErrorResponse } from '../../contract/schemas';
import { admin, call, withSandbox } from './helpers';

describe('request validation (shared with the nodes)', () => {
	const ctx = withSandbox();

	beforeEach(() => ctx.sandbox.reset());

	it.each([
		[
			'POST',
			'/map',
			{ body: { url: 'https://acme.com', limit: 1001 } },
			'limit',
			'must be at most 1000',
		],
		[
			'POST',
			'/map',
			{ body: { url: 'https://acme.com', timeout: 500 } },
			'timeout',
			'must be at least 1000',
		],
		[
			'POST',
			'/map',
			{ body: { url: 'https://acme.com', sitemap: 'sometimes' } },
			'sitemap',
			'must be one of include, only, skip',
		],
		['POST', '/map', { body: { limit: 5 } }, 'url', 'is required'],
		[
			'GET',
			'/brand/retrieve',
			{ query: { domain: 'acme.com', timeoutMS: 500 } },
			'timeoutMS',
			'must be at least 1000',
		],
		[
			'GET',
			'/brand/retrieve',
			{ query: { domain: 'acme.com', BrandRetrieveMaxAgeMs: 7776000001 } },
			'BrandRetrieveMaxAgeMs',
			'must be at most 7776000000',
		],
		[
			'GET',
			'/brand/retrieve-by-email',
			{ query: { email: 'not-an-email' } },
			'email',
			'must be an e-mail address',
		],
		[
			'GET',
			'/web/competitors',
			{ query: { domain: 'acme.com', numCompetitors: 26 } },
			'numCompetitors',
			'must be at most 25',
		],
		[
			'GET',
			'/web/fonts',
			{ query: { domain: 'acme.com', cacheMaxAgeMs: -1 } },
			'cacheMaxAgeMs',
			'must be at least 0',
		],
		['GET', '/jobs', { query: { limit: 101 } }, 'limit', 'must be at most 100'],
		['GET', '/jobs', { query: { status: 'DONE' } }, 'status', 'must be one of'],
		['GET', '/jobs/crawl_demo', { query: { page: 0 } }, 'page', 'must be at least 1'],
		[
			'POST',
			'/brand/ai/products',
			{ body: { domain: 'acme.com', limit: 21 } },
			'limit',
			'must be at most 20',
		],
		[
			'POST',
			'/batch/scrape',
			{ body: { urls: ['https://acme.com'], maxConcurrency: 51 } },
			'maxConcurrency',
			'must be at most 50',
		],
		[
			'POST',
			'/batch/scrape',
			{ body: { urls: ['https://acme.com'], actions: [{ type: 'wait', milliseconds: 10001 }] } },
			'actions',
			'at most 10000',
		],
		[
			'POST',
			'/batch/scrape',
			{ body: { urls: ['https://acme.com'], proxy: 'tor' } },
			'proxy',
			'must be one of',
		],
		[
			'POST',
			'/brand',
			{ body: { url: 'https://acme.com', timeout: 120001 } },
			'timeout',
			'must be at most 120000',
		],
		[
			'POST',
			'/extract',
			{ body: { urls: ['https://acme.com'], agent: { mode: 'fast' } } },
			'prompt',
			'is required',
		],
		['GET', '/scrape', { query: { url: 'acme.com' } }, 'url', 'must be a full http(s) URL'],
	] as const)('%s %s: %s -> 400 naming %s', async (method, path, options, field, message) => {
		const before = ctx.sandbox.state.account.credits;
		const response = await call(ctx.sandbox, method, path, options);
		expect(response.status).toBe(400);
		const body = ErrorResponse.parse(response.body);
		expect(body.issues?.map((i) => i.field)).toContain(field);
		expect(body.issues?.find((i) => i.field === field)?.message).toContain(message);
		expect(body.error).toContain(`(${field})`);
		expect(ctx.sandbox.state.account.credits).toBe(before);
		expect(ctx.sandbox.state.jobs.size).toBe(2);
	});

	it('query values are coerced like the nodes coerce them: numbers and booleans', async () => {
		const competitors = await call(ctx.sandbox, 'GET', '/web/competitors', {
			query: { domain: 'acme.com', limit: '3', maxSpeed: 'true', timeoutMS: '5000' },
		});
		expect(competitors.status).toBe(200);
		expect(competitors.body.data.competitors).toHaveLength(3);
		const refused = await call(ctx.sandbox, 'GET', '/web/competitors', {
			query: { domain: 'acme.com', maxSpeed: 'maybe' },
		});
		expect(refused.status).toBe(400);
		expect(refused.body.error).toContain('maxSpeed');
	});

	it('a body that is not JSON, or not an object, is a 400', async () => {
		const notJson = await call(ctx.sandbox, 'POST', '/map', { rawBody: '{"url": ' });
		expect(notJson.status).toBe(400);
		expect(ErrorResponse.parse(notJson.body).error).toMatch(/not valid JSON/);
		const array = await call(ctx.sandbox, 'POST', '/map', { body: ['https://acme.com'] });
		expect(array.status).toBe(400);
		expect(array.body.error).toMatch(/JSON object/);
	});

	it('unknown paths are 404 and wrong methods 405, as JSON', async () => {
		expect((await call(ctx.sandbox, 'GET', '/nope')).status).toBe(404);
		const wrong = await call(ctx.sandbox, 'GET', '/map');
		expect(wrong.status).toBe(405);
		expect(wrong.headers.get('allow')).toBe('POST');
	});
});

describe('knobs', () => {
	const ctx = withSandbox();

	beforeEach(() => ctx.sandbox.reset());

	it('latencyMs delays every API request but not the admin API', async () => {
		ctx.sandbox.setConfig({ latencyMs: 150 });
		let started = Date.now();
		expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		started = Date.now();
		await admin(ctx.sandbox, 'GET', '/state');
		expect(Date.now() - started).toBeLessThan(100);
	});

	it('failure injection: a status with Retry-After, for a number of requests, then normal answers', async () => {
		await admin(ctx.sandbox, 'PATCH', '/config', {
			failure: { status: 503, count: 2, retryAfter: 2 },
		});
		const before = ctx.sandbox.state.account.credits;
		const first = await call(ctx.sandbox, 'GET', '/scrape', { query: { url: 'https://acme.com' } });
		expect(first.status).toBe(503);
		expect(first.headers.get('retry-after')).toBe('2');
		expect(ErrorResponse.parse(first.body).error).toMatch(/Injected/);
		expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(503);
		expect(
			(await call(ctx.sandbox, 'GET', '/scrape', { query: { url: 'https://acme.com' } })).status,
		).toBe(200);
		expect(ctx.sandbox.state.account.credits).toBe(before - 1);
		expect(ctx.sandbox.config.failure).toBeNull();
	});

	it('failure injection: a malformed (non-JSON) body, limited to some paths', async () => {
		ctx.sandbox.setConfig({ failure: { malformed: true, paths: ['/jobs'] } });
		const broken = await call(ctx.sandbox, 'GET', '/jobs');
		expect(broken.status).toBe(200);
		expect(broken.headers.get('content-type')).toMatch(/json/);
		expect(() => JSON.parse(broken.text)).toThrow();
		expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(200);
	});

	it('failure injection: a rate of 0 never fails, a rate between fails some', async () => {
		ctx.sandbox.setConfig({ failure: { status: 500, rate: 0 } });
		for (let i = 0; i < 10; i++)
			expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(200);
		ctx.sandbox.setConfig({ failure: { status: 500, rate: 0.5 } });
		const statuses = [];
		for (let i = 0; i < 60; i++) statuses.push((await call(ctx.sandbox, 'GET', '/account')).status);
		expect(statuses).toContain(500);
		expect(statuses).toContain(200);
	});

	it('bad config is refused with 400 by the admin API and the config stays as it was', async () => {
		for (const body of [
			{ latency: 5 },
			{ failure: { rate: 2 } },
			{ plan: { concurrency: 0 } },
			{ apiKeys: ['nope'] },
		]) {
			const response = await admin(ctx.sandbox, 'PATCH', '/config', body);
			expect(response.status).toBe(400);
		}
		expect(ctx.sandbox.config).toMatchObject({
			latencyMs: 0,
			failure: null,
			plan: { concurrency: 10 },
			apiKeys: ['bc_sandbox_demo_key'],
		});
	});
});
