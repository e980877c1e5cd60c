/**
 * The readings the spec leaves open: which requests hold a slot of the plan's concurrency (and so
 * show in `queue.active`), and whether the usage read is refused at a full plan.
 */
import { AccountResponse } from '../../contract/schemas';
import { waitFor } from '../../devkit/wait';
import {
	configFromEnv,
	defaultConfig,
	mergeConfig,
	type SandboxConfigOverrides,
} from '../../sandbox/config';
import { RequestLimiter, requestKind } from '../../sandbox/limits';
import { call, withSandbox } from './helpers';

const config = (overrides: SandboxConfigOverrides) =>
	mergeConfig(defaultConfig(), { plan: { concurrency: 1, queueLimit: 1 }, ...overrides });

describe('requestKind', () => {
	it('the usage read, reads of jobs and webhook management are no scrapes; the rest may be', () => {
		expect(requestKind('GET', '/account')).toBe('account');
		for (const [method, path] of [
			['GET', '/jobs'],
			['GET', '/jobs/j1'],
			['GET', '/crawl/c1'],
			['GET', '/extract/e1'],
			['PATCH', '/webhooks/w1'],
			['POST', '/webhooks/w1/test'],
		])
			expect(requestKind(method, path)).toBe('other');
		for (const [method, path] of [
			['GET', '/scrape'],
			['POST', '/extract'],
			['POST', '/batch/scrape'],
			['GET', '/brand/retrieve'],
			['GET', '/web/fonts'],
			['POST', '/map'],
		])
			expect(requestKind(method, path)).toBe('scrape');
	});
});

describe.each(['refuse', 'queue'] as const)('a full plan, overload %s', (overload) => {
	/** A limiter with its one slot held by a scrape (and, under queue, its one queue place taken). */
	function full(overrides: SandboxConfigOverrides) {
		const limiter = new RequestLimiter();
		const plan = config({ overload, ...overrides });
		expect(limiter.admit(plan, 'scrape', 0).ok).toBe(true);
		if (overload === 'queue') expect(limiter.admit(plan, 'scrape', 0).ok).toBe(true);
		return { limiter, plan };
	}

	it('accountRead counted (the default): the read is refused like a scrape', () => {
		const { limiter, plan } = full({});
		expect(limiter.admit(plan, 'account', 0).ok).toBe(false);
	});

	it('accountRead uncounted: refused at the full plan, else answered without a slot', () => {
		const { limiter, plan } = full({ accountRead: 'uncounted' });
		expect(limiter.admit(plan, 'account', 0).ok).toBe(false);
		const empty = new RequestLimiter();
		expect(empty.admit(plan, 'account', 0).ok).toBe(true);
		expect(empty.requestsInFlight).toBe(0);
		expect(empty.requestsInWindow(0)).toBe(1);
	});

	it('accountRead free: never refused for concurrency, holds no slot, counts in the rate window', () => {
		const { limiter, plan } = full({ accountRead: 'free' });
		const inFlight = limiter.requestsInFlight;
		expect(limiter.admit(plan, 'account', 0).ok).toBe(true);
		expect(limiter.requestsInFlight).toBe(inFlight);
		const rated = config({ overload, accountRead: 'free', plan: { rateLimitPerMinute: 1 } });
		const window = new RequestLimiter();
		expect(window.admit(rated, 'account', 0).ok).toBe(true);
		expect(window.admit(rated, 'account', 1).ok).toBe(false);
	});

	it('concurrencyCounts: job reads hold a slot with every request, none with scrapes', () => {
		expect(full({}).limiter.admit(config({ overload }), 'other', 0).ok).toBe(false);
		const { limiter, plan } = full({ concurrencyCounts: 'scrapes' });
		expect(limiter.admit(plan, 'other', 0).ok).toBe(true);
		// The usage read still follows accountRead.
		expect(limiter.admit(plan, 'account', 0).ok).toBe(false);
	});
});

describe('usageAt', () => {
	it('is read from WEBDATA_SANDBOX_USAGE_AT, answer by default, and nothing else is taken', () => {
		expect(defaultConfig().usageAt).toBe('answer');
		expect(configFromEnv({ WEBDATA_SANDBOX_USAGE_AT: 'arrival' }).usageAt).toBe('arrival');
		expect(() => config({ usageAt: 'later' as 'answer' })).toThrow(
			"usageAt must be 'arrival' or 'answer'",
		);
	});
});

describe('through the server', () => {
	const ctx = withSandbox();

	it.each([
		['counted', 1, 429],
		['uncounted', 0, 429],
		['free', 0, 200],
	] as const)(
		'accountRead %s: a read alone reports active %i; beside a scrape at a full plan it gets %i',
		async (accountRead, active, status) => {
			ctx.sandbox.reset({ accountRead, plan: { concurrency: 1 } });
			const alone = await call(ctx.sandbox, 'GET', '/account');
			expect(AccountResponse.parse(alone.body).data.queue.active).toBe(active);
			ctx.sandbox.setConfig({ latencyMs: 500 });
			const scrape = call(ctx.sandbox, 'POST', '/map', { body: { url: 'https://acme.com' } });
			await waitFor(() => ctx.sandbox.core.limiter.requestsInFlight === 1);
			expect((await call(ctx.sandbox, 'GET', '/account')).status).toBe(status);
			expect((await scrape).status).toBe(200);
		},
	);

	it.each([
		['answer', 1],
		['arrival', 2],
	] as const)(
		'usageAt %s: a read that a scrape ends during reports active %i',
		async (usageAt, active) => {
			ctx.sandbox.reset({ usageAt, latencyMs: 300, plan: { concurrency: 5 } });
			const scrape = call(ctx.sandbox, 'POST', '/map', { body: { url: 'https://acme.com' } });
			await waitFor(() => ctx.sandbox.core.limiter.requestsInFlight === 1);
			const read = await call(ctx.sandbox, 'GET', '/account');
			expect((await scrape).status).toBe(200);
			expect(AccountResponse.parse(read.body).data.queue.active).toBe(active);
		},
	);
});
