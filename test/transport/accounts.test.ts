/**
 * The process-wide pacers (one per account) on jest's fake clock: when the plan is read, that a
 * re-read keeps a cut, that idle accounts are dropped and the map stays bounded, and that none
 * of it sets a timer.
 */
import {
	IDLE_DROP_MS,
	MAX_ACCOUNTS,
	PLAN_MAX_AGE_MS,
	RETRY_FIRST_READ_MS,
	accountCount,
	accountKey,
	accountPacer as pacerOf,
	forgetAccounts,
	readPlanWhenDue,
} from '../../nodes/shared/transport/accounts';
import { apiError } from '../../nodes/shared/transport/errors';
import type { Pacer, Plan } from '../../nodes/shared/transport/pacer';
import { FALLBACK_CONCURRENCY, readPlan, type PlanRead } from '../../nodes/shared/transport/plan';

/** The account's pacer, as a request that holds its slot sees it: the plan read starts when due. */
function accountPacer(key: string, read: () => Promise<Plan | undefined>): Pacer {
	const pacer = pacerOf(key);
	readPlanWhenDue(key, read);
	return pacer;
}

beforeEach(async () => {
	await forgetAccounts();
	jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => jest.useRealTimers());

function planReader(limits: Plan = { concurrency: 10, perMinute: 600 }) {
	const reads: number[] = [];
	return {
		reads,
		read: async () => {
			reads.push(Date.now());
			return limits;
		},
	};
}

test('the key depends on the API key and the base URL, and does not contain the key', () => {
	const key = accountKey('bc_secret', 'https://a.example');
	expect(key).not.toContain('bc_secret');
	expect(accountKey('bc_secret', 'https://a.example')).toBe(key);
	expect(accountKey('bc_other', 'https://a.example')).not.toBe(key);
	expect(accountKey('bc_secret', 'https://b.example')).not.toBe(key);
});

test('one pacer per account; the plan is read once, then again only when it is old', async () => {
	const plan = planReader();
	const a = accountPacer('a', plan.read);
	expect(accountPacer('a', plan.read)).toBe(a);
	expect(accountPacer('b', planReader().read)).not.toBe(a);
	await jest.advanceTimersByTimeAsync(0);
	expect(a.limit).toBe(10);
	expect(plan.reads).toHaveLength(1);

	jest.advanceTimersByTime(PLAN_MAX_AGE_MS - 1);
	accountPacer('a', plan.read);
	expect(plan.reads).toHaveLength(1);
	jest.advanceTimersByTime(2);
	accountPacer('a', plan.read);
	accountPacer('a', plan.read);
	// The read goes out once it has a slot of the pacer (at once: none is busy).
	await jest.advanceTimersByTimeAsync(0);
	expect(plan.reads).toHaveLength(2);
});

test('after an overload the plan is read again (at most every 30 s), and the re-read keeps the cut', async () => {
	const plan = planReader();
	const pacer = accountPacer('a', plan.read);
	await jest.advanceTimersByTimeAsync(0);
	pacer.onRateLimited(Date.now());
	expect(pacer.limit).toBe(8);
	accountPacer('a', plan.read);
	expect(plan.reads).toHaveLength(1);
	jest.advanceTimersByTime(30_001);
	accountPacer('a', plan.read);
	await jest.advanceTimersByTimeAsync(0);
	expect(plan.reads).toHaveLength(2);
	expect(pacer.limit).toBe(8);
});

test('idle accounts are dropped after a while; an account with requests in flight is kept', async () => {
	const busy = accountPacer('busy', planReader().read);
	accountPacer('idle', planReader().read);
	await jest.advanceTimersByTimeAsync(0);
	// The plan read took the first start: this one waits its turn on the rate schedule.
	const acquired = busy.acquire();
	await jest.advanceTimersByTimeAsync(200);
	await acquired;
	jest.advanceTimersByTime(IDLE_DROP_MS + 1);
	accountPacer('new', planReader().read);
	expect(accountCount()).toBe(2);
	expect(accountPacer('busy', planReader().read)).toBe(busy);
});

test(`at most ${MAX_ACCOUNTS} accounts are kept, the longest idle dropped first`, async () => {
	for (let i = 0; i < MAX_ACCOUNTS + 20; i++) {
		accountPacer(`k${i}`, planReader().read);
		// Its plan read ends: the account is idle again.
		await jest.advanceTimersByTimeAsync(1);
	}
	expect(accountCount()).toBe(MAX_ACCOUNTS);
	const first = accountPacer('k0', planReader().read);
	expect(first.limit).toBe(1); // k0 was dropped: a fresh pacer that has not read its plan yet
});

test('no timer is left behind', async () => {
	const pacer = accountPacer('a', planReader().read);
	await jest.advanceTimersByTimeAsync(0);
	const acquired = pacer.acquire();
	await jest.advanceTimersByTimeAsync(200);
	await acquired;
	pacer.release();
	pacer.onRateLimited(Date.now(), 10_000);
	expect(jest.getTimerCount()).toBe(0);
});

test('the plan read takes a slot: with the window full it waits, then goes before waiting requests', async () => {
	const plan = planReader({ concurrency: 2 });
	const pacer = accountPacer('a', plan.read);
	await jest.advanceTimersByTimeAsync(0);
	expect(pacer.limit).toBe(2);
	await pacer.acquire();
	await pacer.acquire();
	const waiting = pacer.acquire();
	jest.advanceTimersByTime(PLAN_MAX_AGE_MS + 1);
	accountPacer('a', plan.read);
	await jest.advanceTimersByTimeAsync(0);
	// Two in flight, a plan of two: the read waits.
	expect(plan.reads).toHaveLength(1);
	expect(pacer.inFlight).toBe(2);
	pacer.release();
	await jest.advanceTimersByTimeAsync(0);
	// The freed slot went to the read, ahead of the request that was waiting; never three.
	expect(plan.reads).toHaveLength(2);
	expect(pacer.inFlight).toBe(2);
	let granted = false;
	void waiting.then(() => (granted = true));
	await jest.advanceTimersByTimeAsync(0);
	expect(granted).toBe(true);
	expect(pacer.inFlight).toBe(2);
	pacer.release();
	pacer.release();
});

test('a plan read stopped with its run before it had a slot sets nothing; the next request reads', async () => {
	const plan = planReader({ concurrency: 1 });
	const pacer = accountPacer('a', plan.read);
	await jest.advanceTimersByTimeAsync(0);
	await pacer.acquire();
	jest.advanceTimersByTime(PLAN_MAX_AGE_MS + 1);
	const run = new AbortController();
	pacerOf('a');
	readPlanWhenDue('a', plan.read, run.signal);
	run.abort(new Error('stopped'));
	await jest.advanceTimersByTimeAsync(0);
	expect(plan.reads).toHaveLength(1);
	pacer.release();
	accountPacer('a', plan.read);
	await jest.advanceTimersByTimeAsync(0);
	expect(plan.reads).toHaveLength(2);
});

test('a re-read that fails keeps the plan, and is not tried again at once', async () => {
	let failing = false;
	const reads: number[] = [];
	const read = async (): Promise<PlanRead> => {
		reads.push(Date.now());
		return failing ? { concurrency: 5, failed: true } : { concurrency: 10, perMinute: 600 };
	};
	const pacer = accountPacer('a', read);
	await jest.advanceTimersByTimeAsync(0);
	expect(pacer.limit).toBe(10);
	failing = true;
	jest.advanceTimersByTime(PLAN_MAX_AGE_MS + 1);
	accountPacer('a', read);
	await jest.advanceTimersByTimeAsync(0);
	expect(reads).toHaveLength(2);
	// Not the cautious default of a plan never read: the plan known stays.
	expect(pacer.limit).toBe(10);
	accountPacer('a', read);
	await jest.advanceTimersByTimeAsync(0);
	expect(reads).toHaveLength(2);
});

test('a plan read refused with 429 gives one request at a time; other failures the fallback', async () => {
	const node = { id: '1', name: 'Web Data', type: 'webData', typeVersion: 1, position: [0, 0] };
	const failWith = (status: number) => async () => {
		throw apiError({ ...node, parameters: {} } as never, status, { message: 'busy' });
	};
	expect(await readPlan(failWith(429))).toEqual({ concurrency: 1, failed: true });
	for (const status of [500, 503, 401])
		expect(await readPlan(failWith(status))).toEqual({
			concurrency: FALLBACK_CONCURRENCY,
			failed: true,
		});
	expect(await readPlan(async () => await Promise.reject(new Error('ECONNRESET')))).toEqual({
		concurrency: FALLBACK_CONCURRENCY,
		failed: true,
	});
});

test('a first read that fails gives the fallback, then is tried again after 1 s, 2 s, ... until one succeeds', async () => {
	let failing = true;
	const reads: number[] = [];
	const read = async (): Promise<PlanRead> => {
		reads.push(Date.now());
		return failing
			? { concurrency: 5, failed: true }
			: { concurrency: 10, perMinute: 600, usage: { active: 1, waiting: 0 } };
	};
	const t0 = Date.now();
	const pacer = accountPacer('a', read);
	await jest.advanceTimersByTimeAsync(0);
	expect(pacer.limit).toBe(5);
	pacer.onRateLimited(Date.now());
	expect(pacer.limit).toBe(4);
	for (const wait of [RETRY_FIRST_READ_MS, 2 * RETRY_FIRST_READ_MS]) {
		const before = reads.length;
		jest.advanceTimersByTime(wait - 1);
		accountPacer('a', read);
		await jest.advanceTimersByTimeAsync(0);
		expect(reads).toHaveLength(before);
		jest.advanceTimersByTime(1);
		accountPacer('a', read);
		await jest.advanceTimersByTimeAsync(0);
		expect(reads).toHaveLength(before + 1);
	}
	// A failed retry keeps what the 429s left.
	expect(pacer.limit).toBe(4);
	expect(reads.map((at) => at - t0)).toEqual([0, 1000, 3000]);
	failing = false;
	jest.advanceTimersByTime(4 * RETRY_FIRST_READ_MS);
	accountPacer('a', read);
	await jest.advanceTimersByTimeAsync(0);
	// The first read that succeeds is the first: half the plan, and the usage is read from now on.
	expect(pacer.limit).toBe(5);
	expect(reads).toHaveLength(4);
	jest.advanceTimersByTime(4 * RETRY_FIRST_READ_MS);
	accountPacer('a', read);
	await jest.advanceTimersByTimeAsync(0);
	expect(reads).toHaveLength(4);
});
