/**
 * The Pacer and its slots on their own (no HTTP), on jest's fake clock: slots, spacing, holds,
 * how the limit follows 429s and the usage GET /account reports. concurrency.test.ts shows the
 * same behaviour through n8n-core; sharing.test.ts, pacers sharing one simulated service.
 */
import {
	HOLD_THRESHOLD_MS,
	RECENT_MS,
	Pacer,
	type Plan,
	QUEUE_DOUBT_AFTER_429_MS,
	USAGE_READ_ALONE_MS,
	USAGE_READ_CONFIRM_MS,
	USAGE_READ_SHARED_MS,
	USAGE_READ_SPREAD,
} from '../../nodes/shared/transport/pacer';
import { Slots } from '../../nodes/shared/transport/slots';

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

async function acquireMany(pacer: Pacer, n: number): Promise<void> {
	for (let i = 0; i < n; i++) await pacer.acquire();
}

/** Every slot of the pacer given back, then `ms` with nothing in flight. */
async function idleFor(pacer: Pacer, ms: number): Promise<void> {
	await jest.advanceTimersByTimeAsync(0);
	while (pacer.inFlight > 0) pacer.release();
	jest.advanceTimersByTime(ms);
}

/** A request sent now and refused 10 ms later with Retry-After 1 s; whether it cut the limit. */
function refusedSoon(pacer: Pacer): boolean {
	const sentAt = Date.now();
	jest.advanceTimersByTime(10);
	return pacer.onRateLimited(sentAt, 1000);
}

/** Starts `n` acquires and records when each is granted (fake clock). */
function grantTimes(pacer: Pacer, n: number): number[] {
	const times: number[] = [];
	for (let i = 0; i < n; i++) void pacer.acquire().then(() => times.push(Date.now()));
	return times;
}

describe('Slots', () => {
	test('never grants more than the limit; a release hands the slot to the first waiter', async () => {
		const slots = new Slots(2);
		await slots.acquire();
		await slots.acquire();
		const order: string[] = [];
		void slots.acquire().then(() => order.push('a'));
		void slots.acquire().then(() => order.push('b'));
		await jest.advanceTimersByTimeAsync(0);
		expect(order).toEqual([]);
		slots.release();
		await jest.advanceTimersByTimeAsync(0);
		expect(order).toEqual(['a']);
		expect(slots.busy).toBe(2);
	});

	test('a waiter whose signal aborts leaves the queue and takes no slot', async () => {
		const slots = new Slots(1);
		await slots.acquire();
		const controller = new AbortController();
		const cancelled = slots.acquire(controller.signal);
		let next = false;
		void slots.acquire().then(() => (next = true));
		controller.abort(new Error('cancelled'));
		await expect(cancelled).rejects.toThrow('cancelled');
		slots.release();
		await jest.advanceTimersByTimeAsync(0);
		expect(next).toBe(true);
		expect(slots.busy).toBe(1);
		expect(slots.waiting).toBe(0);
	});
});

