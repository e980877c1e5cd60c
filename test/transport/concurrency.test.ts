/**
 * Many items inside the plan, through real n8n-core with nock: items run concurrently up to the
 * plan's (or the option's) concurrency, come out in input order with exact pairedItem, the plan
 * is read once per execution, request starts are spaced to the plan's rate limit, a 429 makes
 * the node back off, and one item's wait does not hold up the others.
 */
import nock from 'nock';

import { onFakeClock } from '../helpers/clock';
import { BASE_URL, runNode } from '../helpers/runNode';
import { PLAN_MAX_AGE_MS } from '../../nodes/shared/transport/accounts';
import { sleep } from '../../devkit/wait';
import {
	account,
	replyWith,
	resetNock,
	type NockReply,
	Recorder,
	accountScope,
	answer,
	created,
	jobDetail,
} from '../helpers/http';

afterEach(resetNock);

/**
 * Every test here runs on jest's fake clock (see helpers/clock.ts): the double's delays, the
 * pacer's spacing and holds, and the times recorded all follow the node's own schedule, so a
 * slow machine cannot fail a check and a broken pacer cannot pass one.
 */
function test(name: string, body: () => Promise<void>): void {
	global.test(name, async () => {
		await onFakeClock(body);
	});
}

const DOMAINS = Array.from({ length: 20 }, (_, i) => `site${i}.example`);
const items = DOMAINS.map((domain) => ({ domain }));
const retrieveEach = { operation: 'retrieve', domain: '={{ $json.domain }}' };

function record(domain: string) {
	return { success: true, data: { status: 'ok', code: 200, brand: { domain } } };
}

/** NockReplys GET /brand/retrieve after `delay(domain)` ms, tracking requests in flight. */
function slowBrand(
	delay: (domain: string, index: number) => number,
	limit?: { concurrency: number },
) {
	const stats = {
		inFlight: 0,
		maxInFlight: 0,
		requests: 0,
		refused: 0,
		order: [] as string[],
		firstAt: 0,
		lastDoneAt: 0,
	};
	nock(BASE_URL)
		.get('/brand/retrieve')
		.query(true)
		.times(1000)
		.reply(
			replyWith(async (req): Promise<NockReply> => {
				const domain = req.query.domain;
				const index = stats.requests++;
				if (index === 0) stats.firstAt = Date.now();
				if (limit && stats.inFlight >= limit.concurrency) {
					stats.refused++;
					return [
						429,
						{ success: false, error: 'Concurrency limit exceeded' },
						{ 'Retry-After': '0' },
					];
				}
				stats.inFlight++;
				stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
				stats.order.push(domain);
				await sleep(delay(domain, index));
				stats.inFlight--;
				stats.lastDoneAt = Date.now();
				return [200, record(domain)];
			}),
		);
	return stats;
}

describe('20 items at concurrency 5', () => {
	function expectInOrder(out: Awaited<ReturnType<typeof runNode>>['items']) {
		expect(out).toHaveLength(20);
		out.forEach((item, i) => {
			expect((item.json.data as { brand: { domain: string } }).brand.domain).toBe(DOMAINS[i]);
			expect(item.pairedItem).toEqual({ item: i });
		});
	}

	test('Max Concurrent Requests 5: input order and pairedItem kept, never more than 5 in flight', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 50, rateLimitPerMinute: 100000 });
		// Later items answer faster, so they finish before earlier ones.
		const stats = slowBrand((domain) => 80 - Number(domain.match(/\d+/)![0]) * 3);

		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: { ...retrieveEach, options: { maxConcurrentRequests: 5 } },
			items,
		});

		expect(error).toBeUndefined();
		expectInOrder(out);
		// Five at a time (so concurrent, not one by one), never six.
		expect(stats.maxInFlight).toBe(5);
		expect(stats.requests).toBe(20);
		// The plan read, and at most two usage reads: this double's usage (active 0) leaves our
		// requests out, which two reads that each saw two of ours in flight establish.
		expect(rec.to('/account').length).toBeLessThanOrEqual(3);
	});

	test("the plan's concurrency (5) applies when the option is not set", async () => {
		const rec = new Recorder();
		// The first read starts at half the plan; the next, alone, takes all of it.
		accountScope(rec, { concurrency: 5, rateLimitPerMinute: 100000 }, 3);
		const stats = slowBrand((domain) => (Number(domain.match(/\d+/)![0]) % 3) * 20 + 20);

		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items,
		});

		expect(error).toBeUndefined();
		expectInOrder(out);
		expect(stats.maxInFlight).toBe(5);
		expect(stats.refused).toBe(0);
	});

	test('Continue On Fail: failed items become error items in their own place', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 5, rateLimitPerMinute: 100000 });
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.times(40)
			.reply(
				replyWith(async (req): Promise<NockReply> => {
					const domain = req.query.domain;
					const n = Number(domain.match(/\d+/)![0]);
					await sleep(10 + (n % 4) * 10);
					return n % 7 === 3
						? [404, { success: false, error: `no brand for ${domain}` }]
						: [200, record(domain)];
				}),
			);

		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items,
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(out).toHaveLength(20);
		out.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (i % 7 === 3) expect(String(item.json.error)).toContain(`no brand for ${DOMAINS[i]}`);
			else expect((item.json.data as { brand: { domain: string } }).brand.domain).toBe(DOMAINS[i]);
		});
	});
});

