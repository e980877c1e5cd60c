/**
 * The process-wide pacers (one per account) on jest's fake clock: when the plan is read, that a
 * re-read keeps a cut, that idle accounts are dropped and the map stays bounded, and that none
 * of it sets a timer.
 */
import {
	IDLE_DROP_MS,
	MAX_ACCOUNTS,
	PLAN_MAX_AGE_MS,
	accountCount,
	accountKey,
	accountPacer,
	forgetAccounts,
} from '../../nodes/shared/transport/accounts';
import type { PacerLimits } from '../../nodes/shared/transport/pacer';

beforeEach(async () => {
	await forgetAccounts();
	jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => jest.useRealTimers());

function planReader(limits: PacerLimits = { concurrency: 10, perMinute: 600 }) {
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
	await busy.acquire();
	jest.advanceTimersByTime(IDLE_DROP_MS + 1);
	accountPacer('new', planReader().read);
	expect(accountCount()).toBe(2);
	expect(accountPacer('busy', planReader().read)).toBe(busy);
});

test(`at most ${MAX_ACCOUNTS} accounts are kept, the longest idle dropped first`, async () => {
	for (let i = 0; i < MAX_ACCOUNTS + 20; i++) {
		accountPacer(`k${i}`, planReader().read);
		jest.advanceTimersByTime(1);
	}
	expect(accountCount()).toBe(MAX_ACCOUNTS);
	const first = accountPacer('k0', planReader().read);
	expect(first.limit).toBe(1); // k0 was dropped: a fresh pacer that has not read its plan yet
});

test('no timer is left behind', async () => {
	const pacer = accountPacer('a', planReader().read);
	await jest.advanceTimersByTimeAsync(0);
	await pacer.acquire();
	pacer.release();
	pacer.onRateLimited(Date.now(), 10_000);
	expect(jest.getTimerCount()).toBe(0);
});