describe('Pacer', () => {
	test('without a plan: one request at a time', async () => {
		const pacer = new Pacer();
		await pacer.acquire();
		let second = false;
		void pacer.acquire().then(() => (second = true));
		await jest.advanceTimersByTimeAsync(1000);
		expect(second).toBe(false);
		pacer.setPlan({ concurrency: 3 });
		await jest.advanceTimersByTimeAsync(0);
		expect(second).toBe(true);
	});

	test('a 429 lowers the limit; without a usage that counts requests, successes bring it back to the plan, never past it', async () => {
		const pacer = new Pacer({ concurrency: 10 });
		expect(pacer.onRateLimited(Date.now())).toBe(true);
		const cut = pacer.limit;
		expect(cut).toBeLessThan(10);
		// About one more per round trip of the limit's requests, not all at once.
		for (let i = 0; i < cut; i++) pacer.onSuccess();
		expect(pacer.limit).toBe(cut + 1);
		for (let i = 0; i < 100; i++) pacer.onSuccess();
		expect(pacer.limit).toBe(10);
	});

	test('429s of requests sent before the cut are the same overload: one step each, never below half', async () => {
		const pacer = new Pacer({ concurrency: 20 });
		const sentAt = Date.now();
		await acquireMany(pacer, 20);
		jest.advanceTimersByTime(5);
		expect(pacer.onRateLimited(sentAt)).toBe(true);
		expect(pacer.limit).toBe(16);
		for (let i = 0; i < 15; i++) expect(pacer.onRateLimited(sentAt)).toBe(false);
		expect(pacer.limit).toBe(10);
		// A request sent after the cut that is refused is a new overload.
		expect(pacer.onRateLimited(Date.now())).toBe(true);
		expect(pacer.limit).toBe(8);
	});

	test('slots granted together but sent apart by the rate schedule: their 429s are one overload', async () => {
		// 6000 a minute: starts about 10 ms apart, each refused before the next is sent.
		const pacer = new Pacer({ concurrency: 10, perMinute: 6000 });
		const t0 = Date.now();
		const grants: number[] = [];
		for (let i = 0; i < 10; i++) void pacer.acquire().then((grantedAt) => grants.push(grantedAt));
		await jest.advanceTimersByTimeAsync(200);
		// acquire resolves with when the slot was granted, not when the schedule let it go.
		expect(grants).toEqual(Array(10).fill(t0));
		expect(pacer.onRateLimited(grants[0], 1000)).toBe(true);
		for (const grantedAt of grants.slice(1))
			expect(pacer.onRateLimited(grantedAt, 1000)).toBe(false);
		// One overload: down to half the limit, not to one request.
		expect(pacer.limit).toBe(5);
	});

	test('a Retry-After past the threshold holds every request until then; a short one holds nothing while others of ours are in flight', async () => {
		const pacer = new Pacer({ concurrency: 8 });
		await acquireMany(pacer, 2);
		pacer.onRateLimited(Date.now(), HOLD_THRESHOLD_MS);
		const t0 = Date.now();
		const quick = grantTimes(pacer, 1);
		await jest.advanceTimersByTimeAsync(0);
		expect(quick).toEqual([t0]);
		for (let i = 0; i < 3; i++) pacer.release();

		pacer.onRateLimited(Date.now(), 10_000);
		const held = grantTimes(pacer, 3);
		await jest.advanceTimersByTimeAsync(9_999);
		expect(held).toEqual([]);
		await jest.advanceTimersByTimeAsync(1);
		expect(held).toEqual([t0 + 10_000, t0 + 10_000, t0 + 10_000]);
	});

	test('refused with at most one other of ours in flight: the next start waits out even a short Retry-After', async () => {
		// Nothing of ours ends soon to make room: without the wait, each queued request would be
		// sent and refused in turn, a few milliseconds apart.
		const pacer = new Pacer({ concurrency: 8 });
		await acquireMany(pacer, 1);
		pacer.onRateLimited(Date.now(), 1000);
		const t0 = Date.now();
		const held = grantTimes(pacer, 2);
		await jest.advanceTimersByTimeAsync(999);
		expect(held).toEqual([]);
		await jest.advanceTimersByTimeAsync(1);
		expect(held).toEqual([t0 + 1000, t0 + 1000]);
	});

	test('a hold set while a request waits on the rate schedule applies to it too', async () => {
		const pacer = new Pacer({ concurrency: 4, perMinute: 600 });
		const t0 = Date.now();
		const times = grantTimes(pacer, 2);
		await jest.advanceTimersByTimeAsync(10);
		expect(times).toEqual([t0]);
		pacer.onRateLimited(Date.now(), 5_000);
		await jest.advanceTimersByTimeAsync(10_000);
		expect(times[1]).toBeGreaterThanOrEqual(t0 + 10 + 5_000);
	});

	test('a re-read plan caps the limit but does not undo a cut', async () => {
		const pacer = new Pacer({ concurrency: 10 });
		pacer.onRateLimited(Date.now());
		pacer.onPlanRead({ concurrency: 10 }, undefined);
		expect(pacer.limit).toBe(8);
		pacer.onPlanRead({ concurrency: 3 }, undefined);
		expect(pacer.limit).toBe(3);
	});

	test('cancelled while waiting for the schedule: the slot goes back', async () => {
		const pacer = new Pacer({ concurrency: 1, perMinute: 60 });
		await pacer.acquire();
		pacer.release();
		const controller = new AbortController();
		const waiting = pacer.acquire(controller.signal);
		await jest.advanceTimersByTimeAsync(100);
		controller.abort(new Error('cancelled'));
		await expect(waiting).rejects.toThrow();
		expect(pacer.inFlight).toBe(0);
		expect(pacer.idle).toBe(true);
	});
});