describe('one plan for the whole process', () => {
	test('20 items: one plan read, and at most two usage reads', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 10 }, 5);
		slowBrand(() => 1);
		const { error } = await runNode({ type: 'webDataBrand', parameters: retrieveEach, items });
		expect(error).toBeUndefined();
		// The plan read, and at most two usage reads: this double's usage (active 0) leaves our
		// requests out, which two reads that each saw two of ours in flight establish.
		expect(rec.to('/account').length).toBeLessThanOrEqual(3);
	});

	test('two executions one after the other: the plan is read once, and the second starts at full speed', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 5, rateLimitPerMinute: 100000 }, 5);
		const stats = slowBrand(() => 40);
		await runNode({ type: 'webDataBrand', parameters: retrieveEach, items: items.slice(0, 3) });
		const before = rec.seen.length;
		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(3, 8),
		});
		expect(error).toBeUndefined();
		// The plan read, and at most two usage reads: this double's usage (active 0) leaves our
		// requests out, which two reads that each saw two of ours in flight establish.
		expect(rec.to('/account').length).toBeLessThanOrEqual(3);
		// The plan is known: all five items of the second run are in flight together from the start.
		expect(rec.seen.slice(before).every((s) => s.path === '/brand/retrieve')).toBe(true);
		expect(stats.maxInFlight).toBe(5);
	});

	test('two executions at once share the plan: together never more than its concurrency, no 429, each output exact', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 4, rateLimitPerMinute: 100000 }, 5);
		const stats = slowBrand(() => 30, { concurrency: 4 });
		const first = items.slice(0, 10);
		const second = items.slice(10, 20);

		const [a, b] = await Promise.all([
			runNode({ type: 'webDataBrand', parameters: retrieveEach, items: first }),
			runNode({ type: 'webDataBrand', parameters: retrieveEach, items: second }),
		]);

		for (const [run, input] of [
			[a, first],
			[b, second],
		] as const) {
			expect(run.error).toBeUndefined();
			expect(
				run.items.map((item) => (item.json.data as { brand: { domain: string } }).brand.domain),
			).toEqual(input.map((i) => i.domain));
			run.items.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		}
		expect(stats.refused).toBe(0);
		expect(stats.maxInFlight).toBe(4);
		// The plan read, and at most two usage reads: this double's usage (active 0) leaves our
		// requests out, which two reads that each saw two of ours in flight establish.
		expect(rec.to('/account').length).toBeLessThanOrEqual(3);
	});

	test('Max Concurrent Requests lowers the limit for its node only, and never raises it past the plan', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 6, rateLimitPerMinute: 100000 }, 5);
		const stats = slowBrand(() => 30);
		const capped = { ...retrieveEach, options: { maxConcurrentRequests: 2 } };
		const above = { ...retrieveEach, options: { maxConcurrentRequests: 50 } };
		// Prime the plan, so both runs below start with it known.
		await runNode({ type: 'webDataBrand', parameters: retrieveEach, items: items.slice(0, 1) });
		stats.maxInFlight = 0;

		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: capped,
			items: items.slice(0, 10),
		});
		expect(error).toBeUndefined();
		expect(stats.maxInFlight).toBe(2);

		stats.maxInFlight = 0;
		const [a, b] = await Promise.all([
			runNode({ type: 'webDataBrand', parameters: above, items: items.slice(0, 10) }),
			runNode({ type: 'webDataBrand', parameters: capped, items: items.slice(10, 20) }),
		]);
		expect(a.error).toBeUndefined();
		expect(b.error).toBeUndefined();
		expect(stats.maxInFlight).toBe(6);
	});

	/**
	 * A double that counts the plan read against the plan like the service does: every request in
	 * flight, GET /account included, and a 429 past `concurrency`.
	 */
	function planCountingDouble(concurrency: number, delayMs: number) {
		const stats = { inFlight: 0, maxInFlight: 0, refused: 0, reads: 0, log: [] as string[] };
		const handle =
			(path: string, body: (domain: string) => unknown) =>
			async (req: { query: Record<string, string> }): Promise<NockReply> => {
				if (stats.inFlight >= concurrency) {
					stats.refused++;
					return [429, { success: false, error: 'Concurrency limit exceeded' }];
				}
				stats.inFlight++;
				stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
				stats.log.push(`${path} starts with ${stats.inFlight} in flight`);
				await sleep(delayMs);
				stats.inFlight--;
				return [200, body(req.query.domain)];
			};
		nock(BASE_URL)
			.get('/account')
			.times(10)
			.reply(
				replyWith((req) => {
					stats.reads++;
					return handle('/account', () => account({ concurrency, rateLimitPerMinute: 100000 }))(
						req,
					);
				}),
			);
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.times(1000)
			.reply(replyWith(handle('/brand/retrieve', record)));
		return stats;
	}

	test('the first plan read goes first, alone: a slow first request cannot hold it up', async () => {
		const stats = planCountingDouble(1, 40);
		const { error, items: out } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(0, 3),
		});
		expect(error).toBeUndefined();
		expect(out).toHaveLength(3);
		// A plan of one request in flight: the read took its turn, and nothing was refused.
		expect(stats.log[0]).toBe('/account starts with 1 in flight');
		expect(stats.log[1]).toBe('/brand/retrieve starts with 1 in flight');
		expect(stats.maxInFlight).toBe(1);
		expect(stats.refused).toBe(0);
	});

	test('a plan read that is due waits for a slot: N in flight never become N + 1', async () => {
		const stats = planCountingDouble(3, 40);
		await runNode({ type: 'webDataBrand', parameters: retrieveEach, items });
		// The plan read and at most two usage reads (this double's usage leaves requests out).
		const reads = stats.reads;
		expect(reads).toBeLessThanOrEqual(3);
		// The plan is old: the next run's first request starts a read while its window is full.
		jest.setSystemTime(Date.now() + PLAN_MAX_AGE_MS + 1);
		const { error, items: out } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items,
		});
		expect(error).toBeUndefined();
		expect(out).toHaveLength(20);
		expect(stats.reads).toBeGreaterThan(reads);
		expect(stats.maxInFlight).toBe(3);
		expect(stats.refused).toBe(0);
	});

	test('an unreadable plan does not fail the items (a cautious default of 5 is used)', async () => {
		nock(BASE_URL)
			.get('/account')
			.reply(403, { success: false, error: 'this key may not read the account' });
		const stats = slowBrand(() => 5);
		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(0, 8),
		});
		expect(error).toBeUndefined();
		expect(out).toHaveLength(8);
		expect(stats.maxInFlight).toBe(5);
	});
});

