/** Auth (401 for anything but a configured bc_ key) and credits (spent on success only, 402 when short). */
import http from 'node:http';

import { CREDIT_COSTS } from '../../sandbox/handlers';
import { AccountResponse, ErrorResponse, TranscriptResponse } from '../../contract/schemas';
import { admin, call, withSandbox } from './helpers';

const balance = async (sandbox: Parameters<typeof call>[0]) =>
	(await call(sandbox, 'GET', '/account')).body.data.credits as number;

describe('auth', () => {
	const ctx = withSandbox({ apiKeys: ['bc_sandbox_demo_key', 'bc_second_key'] });

	it.each([
		['no header', null],
		['a key without the bc_ prefix', 'sk_sandbox_demo_key'],
		['an unknown bc_ key', 'bc_unknown'],
	])('refuses %s with 401 and a JSON error', async (_what, key) => {
		const response = await call(ctx.sandbox, 'GET', '/account', { key });
		expect(response.status).toBe(401);
		expect(ErrorResponse.parse(response.body).error).toMatch(/API key/);
	});

	it('refuses a scheme other than Bearer', async () => {
		const response = await new Promise<number>((resolve, reject) => {
			const request = http.get(
				`${ctx.sandbox.baseUrl}/account`,
				{ agent: false, headers: { authorization: 'Basic YmNfc2FuZGJveA==' } },
				(res) => {
					res.resume();
					resolve(res.statusCode ?? 0);
				},
			);
			request.on('error', reject);
		});
		expect(response).toBe(401);
	});

	it('accepts every configured key', async () => {
		for (const key of ['bc_sandbox_demo_key', 'bc_second_key']) {
			const response = await call(ctx.sandbox, 'GET', '/account', { key });
			expect(response.status).toBe(200);
			AccountResponse.parse(response.body);
		}
	});

	it('a refused request spends nothing and is still recorded', async () => {
		const before = ctx.sandbox.state.account.credits;
		await call(ctx.sandbox, 'GET', '/scrape', { key: null, query: { url: 'https://acme.com' } });
		expect(ctx.sandbox.state.account.credits).toBe(before);
		const log = (await admin(ctx.sandbox, 'GET', '/requests')).body;
		expect(log.at(-1)).toMatchObject({
			method: 'GET',
			path: '/scrape',
			status: 401,
			query: { url: 'https://acme.com' },
		});
	});
});

describe('credits', () => {
	const ctx = withSandbox({ credits: 100 });

	beforeEach(() => ctx.sandbox.reset({ credits: 100 }));

	it('GET /account reports the plan, the queue and the balance', async () => {
		ctx.sandbox.setConfig({ plan: { rateLimitPerMinute: 77, concurrency: 4, queueLimit: 9 } });
		const { data } = AccountResponse.parse((await call(ctx.sandbox, 'GET', '/account')).body);
		expect(data).toMatchObject({
			credits: 100,
			plan: { rateLimitPerMinute: 77, concurrency: 4, queueLimit: 9 },
			queue: { active: 1, waiting: 0 },
		});
	});

	it('a transcript costs 5 credits on success', async () => {
		const response = await call(ctx.sandbox, 'POST', '/youtube/transcript', {
			body: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
		});
		expect(response.status).toBe(200);
		expect(TranscriptResponse.parse(response.body)).toMatchObject({
			success: true,
			credits: { used: 5 },
			metadata: { videoId: 'dQw4w9WgXcQ' },
		});
		expect(await balance(ctx.sandbox)).toBe(95);
		expect(ctx.sandbox.state.account.lifetimeSpendUsd).toBeGreaterThan(0);
	});

	it.each([
		['an unavailable video', 'https://youtu.be/unavailable1', 404],
		['a URL that is not a video', 'https://vimeo.com/12345678', 400],
	])('a failed transcript (%s) costs nothing', async (_what, url, status) => {
		const response = await call(ctx.sandbox, 'POST', '/youtube/transcript', { body: { url } });
		expect(response.status).toBe(status);
		expect(TranscriptResponse.parse(response.body)).toMatchObject({
			success: false,
			credits: { used: 0 },
		});
		expect(response.body.error).toEqual(expect.any(String));
		expect(await balance(ctx.sandbox)).toBe(100);
	});

	it('spends the documented credits per endpoint, and nothing for account, jobs and webhooks', async () => {
		const spent = async (method: string, path: string, options: Parameters<typeof call>[3]) => {
			const before = ctx.sandbox.state.account.credits;
			const response = await call(ctx.sandbox, method, path, options);
			expect(response.status).toBe(200);
			return before - ctx.sandbox.state.account.credits;
		};
		expect(await spent('GET', '/scrape', { query: { url: 'https://acme.com' } })).toBe(
			CREDIT_COSTS.scrape,
		);
		expect(await spent('POST', '/map', { body: { url: 'https://acme.com' } })).toBe(
			CREDIT_COSTS.map,
		);
		expect(
			await spent('POST', '/batch/scrape', {
				body: { urls: ['https://a.com', 'https://b.com', 'bad url'] },
			}),
		).toBe(2);
		expect(
			await spent('POST', '/brand/ai/products', { body: { domain: 'acme.com', limit: 4 } }),
		).toBe(4);
		expect(await spent('GET', '/brand/retrieve', { query: { domain: 'acme.com' } })).toBe(
			CREDIT_COSTS.brandRetrieve,
		);
		expect(await spent('GET', '/account', {})).toBe(0);
		expect(await spent('GET', '/jobs', {})).toBe(0);
		expect(await spent('GET', '/jobs/crawl_demo', {})).toBe(0);
		expect(await spent('GET', '/crawl/crawl_demo', { query: { page: '1' } })).toBe(0);
		expect(await spent('PATCH', '/webhooks/wh_demo', { body: { isActive: false } })).toBe(0);
	});

	it('the brand record reports what it consumed and what remains', async () => {
		const { body } = await call(ctx.sandbox, 'GET', '/brand/retrieve-by-ticker', {
			query: { ticker: 'MSFT' },
		});
		expect(body.data.key_metadata).toEqual({ credits_consumed: 1, credits_remaining: 99 });
		expect(body.data.brand.domain).toBe('microsoft.com');
		expect(body.data.brand.stock).toEqual({ ticker: 'MSFT', exchange: 'NASDAQ' });
	});

	it('out of credits gets 402 with a JSON error, and spends nothing', async () => {
		ctx.sandbox.setConfig({ credits: 3 });
		const response = await call(ctx.sandbox, 'POST', '/youtube/transcript', {
			body: { url: 'https://youtu.be/dQw4w9WgXcQ' },
		});
		expect(response.status).toBe(402);
		expect(ErrorResponse.parse(response.body).error).toMatch(/credits/i);
		expect(await balance(ctx.sandbox)).toBe(3);
		expect(
			(await call(ctx.sandbox, 'GET', '/scrape', { query: { url: 'https://acme.com' } })).status,
		).toBe(200);
		expect(await balance(ctx.sandbox)).toBe(2);
	});
});
