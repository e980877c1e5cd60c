/**
 * Pacers of several processes (queue-mode workers) sharing one plan, each with its own memory,
 * against one simulated service on jest's fake clock (test/helpers/sharedPlan.ts), under every
 * reading of the spec that changes what a pacer sees: past the plan's concurrency it refuses
 * (429, Retry-After: 1) or queues, and the usage read counts itself in `active` (counted), or
 * not and is refused at a full plan (uncounted), or neither (free).
 */
import { sleep } from 'n8n-workflow';

import { forgetAccounts } from '../../nodes/shared/transport/accounts';
import { QUEUE_ALLOWANCE } from '../../nodes/shared/transport/pacer';
import {
	CONCURRENCY,
	Service,
	Worker,
	average,
	idealMs,
	until,
	READINGS,
	readingName,
} from '../helpers/sharedPlan';

beforeEach(async () => {
	await forgetAccounts();
	jest.useFakeTimers({ now: 1_000_000 });
});
// A test that failed midway leaves plan reads open on the fake clock: let them end before the
// setup's forgetAccounts() waits for them (hooks of a describe run before the file's).
async function settleOpenReads(): Promise<void> {
	await jest.advanceTimersByTimeAsync(5000);
	jest.useRealTimers();
}

// The usage as a read answers (the sandbox's way): two workers that start together settle at 9
// of 10 without a client's time (1.13 to 1.25 of the ideal with a backlog each, issue 41's open
// miss, docs/pacing.md), so the backlog, tail and back-from-idle tests are the arrival's only.
const CASES = (['arrival', 'answer'] as const).flatMap((usageAt) =>
	READINGS.map((r) => [`${readingName(r)}, usage at ${usageAt}`, r, usageAt] as const),
);