describe('pacing under the plan rate limit', () => {
	test('1200 requests/minute: every 1 s window holds at most 20 requests, so none would be refused', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 10, rateLimitPerMinute: 1200 });
		// A server stricter than a per-minute limit: at most 1200 / 60 = 20 requests in any 1 s.
		const perSecond = 20;
		const admitted: number[] = [];
		let refused = 0;
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(seen) => {
				const inWindow = admitted.filter((t) => t > seen.at - 1000).length;
				if (inWindow >= perSecond) {
					refused++;
					return [429, { error: 'Rate limit exceeded' }, { 'Retry-After': '0' }];
				}
				admitted.push(seen.at);
				return [200, record(seen.query.domain)];
			},
			{ times: 100, delayMs: () => 5 },
		);
		const many = Array.from({ length: 24 }, (_, i) => ({ domain: `paced${i}.example` }));

		const started = Date.now();
		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: many,
		});
		const took = Date.now() - started;

		expect(error).toBeUndefined();
		expect(out).toHaveLength(24);
		expect(refused).toBe(0);
		const times = rec.to('/brand/retrieve').map((s) => s.at);
		expect(times).toHaveLength(24);
		// Spaced at 60000 / 1200 = 50 ms (plus a 2% margin): 23 gaps span about 1.17 s...
		expect(times[23] - times[0]).toBeGreaterThanOrEqual(23 * 50 * 0.95);
		const gaps = times
			.slice(1)
			.map((t, i) => t - times[i])
			.sort((x, y) => x - y);
		expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(48);
		// ...and the node is not much slower than the limit allows.
		expect(took).toBeLessThan(23 * 51 + 600);
	});

	test('job polls are paced with the other requests', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 10, rateLimitPerMinute: 1200 });
		answer(
			rec,
			'post',
			'/batch/scrape',
			(seen) => [200, created(`job-${(seen.body as { urls: string[] }).urls[0].slice(-1)}`)],
			{ times: 3 },
		);
		answer(
			rec,
			'get',
			/^\/jobs\/job-\d$/,
			(seen) => [200, jobDetail('COMPLETED', { results: [{ url: seen.path }] })],
			{ times: 20 },
		);
		const { error } = await runNode({
			type: 'webDataScrape',
			parameters: {
				operation: 'batchScrape',
				urls: '={{ $json.url }}',
				options: { pollInterval: 0.05 },
			},
			items: [1, 2, 3].map((n) => ({ url: `https://a.example/${n}` })),
		});
		expect(error).toBeUndefined();
		const paced = rec.seen.filter((s) => s.path !== '/account').map((s) => s.at);
		// 3 POSTs and 3 polls (the last poll's page is the first page of results), one start per
		// 51 ms: without pacing they would come in two bursts.
		expect(paced).toHaveLength(6);
		expect(paced[5] - paced[0]).toBeGreaterThanOrEqual(5 * 51 * 0.85);
	});
});