describe('Pacer: sharing the plan by the usage GET /account reports', () => {
	// Reads come a random part of their bound late (USAGE_READ_SPREAD): none, unless a test says.
	let random: jest.SpyInstance<number, []>;
	beforeEach(() => (random = jest.spyOn(Math, 'random').mockReturnValue(0)));
	afterEach(() => random.mockRestore());

	/**
	 * A pacer just after its first read (`usage`, counting the read): half of what the others leave,
	 * half the plan when it is alone.
	 */
	async function afterFirstRead(usage = { active: 1, waiting: 0 }, limit = 5): Promise<Pacer> {
		const pacer = new Pacer();
		await pacer.acquire();
		pacer.beginUsageRead();
		pacer.onPlanRead({ concurrency: 10 }, usage, { first: true });
		pacer.release();
		expect(pacer.limit).toBe(limit);
		return pacer;
	}

	test('a first read takes half of what the others leave: workers starting together stay within the plan', async () => {
		// Others hold 6 of the 10 (their requests, or their own first reads): 2 of the 4 they leave.
		await afterFirstRead({ active: 7, waiting: 0 }, 2);
		// Two other workers reading their plan at the same moment: 4 of the 8 they leave.
		await afterFirstRead({ active: 3, waiting: 0 }, 4);
		// Nobody else: half the plan; the plan itself once the next read confirms it is alone.
		await afterFirstRead({ active: 1, waiting: 0 }, 5);
	});

	/**
	 * A pacer whose first read (alone with it) set half the plan, long enough ago that it confirms
	 * nothing, with `own` requests in flight and one more waiting behind its limit.
	 */
	async function sharing(own: number): Promise<Pacer> {
		const pacer = await afterFirstRead();
		jest.advanceTimersByTime(RECENT_MS + 1);
		await acquireMany(pacer, own);
		void pacer.acquire();
		return pacer;
	}

	/** One usage read as accounts.ts applies it. */
	function read(
		pacer: Pacer,
		usage: { active: number; waiting: number },
		plan: Plan = { concurrency: 10 },
	): void {
		pacer.beginUsageRead();
		pacer.onPlanRead(plan, usage, {});
	}

	/** Two usage reads alike, as close as a pacer reads after one that saw room. */
	function readTwice(pacer: Pacer, usage: { active: number; waiting: number }, plan?: Plan): void {
		read(pacer, usage, plan);
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, usage, plan);
	}

	test('a re-read plan with less concurrency caps the limit at once, whatever the usage says', async () => {
		const pacer = await sharing(5);
		// Full, and holding no more than the others: the usage alone would change nothing.
		read(pacer, { active: 10, waiting: 0 }, { concurrency: 3 });
		expect(pacer.limit).toBe(3);
	});

	test('room is taken only when two reads in a row see it: half of it while others hold some', async () => {
		const pacer = await sharing(3);
		expect(pacer.inFlight).toBe(4);
		// Others hold 4 of the 10, as many as we do: room for 2, seen once: nothing yet.
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// A read long after does not confirm an old one.
		jest.advanceTimersByTime(RECENT_MS + 1);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// One as late as RECENT_MS after it does: half of the room.
		jest.advanceTimersByTime(RECENT_MS);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(6);
	});

	test('a 429 brings the next usage read closer: the usage says how far', async () => {
		const pacer = await sharing(3);
		void pacer.acquire();
		void pacer.acquire();
		// Full, 5 of ours beside 5: steady, so the next read is USAGE_READ_SHARED_MS away.
		read(pacer, { active: 10, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS / 2);
		expect(pacer.usageReadDue()).toBe(false);
		pacer.onRateLimited(Date.now());
		expect(pacer.usageReadDue()).toBe(true);
	});

	test('a read comes a random part of the bound late: pacers refused at once read apart', async () => {
		const pacers = [await sharing(5), await sharing(5)];
		const due = () => pacers.map((pacer) => pacer.usageReadDue());
		const lateBy = (ms: number) => ms + USAGE_READ_SPREAD * USAGE_READ_CONFIRM_MS * 0.999;
		/** Full, 5 of ours beside 5, each read drawing its delay: none, and nearly the most. */
		const readBoth = () => {
			random.mockReturnValueOnce(0).mockReturnValueOnce(0.999);
			for (const pacer of pacers) read(pacer, { active: 10, waiting: 0 });
		};
		readBoth();
		// Steady: the next read a read gap away, the second pacer's later.
		jest.advanceTimersByTime(Math.floor(lateBy(USAGE_READ_SHARED_MS)));
		expect(due()).toEqual([true, false]);
		jest.advanceTimersByTime(1);
		expect(due()).toEqual([true, true]);
		// Refused at the same moment: both read soon, apart.
		readBoth();
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS / 2);
		for (const pacer of pacers) pacer.onRateLimited(Date.now());
		jest.advanceTimersByTime(Math.floor(lateBy(0)));
		expect(due()).toEqual([true, false]);
		jest.advanceTimersByTime(1);
		expect(due()).toEqual([true, true]);
	});

	test('one free slot beside others is not room: requests on their way leave it', async () => {
		const pacer = await sharing(3);
		// 4 of ours beside 5 of others': 1 free slot, seen three times in a row: not taken.
		readTwice(pacer, { active: 9, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 9, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// 2 free: room, half of it.
		readTwice(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(6);
	});

	test('room is left to others first by a pacer holding more than all of them together', async () => {
		const pacer = await sharing(5);
		// Others hold 3 against our 5: room for 2, seen twice, but not yet for long.
		readTwice(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS - USAGE_READ_CONFIRM_MS - 1);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// Still free a read gap after it was first seen: nobody else wanted it.
		jest.advanceTimersByTime(1);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(6);
	});

	test('room a pacer gave back is left to the others for a while, even once it holds less', async () => {
		const pacer = await sharing(5);
		readTwice(pacer, { active: 5, waiting: 0 });
		await jest.advanceTimersByTimeAsync(0);
		// Full, holding more than the others' 4: back to 7, then to 5.
		read(pacer, { active: 10, waiting: 0 });
		read(pacer, { active: 10, waiting: 0 });
		expect(pacer.limit).toBe(5);
		while (pacer.inFlight > 4) pacer.release();
		// 4 of ours beside 4 of others': room for 2, seen twice in a row, left to the others.
		readTwice(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// Once RECENT_MS has passed since the give-back, room beside an equal share is taken as before.
		jest.advanceTimersByTime(RECENT_MS - USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(6);
	});

	test('alone twice in a row: the whole plan; requests queued at the service: our share back', async () => {
		const pacer = await sharing(5);
		read(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(5);
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(10);
		await jest.advanceTimersByTimeAsync(0);
		expect(pacer.inFlight).toBe(6);
		// 6 of ours and 14 of others', 10 of them waiting: 10 too many, 6/20 of them ours.
		read(pacer, { active: 10, waiting: 10 });
		expect(pacer.limit).toBe(7);
		// 6 of ours, 1 of others' waiting: holding more than all of them, we give the excess back.
		read(pacer, { active: 10, waiting: 1 });
		expect(pacer.limit).toBe(6);
	});

	test('back after a pause, a read from before it confirms nothing', async () => {
		const pacer = await sharing(5);
		read(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// Idle as long as others take to confirm room, within RECENT_MS of the last read.
		await idleFor(pacer, USAGE_READ_CONFIRM_MS);
		await acquireMany(pacer, 5);
		void pacer.acquire();
		read(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(5);
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(10);
	});

	test('a 429 after a read that saw room: that read confirms nothing after it', async () => {
		const pacer = await sharing(3);
		// Others hold 4 of the 10, as many as we do: room for 2, seen once.
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// A request sent after that read is refused: the room was not there.
		expect(refusedSoon(pacer)).toBe(true);
		expect(pacer.limit).toBe(4);
		// The same usage once more is a first sight of room, not a second.
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(4);
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
	});

	test('a service that queues: QUEUE_ALLOWANCE requests may wait there, within its queue limit, not just after a 429', async () => {
		const plan = { concurrency: 10, queueLimit: 50 };
		const pacer = await sharing(3);
		expect(pacer.inFlight).toBe(4);
		// Requests waiting at the service: it queues. 2 waiting beside 10 in flight are not too many.
		read(pacer, { active: 10, waiting: 2 }, plan);
		expect(pacer.limit).toBe(5);
		// 9 in flight and none waiting: room for 1 in the plan and 2 waiting, seen twice: half of it.
		read(pacer, { active: 9, waiting: 0 }, plan);
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 9, waiting: 0 }, plan);
		expect(pacer.limit).toBe(6);
		// A 429: the service refuses past the plan after all (what waits there are jobs), or its
		// queue is full. For a while, whatever waits is an excess.
		pacer.onRateLimited(Date.now());
		expect(pacer.limit).toBe(4);
		jest.advanceTimersByTime(QUEUE_DOUBT_AFTER_429_MS - 1);
		read(pacer, { active: 10, waiting: 2 }, plan);
		expect(pacer.limit).toBe(3);
		// Then the short queue again: 9 in flight and 1 waiting is room for 2, seen twice.
		jest.advanceTimersByTime(1);
		readTwice(pacer, { active: 9, waiting: 1 }, plan);
		expect(pacer.limit).toBe(4);
		// A plan that queues nothing leaves nothing waiting either.
		const strict = await sharing(3);
		read(strict, { active: 10, waiting: 2 }, { concurrency: 10, queueLimit: 0 });
		expect(strict.limit).toBe(4);
	});

	test('a service that queues: only what waits past QUEUE_ALLOWANCE is an excess, shared by who sent it', async () => {
		const plan = { concurrency: 10, queueLimit: 50 };
		// 4 waiting: 2 past the allowance. Ours are 4 of the 14 requests: 4/14 of the 2 back.
		const pacer = await sharing(3);
		read(pacer, { active: 10, waiting: 4 }, plan);
		expect(pacer.limit).toBe(4);
		// More in flight than the plan but nothing waiting: the service runs them all, so nothing
		// waits to be given back (and we hold less than the others).
		const running = await sharing(3);
		read(running, { active: 13, waiting: 0 }, plan);
		expect(running.limit).toBe(5);
	});

	test('jobs waiting at a service that queues no requests: the room is the plan less what runs', async () => {
		// No queue limit in the plan, so none of ours may wait there: what waits are jobs (PENDING),
		// which hold no request slot. 6 in flight, 4 of them ours: room for 4, seen twice: half.
		const pacer = await sharing(3);
		readTwice(pacer, { active: 6, waiting: 3 });
		expect(pacer.limit).toBe(7);
	});

	test('full and holding more than all the others together: half the difference back', async () => {
		const pacer = await sharing(5);
		readTwice(pacer, { active: 5, waiting: 0 });
		await jest.advanceTimersByTimeAsync(0);
		// Others hold 4 while our limit is 10: the plan is full; (10 - 4) / 2 back.
		read(pacer, { active: 10, waiting: 0 });
		expect(pacer.limit).toBe(7);
		// Others hold 4 against our 7: one and a half back.
		read(pacer, { active: 10, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// 5 against 4 + 1: balanced, nothing more.
		read(pacer, { active: 10, waiting: 0 });
		expect(pacer.limit).toBe(5);
	});

	test('back after a pause: at half the plan once it has shared it, as it was if it never has', async () => {
		const pacer = await sharing(3);
		readTwice(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(6);
		// Idle for less than others take to confirm room: nothing missed.
		await idleFor(pacer, USAGE_READ_CONFIRM_MS - 1);
		await pacer.acquire();
		expect(pacer.limit).toBe(6);
		pacer.release();
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		await pacer.acquire();
		expect(pacer.limit).toBe(5);
		expect(pacer.usageReadDue()).toBe(false);
		// Alone at the last reads, but it shared the plan before: half again (the others may come
		// back with it).
		readTwice(pacer, { active: 1, waiting: 0 });
		expect(pacer.limit).toBe(10);
		pacer.release();
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		await pacer.acquire();
		expect(pacer.limit).toBe(5);

		// A pacer that never saw others keeps the whole plan.
		const alone = await afterFirstRead();
		await acquireMany(alone, 5);
		readTwice(alone, { active: 5, waiting: 0 });
		expect(alone.limit).toBe(10);
		while (alone.inFlight > 0) alone.release();
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS);
		await alone.acquire();
		expect(alone.limit).toBe(10);
	});

	test('a first read that holds only itself says nothing of what is counted: usage is followed', async () => {
		// A service that does not count the read: the first read, alone, sees active 0.
		const pacer = new Pacer();
		await pacer.acquire();
		pacer.beginUsageRead();
		pacer.onPlanRead({ concurrency: 10 }, { active: 0, waiting: 0 }, { first: true });
		pacer.release();
		expect(pacer.limit).toBe(5);
		await acquireMany(pacer, 5);
		void pacer.acquire();
		// Reads go on, and their usage is followed: of our 5 slots one is the read, which the
		// service does not count; 4 of ours and nobody else's: alone, twice: the whole plan.
		expect(pacer.usageReadDue()).toBe(true);
		read(pacer, { active: 4, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 4, waiting: 0 });
		expect(pacer.limit).toBe(10);
	});

	test('what the read counts is looked at again by every read with none of ours in flight', async () => {
		// The first read, alone, saw 0: the read is not counted...
		const pacer = await afterFirstRead({ active: 0, waiting: 0 });
		jest.advanceTimersByTime(RECENT_MS + 1);
		// ...until a later one with none of ours sees itself (the service's reading, or a cached
		// usage, changed what the first one saw).
		await pacer.acquire();
		read(pacer, { active: 1, waiting: 0 });
		await idleFor(pacer, RECENT_MS + 1);
		await acquireMany(pacer, 5);
		void pacer.acquire();
		// 4 of ours and the read, nobody else's: alone, twice: the whole plan.
		readTwice(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(10);
	});

	test('a read the service does not count is not taken for another worker', async () => {
		const pacer = await afterFirstRead({ active: 0, waiting: 0 });
		await acquireMany(pacer, 5);
		void pacer.acquire();
		// Of our 5 slots one is the read, which the service does not count: 4 of ours and 1 of
		// another worker's. Room beside others, not the whole plan.
		readTwice(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBeLessThan(10);
	});

	test('a read the service does not count leaves its slot looking free: one more is not room', async () => {
		const pacer = await afterFirstRead({ active: 0, waiting: 0 });
		jest.advanceTimersByTime(RECENT_MS + 1);
		await acquireMany(pacer, 4);
		void pacer.acquire();
		// 4 of ours (the fifth slot is the read) beside 4 of others': 2 free, seen three times: not
		// room, as any other worker's read may be holding one of them.
		readTwice(pacer, { active: 8, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBe(5);
		// 3 free: room, taken once it stayed free (we hold more than the others' 3): half of it.
		readTwice(pacer, { active: 7, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS);
		read(pacer, { active: 7, waiting: 0 });
		expect(pacer.limit).toBe(6);
	});

	test('refused soon after taking the plan as alone: the read was not counted, alone no longer', async () => {
		// The first read saw others: whether the service counts the read is unknown, taken as counted.
		const pacer = await afterFirstRead({ active: 3, waiting: 0 }, 4);
		jest.advanceTimersByTime(RECENT_MS + 1);
		await acquireMany(pacer, 4);
		void pacer.acquire();
		// 4 slots in use, one of them the read, and `active` 4: alone, if the read counts.
		readTwice(pacer, { active: 4, waiting: 0 });
		expect(pacer.limit).toBe(10);
		// A request sent since is refused: the slot the read seemed to hold was another worker's.
		expect(refusedSoon(pacer)).toBe(true);
		expect(pacer.limit).toBe(8);
		await acquireMany(pacer, pacer.limit - pacer.inFlight);
		void pacer.acquire();
		// The same reading: 7 of ours (the read aside) and the other worker's one, not the plan alone.
		readTwice(pacer, { active: 8, waiting: 0 });
		expect(pacer.limit).toBeLessThan(8);
	});

	test('a usage read refused at a full plan (read uncounted): the limit stays, the next read waits', async () => {
		const pacer = await sharing(4);
		read(pacer, { active: 10, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS);
		expect(pacer.usageReadDue()).toBe(true);
		pacer.beginUsageRead();
		pacer.usageReadFailed();
		expect(pacer.limit).toBe(5);
		// Not read again at once (every read would be refused while the plan stays full).
		jest.advanceTimersByTime(USAGE_READ_SHARED_MS - 1);
		expect(pacer.usageReadDue()).toBe(false);
		jest.advanceTimersByTime(1);
		expect(pacer.usageReadDue()).toBe(true);
	});

	// Job reads under `concurrencyCounts: scrapes` (sandbox/README.md) are such requests, or a
	// service whose usage counts none of ours.
	test('a usage that leaves our requests out: two reads in a row that saw them say so; reads go on', async () => {
		const pacer = await sharing(5);
		// 5 of ours in flight, none of them counted, once: not yet believed.
		read(pacer, { active: 0, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 0, waiting: 0 });
		// Twice: the plan, and growth by successes after a 429.
		expect(pacer.limit).toBe(5);
		pacer.onRateLimited(Date.now());
		expect(pacer.limit).toBe(4);
		for (let i = 0; i < 4; i++) pacer.onSuccess();
		expect(pacer.limit).toBe(5);
		// Still reading, USAGE_READ_ALONE_MS apart (a 429 brings the next closer, as ever).
		read(pacer, { active: 0, waiting: 0 });
		jest.advanceTimersByTime(USAGE_READ_ALONE_MS - 1);
		expect(pacer.usageReadDue()).toBe(false);
		jest.advanceTimersByTime(1);
		expect(pacer.usageReadDue()).toBe(true);
		// A read that sees ours counted: the usage is followed again (alone, twice: the plan).
		read(pacer, { active: 5, waiting: 0 });
		for (let i = 0; i < 20; i++) pacer.onSuccess();
		expect(pacer.limit).toBe(5);
		jest.advanceTimersByTime(USAGE_READ_CONFIRM_MS);
		read(pacer, { active: 5, waiting: 0 });
		expect(pacer.limit).toBe(10);
	});

	test('reads come only with a backlog, within their share of the rate, less and less often alone', async () => {
		const pacer = new Pacer();
		await pacer.acquire();
		pacer.beginUsageRead();
		pacer.onPlanRead(
			{ concurrency: 2, perMinute: 6000 },
			{ active: 1, waiting: 0 },
			{ first: true },
		);
		expect(pacer.limit).toBe(1);
		pacer.release();
		expect(pacer.usageReadDue()).toBe(false);
		for (let i = 0; i < 3; i++) void pacer.acquire();
		await jest.advanceTimersByTimeAsync(50);
		expect(pacer.usageReadDue()).toBe(true);
		const gaps: number[] = [];
		for (let i = 0, last = Date.now(); i < 8; i++, last = Date.now()) {
			read(pacer, { active: pacer.inFlight, waiting: 0 }, { concurrency: 2, perMinute: 6000 });
			for (let t = 0; !pacer.usageReadDue() && t < 20_000; t += 10) jest.advanceTimersByTime(10);
			gaps.push(Date.now() - last);
		}
		expect(pacer.limit).toBe(2);
		// Reads take at most 5% of the rate limit: 6000/min, 10.2 ms apart, so reads 204 ms apart.
		expect(Math.min(...gaps)).toBeGreaterThanOrEqual(204);
		// Alone at the plan: the gap doubles up to USAGE_READ_ALONE_MS.
		expect(gaps.slice(-2)).toEqual([USAGE_READ_ALONE_MS, USAGE_READ_ALONE_MS]);
	});
});