describe.each(CASES)('%s', (_, reading, usageAt) => {
	afterEach(settleOpenReads);
	const onArrival = usageAt === 'arrival';
	const model = reading.overload;
	// Three workers beside a usage read the service does not count take 1.12 to 1.25 times a bare
	// client's time here: issue 41's open miss (docs/pacing.md), not asserted.
	if (onArrival)
		test.each(reading.accountRead === 'counted' ? [2, 3] : [2])(
			"%i workers with a backlog each: near one process's pace, refusals rare, the plan shared",
			async (count) => {
				const service = new Service(reading, 30, usageAt);
				const workers = Array.from({ length: count }, (_, i) => new Worker(`w${i}`, service));
				const items = 300;
				const t0 = Date.now();
				const ends = await until(
					Promise.all(workers.map(async (w) => await w.run(items))),
					workers,
					service,
				);
				const total = count * items;
				expect(workers.map((w) => w.done)).toEqual(workers.map(() => items));
				// Within 10% of a bare client that has the plan to itself with two workers. Three end
				// unevenly (a worker refused early may hold one slot while the others hold the plan,
				// docs/pacing.md): within 15%, 25% at a service that refuses (no request can wait there
				// for a slot another leaves free). Here 1.10 and 1.21; bench:pacing averages 24 runs.
				expect(Math.max(...ends) - t0).toBeLessThanOrEqual(
					idealMs(total) * (count === 2 ? 1.1 : model === 'refuse' ? 1.25 : 1.15),
				);
				expect(service.refused / service.requests).toBeLessThanOrEqual(0.01);
				// From 1 s until the first worker is done, the limits add up to the plan, give or take one.
				const steady = (w: Worker) => w.limits.slice(10, Math.floor(idealMs(total) / 100) - 10);
				const sums = steady(workers[0]).map((_, i) =>
					workers.reduce((n, w) => n + steady(w)[i], 0),
				);
				// (At a service that queues, the plan and QUEUE_ALLOWANCE requests waiting there.)
				const plan = CONCURRENCY + (model === 'queue' ? QUEUE_ALLOWANCE : 0);
				expect(average(sums)).toBeGreaterThanOrEqual(CONCURRENCY - 1);
				expect(average(sums)).toBeLessThanOrEqual(plan + 1);
				// Two workers share fairly; with three, a worker that came last may hold less (see docs/pacing.md).
				if (count === 2)
					for (const w of workers)
						expect(Math.abs(average(steady(w)) - CONCURRENCY / 2)).toBeLessThanOrEqual(1);
				// Queued at the service: the pacers keep the queue short, about QUEUE_ALLOWANCE.
				if (model === 'queue')
					expect(average(service.waitingSamples)).toBeLessThanOrEqual(QUEUE_ALLOWANCE + 1);
			},
		);

	test("answers that take the client a moment: the plan's edge is not mistaken for room", async () => {
		// 5 ms of every 106 ms a request is at neither end, so the usage shows about one slot free.
		const service = new Service(reading, 30, usageAt);
		const workers = [new Worker('a', service, 5), new Worker('b', service, 5)];
		const t0 = Date.now();
		const ends = await until(
			Promise.all(workers.map(async (w) => await w.run(2000))),
			workers,
			service,
		);
		// At most 16% over a bare client without the client's time (6% is the client's own).
		expect(Math.max(...ends) - t0).toBeLessThanOrEqual(idealMs(4000) * 1.16);
		// A handful at most, none of them from taking room while the other still reads its plan.
		expect(service.refused).toBeLessThanOrEqual(3);
		// From 1 s on, neither worker gives up most of its share to take room that was never there.
		for (const w of workers)
			expect(
				Math.min(...w.limits.slice(10, Math.floor(idealMs(4000) / 100))),
			).toBeGreaterThanOrEqual(3);
	});

	test.each([31, 33])(
		'a worker that arrives a moment after another: room given back goes to it (seed %i)',
		async (seed) => {
			const service = new Service(reading, seed, usageAt);
			const [first, second] = [new Worker('first', service), new Worker('second', service)];
			const t0 = Date.now();
			const ends = await until(
				Promise.all([first.run(300), sleep(150).then(async () => await second.run(500))]),
				[first, second],
				service,
			);
			const steady = (w: Worker) => w.limits.slice(10, Math.floor((Math.min(...ends) - t0) / 100));
			const sums = steady(first).map((limit, i) => limit + steady(second)[i]);
			// From 1 s until the first is done, the limits add up to nearly the plan: the first does
			// not take back at once the room it gave back for the second (7.5 of 10 when it did).
			expect(average(sums)).toBeGreaterThanOrEqual(CONCURRENCY - 2);
			// 1.15 to 1.31 of the ideal here under refuse (seed 31 with the read not counted the most).
			expect(Math.max(...ends) - t0).toBeLessThanOrEqual(idealMs(800) * 1.35);
			expect(service.refused / service.requests).toBeLessThanOrEqual(0.01);
		},
	);

	if (onArrival)
		test('a worker left alone (the tail) takes the whole plan back within a second', async () => {
			const service = new Service(reading, 30, usageAt);
			const [long, short] = [new Worker('long', service), new Worker('short', service)];
			const t0 = Date.now();
			const longEnd = long.run(700);
			const shortEnd = await until(short.run(100), [long, short], service);
			const tailFrom = long.limits.length;
			const end = await until(longEnd, [long, short], service);
			// 100 ms samples: the long worker's limit after the short one ended.
			const tail = long.limits.slice(tailFrom);
			const full = tail.findIndex((limit) => limit === CONCURRENCY);
			expect(full).toBeGreaterThanOrEqual(0);
			expect(full * 100).toBeLessThanOrEqual(1000);
			expect(end - t0).toBeLessThanOrEqual(idealMs(800) * 1.1);
			expect(shortEnd).toBeLessThan(end);
			expect(service.refused / service.requests).toBeLessThanOrEqual(0.01);
		});

	// Who is refused when one comes back beside a worker at the whole plan turns on the timing: the
	// refusals differ by seed (13 to 18 of 20 allowed, 2026-11-29), so four of them.
	if (onArrival)
		test.each([30, 31, 32, 33])(
			'a worker back from idle finds its share again with few refusals (seed %i)',
			async (seed) => {
				const service = new Service(reading, seed, usageAt);
				const [busy, back] = [new Worker('busy', service), new Worker('back', service)];
				const busyEnd = busy.run(800);
				await until(back.run(50), [busy, back], service);
				// Idle for 2 s while the busy worker takes the whole plan...
				await until(sleep(2000), [busy, back], service);
				expect(busy.limit).toBe(CONCURRENCY);
				const refusedBefore = service.refused;
				// ...then back with a backlog, at half the plan: the refusals that announce it to the busy
				// worker (under the refusing model), then both share.
				await until(Promise.all([busyEnd, back.run(200)]), [busy, back], service);
				expect(service.refused - refusedBefore).toBeLessThanOrEqual(2 * CONCURRENCY);
				expect(service.maxActive).toBeLessThanOrEqual(CONCURRENCY);
			},
		);

	if (onArrival)
		test('a worker that ended alone with the whole plan is back 0.4 s later at half of it', async () => {
			const service = new Service(reading, 30, usageAt);
			const workers = [0, 1, 2].map((i) => new Worker(`w${i}`, service));
			const last = workers[2];
			await until(
				Promise.all(workers.map(async (w) => await w.run(w === last ? 400 : 100))),
				workers,
				service,
			);
			expect(last.limit).toBe(CONCURRENCY);
			// Long enough for the others to confirm its room, shorter than a read gap while sharing.
			await until(sleep(400), workers, service);
			const again = Promise.all(workers.map(async (w) => await w.run(200)));
			await jest.advanceTimersByTimeAsync(1);
			expect(last.limit).toBeLessThanOrEqual(CONCURRENCY / 2);
			await until(again, workers, service);
		});
});

describe('one process', () => {
	afterEach(settleOpenReads);
	test.each(
		(['arrival', 'answer'] as const).flatMap((usageAt) =>
			(['counted', 'uncounted', 'free'] as const).map((read) => [read, usageAt] as const),
		),
	)(
		'usage read %s, usage at %s: never more in flight than the plan, nothing refused, usage read rarely',
		async (accountRead, usageAt) => {
			const service = new Service({ overload: 'refuse', accountRead }, 30, usageAt);
			const worker = new Worker('alone', service);
			const t0 = Date.now();
			const end = await until(worker.run(1000), [worker], service);
			expect(service.refused).toBe(0);
			expect(service.maxActive).toBeLessThanOrEqual(CONCURRENCY);
			expect(end - t0).toBeLessThanOrEqual(idealMs(1000) * 1.05);
			// Alone at the plan, usage reads back off: a handful over 10 s.
			expect(service.reads).toBeLessThanOrEqual(8);
		},
	);
});