describe('429 and waits', () => {
	/** Retrieve on the 20 items: no error, every item out. */
	async function retrieveAll() {
		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items,
		});
		expect(error).toBeUndefined();
		expect(out).toHaveLength(20);
		return out;
	}

	test('a plan shared with someone else: more 429s than expected, the node adapts and every item succeeds', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 10, rateLimitPerMinute: 100000 });
		// The account's plan says 10, but only 3 are free right now.
		const stats = slowBrand(() => 40, { concurrency: 3 });

		const out = await retrieveAll();
		out.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		expect(stats.maxInFlight).toBeLessThanOrEqual(3);
		// Halving on 429 brings the node down to the free slots quickly: far fewer refusals than items.
		expect(stats.refused).toBeGreaterThan(0);
		expect(stats.refused).toBeLessThan(20);
	});

	test('refusals of requests the rate schedule sent one by one after a cut are still that overload', async () => {
		const rec = new Recorder();
		// Half of 20 after the first read, at 6000 a minute: ten requests about 10 ms apart.
		accountScope(rec, { concurrency: 20, rateLimitPerMinute: 6000 });
		// Another client holds the plan for a moment: the first five are refused as they arrive.
		const stats = { inFlight: 0, done: 0, afterRefusals: 0, refused: 0 };
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.times(100)
			.reply(
				replyWith(async (req): Promise<NockReply> => {
					if (stats.refused < 5) {
						stats.refused++;
						return [429, { error: 'Concurrency limit exceeded' }, { 'Retry-After': '0' }];
					}
					stats.inFlight++;
					// Sent once the limit reflects the refusals: after the first answer.
					if (stats.done > 0) stats.afterRefusals = Math.max(stats.afterRefusals, stats.inFlight);
					await sleep(200);
					stats.inFlight--;
					stats.done++;
					return [200, record(req.query.domain)];
				}),
			);

		await retrieveAll();
		// One overload, all granted before its first 429: 10 cut to 8, then one less per 429 down to
		// half of 10; taken as five overloads, the limit would have fallen to 2.
		expect(stats.afterRefusals).toBe(5);
	});

	test('a 429 whose Retry-After says the rate window is spent holds every item until then', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 2, rateLimitPerMinute: 100000 });
		let refusedAt = 0;
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(seen) => {
				if (refusedAt === 0) {
					refusedAt = seen.at;
					return [429, { error: 'Rate limit exceeded' }, { 'Retry-After': '4' }];
				}
				return [200, record(seen.query.domain)];
			},
			{ times: 20 },
		);

		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(0, 6),
		});

		expect(error).toBeUndefined();
		expect(out).toHaveLength(6);
		const times = rec.to('/brand/retrieve').map((s) => s.at);
		expect(times).toHaveLength(7);
		// The request sent with the refused one was already out; everything after waited out the window.
		const later = times.filter((t) => t > refusedAt + 50);
		expect(later.length).toBeGreaterThanOrEqual(5);
		for (const t of later) expect(t).toBeGreaterThanOrEqual(refusedAt + 4000 - 20);
	});

	test("one item's Retry-After wait does not hold up the others (concurrency 1)", async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 1, rateLimitPerMinute: 100000 });
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(seen) => {
				const firstTry =
					rec.to('/brand/retrieve').filter((s) => s.query.domain === seen.query.domain).length ===
					1;
				if (seen.query.domain === DOMAINS[0] && firstTry)
					return [429, { error: 'busy' }, { 'Retry-After': '1' }];
				return [200, record(seen.query.domain)];
			},
			{ times: 10 },
		);

		const { items: out, error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(0, 3),
		});

		expect(error).toBeUndefined();
		expect(out.map((i) => (i.json.data as { brand: { domain: string } }).brand.domain)).toEqual(
			DOMAINS.slice(0, 3),
		);
		// Items 1 and 2 went through while item 0 waited for its Retry-After.
		expect(rec.to('/brand/retrieve').map((s) => s.query.domain)).toEqual([
			DOMAINS[0],
			DOMAINS[1],
			DOMAINS[2],
			DOMAINS[0],
		]);
	});

	test('a failing item stops items not yet sent (without Continue On Fail)', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 1, rateLimitPerMinute: 100000 });
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(seen) =>
				seen.query.domain === DOMAINS[1]
					? [400, { error: 'bad domain' }]
					: [200, record(seen.query.domain)],
			{
				times: 20,
			},
		);
		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(0, 6),
		});
		expect(error?.message).toContain('bad domain');
		expect(rec.to('/brand/retrieve').length).toBeLessThanOrEqual(3);
	});

	test('the plan body without a rate limit still paces by concurrency only', async () => {
		// The first read starts at half the plan; the next, alone, takes all of it.
		nock(BASE_URL)
			.get('/account')
			.times(3)
			.reply(200, { success: true, data: { ...account().data, plan: { concurrency: 4 } } });
		const stats = slowBrand(() => 20);
		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieveEach,
			items: items.slice(0, 12),
		});
		expect(error).toBeUndefined();
		expect(stats.maxInFlight).toBe(4);
	});
});

