/** Plan limits: requests per minute, requests in flight, and the job queue. */
import { AccountResponse, ErrorResponse } from '../../contract/schemas';
import { waitFor } from '../../devkit/wait';
import { admin, call, withSandbox } from './helpers';

describe('plan limits', () => {
	const ctx = withSandbox();

	it('past rateLimitPerMinute in the window: 429 with Retry-After and a JSON error', async () => {
		ctx.sandbox.reset({ plan: { rateLimitPerMinute: 3 } });
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await call(ctx.sandbox, 'GET', '/account')).status);
		expect(statuses).toEqual([200, 200, 200]);
		const refused = await call(ctx.sandbox, 'GET', '/account');
		expect(refused.status).toBe(429);
		const retryAfter = Number(refused.headers.get('retry-after'));
		expect(retryAfter).toBeGreaterThanOrEqual(59);
		expect(retryAfter).toBeLessThanOrEqual(60);
		expect(ErrorResponse.parse(refused.body).error).toMatch(/3 requests per minute/);
		// The admin API is not counted.
		expect((await admin(ctx.sandbox, 'GET', '/state')).status).toBe(200);
		// A reset clears the window.
		ctx.sandbox.reset({ plan: { rateLimitPerMinute: 3 } });
		expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(200);
	});

	it('past the plan concurrency in flight: 429 with Retry-After', async () => {
		ctx.sandbox.reset({ latencyMs: 300, plan: { concurrency: 2 } });
		const responses = await Promise.all([0, 1, 2].map(() => call(ctx.sandbox, 'GET', '/account')));
		const statuses = responses.map((r) => r.status).sort();
		expect(statuses).toEqual([200, 200, 429]);
		const refused = responses.find((r) => r.status === 429);
		expect(refused?.headers.get('retry-after')).toBe('1');
		expect(refused?.body.error).toMatch(/2 requests in flight/);
		// Once they finish, slots are free again.
		expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(200);
	});

	it('queue model: past the plan concurrency requests wait their turn; past queueLimit waiting, 429', async () => {
		ctx.sandbox.reset({
			latencyMs: 200,
			overload: 'queue',
			plan: { concurrency: 2, queueLimit: 2 },
		});
		const t0 = Date.now();
		const responses = await Promise.all(
			[0, 1, 2, 3, 4].map(async () => {
				const r = await call(ctx.sandbox, 'GET', '/account');
				return { status: r.status, ms: Date.now() - t0, body: r.body };
			}),
		);
		const ok = responses.filter((r) => r.status === 200);
		expect(ok).toHaveLength(4);
		// Two served at once, two after them: the later two took their slots over.
		expect(ok.map((r) => r.ms).sort((a, b) => a - b)[3]).toBeGreaterThanOrEqual(390);
		// A read reports the requests served (itself included) and those waiting behind them.
		const reported = ok.map((r) => AccountResponse.parse(r.body).data.queue);
		expect(reported).toContainEqual({ active: 2, waiting: 2 });
		const refused = responses.find((r) => r.status === 429);
		expect(refused?.body.error).toMatch(/2 waiting/);
	});

	it('queue.active/waiting follow the jobs and requests, and past queueLimit a new job gets 429', async () => {
		ctx.sandbox.reset({ jobDurationMs: 2000, plan: { concurrency: 1, queueLimit: 2 } });
		const start = () =>
			call(ctx.sandbox, 'POST', '/batch/scrape', { body: { urls: ['https://acme.com'] } });
		const first = await start();
		const second = await start();
		expect([first.status, second.status]).toEqual([200, 200]);
		const queue = async () =>
			AccountResponse.parse((await call(ctx.sandbox, 'GET', '/account')).body).data.queue;
		// The read itself is one request being served.
		expect(await queue()).toEqual({ active: 1, waiting: 2 });
		// After the PENDING phase one job runs (concurrency 1) and the other waits for its slot.
		await waitFor(async () => (await queue()).active === 2);
		expect(await queue()).toEqual({ active: 2, waiting: 1 });
		const before = ctx.sandbox.state.account.credits;
		const third = await start();
		expect(third.status).toBe(429);
		expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect(ErrorResponse.parse(third.body).error).toMatch(/Queue limit/);
		expect(ctx.sandbox.state.account.credits).toBe(before);
		expect(ctx.sandbox.state.jobs.size).toBe(4); // two seeds and two jobs
	});
});
