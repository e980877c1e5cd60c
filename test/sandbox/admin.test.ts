/** The admin API under /__sandbox that other tests rely on. */
import { AccountResponse } from '../../contract/schemas';
import { waitFor } from '../../devkit/wait';
import { admin, call, startListener, withSandbox } from './helpers';

describe('admin API', () => {
	const ctx = withSandbox({ credits: 500 });

	it('GET /requests lists every API request (refused ones too) and not admin ones; DELETE clears it', async () => {
		await admin(ctx.sandbox, 'DELETE', '/requests');
		await call(ctx.sandbox, 'POST', '/map', { body: { url: 'https://acme.com', limit: 2 } });
		await call(ctx.sandbox, 'GET', '/brand/retrieve', {
			query: { domain: 'acme.com', timeoutMS: 1 },
		});
		await call(ctx.sandbox, 'GET', '/account', { key: 'bc_wrong' });
		const log = (await admin(ctx.sandbox, 'GET', '/requests')).body;
		expect(log).toEqual([
			{
				method: 'POST',
				path: '/map',
				query: {},
				body: { url: 'https://acme.com', limit: 2 },
				status: 200,
				at: expect.any(String),
				ms: expect.any(Number),
			},
			{
				method: 'GET',
				path: '/brand/retrieve',
				query: { domain: 'acme.com', timeoutMS: '1' },
				body: null,
				status: 400,
				at: expect.any(String),
				ms: expect.any(Number),
			},
			{
				method: 'GET',
				path: '/account',
				query: {},
				body: null,
				status: 401,
				at: expect.any(String),
				ms: expect.any(Number),
			},
		]);
		await admin(ctx.sandbox, 'DELETE', '/requests');
		expect((await admin(ctx.sandbox, 'GET', '/requests')).body).toEqual([]);
	});

	it('PATCH /config changes knobs; credits sets the balance; the plan shows on GET /account', async () => {
		const patched = await admin(ctx.sandbox, 'PATCH', '/config', {
			credits: 42,
			plan: { rateLimitPerMinute: 120 },
			jobDurationMs: 50,
		});
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({
			credits: 42,
			jobDurationMs: 50,
			plan: { rateLimitPerMinute: 120, concurrency: 10 },
		});
		const { data } = AccountResponse.parse((await call(ctx.sandbox, 'GET', '/account')).body);
		expect(data).toMatchObject({ credits: 42, plan: { rateLimitPerMinute: 120 } });
	});

	it('POST /reset returns to the seeds and the starting config, with optional overrides', async () => {
		await call(ctx.sandbox, 'DELETE', '/webhooks/wh_demo');
		await call(ctx.sandbox, 'GET', '/scrape', { query: { url: 'https://acme.com' } });
		const reset = await admin(ctx.sandbox, 'POST', '/reset', { plan: { queueLimit: 3 } });
		expect(reset.status).toBe(200);
		const state = (await admin(ctx.sandbox, 'GET', '/state')).body;
		expect(state).toMatchObject({
			account: { credits: 500, plan: { queueLimit: 3 }, queue: { active: 0, waiting: 0 } },
			jobs: { total: 2, byStatus: { COMPLETED: 2 }, ids: ['crawl_demo', 'extract_demo'] },
			webhooks: 1,
			requests: 0,
			config: { jobDurationMs: 2000 },
		});
		const plain = await admin(ctx.sandbox, 'POST', '/reset');
		expect(plain.body.config.plan.queueLimit).toBe(50);
	});

	it('POST /jobs starts a job of any type that runs to its end and delivers its event', async () => {
		const listener = await startListener();
		try {
			ctx.sandbox.reset();
			await call(ctx.sandbox, 'PATCH', '/webhooks/wh_demo', {
				body: {
					url: `${listener.url}/x`,
					events: ['products.failed', 'extract.cancelled'],
					isActive: true,
				},
			});
			const failing = await admin(ctx.sandbox, 'POST', '/jobs', {
				type: 'products',
				durationMs: 100,
				fail: true,
			});
			const cancelled = await admin(ctx.sandbox, 'POST', '/jobs', {
				type: 'extract',
				durationMs: 100,
				cancel: true,
			});
			expect(failing.body).toMatchObject({
				id: expect.stringMatching(/^products_/),
				type: 'products',
				status: 'PENDING',
			});
			expect(cancelled.body).toMatchObject({
				id: expect.stringMatching(/^extract_/),
				type: 'extract',
			});
			await waitFor(() => listener.received.length === 2);
			expect(listener.received.map((r) => r.body.event).sort()).toEqual([
				'extract.cancelled',
				'products.failed',
			]);
			const job = (await admin(ctx.sandbox, 'GET', `/jobs/${failing.body.id}`)).body;
			expect(job).toMatchObject({
				id: failing.body.id,
				jobType: 'products',
				status: 'FAILED',
				error: expect.any(String),
			});
			expect((await admin(ctx.sandbox, 'GET', '/jobs')).body).toHaveLength(4);
			expect((await admin(ctx.sandbox, 'POST', '/jobs', { type: 'nope' })).status).toBe(400);
			await ctx.sandbox.settled();
		} finally {
			await listener.close();
		}
	});

	it('POST /jobs/{id}/cancel cancels a running job', async () => {
		const { body } = await admin(ctx.sandbox, 'POST', '/jobs', {
			type: 'batch_scrape',
			durationMs: 60_000,
		});
		const cancelled = await admin(ctx.sandbox, 'POST', `/jobs/${body.id}/cancel`);
		expect(cancelled.body.status).toBe('CANCELLED');
		expect((await admin(ctx.sandbox, 'POST', `/jobs/${body.id}/cancel`)).status).toBe(409);
		expect((await admin(ctx.sandbox, 'GET', '/jobs/nope')).status).toBe(404);
	});

	it('the programmatic API mirrors the admin API', async () => {
		ctx.sandbox.reset({ credits: 7 });
		expect(ctx.sandbox.state.account.credits).toBe(7);
		const job = ctx.sandbox.createJob({ type: 'crawl', durationMs: 0, pages: 2 });
		await waitFor(() => ctx.sandbox.state.jobs.get(job.id)?.status === 'COMPLETED');
		const crawl = await call(ctx.sandbox, 'GET', `/crawl/${job.id}`, { query: { page: '1' } });
		expect(crawl.body.data).toMatchObject({ total: 2, completed: 2, next: null });
		expect(ctx.sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(ctx.sandbox.apiKey).toBe('bc_sandbox_demo_key');
	});

	it('POST /brands changes a brand in the retrieve records and the profile until a reset', async () => {
		ctx.sandbox.reset();
		const brandOf = async () =>
			(await call(ctx.sandbox, 'GET', '/brand/retrieve', { query: { domain: 'acme.com' } })).body
				.data.brand;
		const original = await brandOf();

		const edit = await admin(ctx.sandbox, 'POST', '/brands', {
			domain: 'https://WWW.Acme.com/',
			colors: ['#123456', '#abcdef'],
		});
		expect(edit.body).toEqual({ domain: 'acme.com', colors: ['#123456', '#abcdef'] });
		await admin(ctx.sandbox, 'POST', '/brands', {
			domain: 'acme.com',
			title: 'Acme Renamed',
			logos: ['https://cdn.acme.com/new-logo.svg'],
		});

		const edited = await brandOf();
		expect(edited).toMatchObject({
			title: 'Acme Renamed',
			colors: [{ hex: '#123456' }, { hex: '#abcdef' }],
			logos: [{ url: 'https://cdn.acme.com/new-logo.svg', type: 'logo', mode: 'light' }],
			description: original.description,
		});
		const byEmail = await call(ctx.sandbox, 'GET', '/brand/retrieve-by-email', {
			query: { email: 'ceo@acme.com' },
		});
		expect(byEmail.body.data.brand.title).toBe('Acme Renamed');
		const profile = await call(ctx.sandbox, 'POST', '/brand', {
			body: { url: 'https://acme.com' },
		});
		expect(profile.body.data.brand).toMatchObject({
			name: 'Acme Renamed',
			colors: [{ hex: '#123456' }, { hex: '#abcdef' }],
		});
		expect((await admin(ctx.sandbox, 'GET', '/brands')).body).toEqual({
			'acme.com': {
				colors: ['#123456', '#abcdef'],
				title: 'Acme Renamed',
				logos: ['https://cdn.acme.com/new-logo.svg'],
			},
		});

		expect(
			(await admin(ctx.sandbox, 'POST', '/brands', { domain: 'acme.com', colors: ['red'] })).status,
		).toBe(400);
		await admin(ctx.sandbox, 'POST', '/reset');
		expect(await brandOf()).toEqual(original);
	});

	it('a large crawl: up to 100,000 results, markdown padded to markdownBytes', async () => {
		ctx.sandbox.reset({ crawlPageSize: 100 });
		const { body } = await admin(ctx.sandbox, 'POST', '/jobs', {
			type: 'crawl',
			durationMs: 0,
			pages: 5000,
			markdownBytes: 2048,
		});
		await waitFor(() => ctx.sandbox.state.jobs.get(body.id)?.status === 'COMPLETED');
		const last = await call(ctx.sandbox, 'GET', `/crawl/${body.id}`, { query: { page: '50' } });
		expect(last.body.data).toMatchObject({ total: 5000, completed: 5000, next: null });
		expect(last.body.data.data).toHaveLength(100);
		for (const page of last.body.data.data) expect(page.markdown).toHaveLength(2048);
		const tooMany = { type: 'crawl', pages: 100_001 };
		expect((await admin(ctx.sandbox, 'POST', '/jobs', tooMany)).status).toBe(400);
	});

	it('unknown admin paths are 404', async () => {
		expect((await admin(ctx.sandbox, 'GET', '/nope')).status).toBe(404);
	});
});