describe('queue-mode workers: a pacer each, one plan', () => {
	/**
	 * One service for two API keys of one account: each key gets its own pacer in this process, as
	 * each worker process has its own. GET /account reports the requests in flight (itself
	 * included); past the plan's 10 in flight, requests are refused.
	 */
	function sharedService() {
		const s = {
			inFlight: 0,
			maxInFlight: 0,
			refused: 0,
			reads: 0,
			items: 0,
			byKey: new Map<string, number>(),
		};
		const admit = () => {
			if (s.inFlight >= 10) return false;
			s.maxInFlight = Math.max(s.maxInFlight, ++s.inFlight);
			return true;
		};
		const refused: NockReply = [
			429,
			{ success: false, error: 'Concurrency limit exceeded' },
			{ 'Retry-After': '1' },
		];
		nock(BASE_URL)
			.get('/account')
			.times(1000)
			.reply(
				replyWith(async (): Promise<NockReply> => {
					s.reads++;
					if (!admit()) return (s.refused++, refused);
					const body = account({ concurrency: 10, rateLimitPerMinute: 100000 });
					body.data.queue = { active: s.inFlight, waiting: 0 };
					await sleep(100);
					s.inFlight--;
					return [200, body];
				}),
			);
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.times(2000)
			.reply(
				replyWith(async (req): Promise<NockReply> => {
					if (!admit()) return (s.refused++, refused);
					s.items++;
					await sleep(95 + (s.items % 11));
					s.inFlight--;
					return [200, record(req.query.domain)];
				}),
			);
		return s;
	}

	test('two pacers share the plan from the usage GET /account reports; the one left alone takes all of it', async () => {
		const service = sharedService();
		const many = Array.from({ length: 400 }, (_, i) => ({ domain: `a${i}.example` }));
		const few = Array.from({ length: 100 }, (_, i) => ({ domain: `b${i}.example` }));
		const t0 = Date.now();
		const [a, b] = await Promise.all([
			runNode({ type: 'webDataBrand', parameters: retrieveEach, items: many }),
			runNode({
				type: 'webDataBrand',
				parameters: retrieveEach,
				items: few,
				credentials: { apiKey: 'bc_second_worker_0123456789', baseUrl: BASE_URL },
			}),
		]);
		const elapsed = Date.now() - t0;
		for (const run of [a, b]) expect(run.error).toBeUndefined();
		expect(a.items).toHaveLength(400);
		expect(b.items).toHaveLength(100);
		expect(service.maxInFlight).toBeLessThanOrEqual(10);
		// At most 1% of the requests refused.
		expect(service.refused).toBeLessThanOrEqual(5);
		// A bare client with the plan to itself needs 500 x 100 ms / 10 = 5 s. Each pacer at half the
		// plan would need 2 s together and 6 s more for the rest of the 400 alone: 8 s.
		expect(elapsed).toBeLessThanOrEqual(6000);
		expect(service.reads).toBeGreaterThan(2);
	});
});
