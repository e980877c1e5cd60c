/**
 * Runs an execution on jest's fake clock, so timing checks depend on neither the machine's speed
 * nor its load: timers (sleeps, backoffs, the pacer's schedule, the double's own delays) fire
 * only when the clock is moved, and the clock is moved only when everything else has settled.
 *
 *   const { result, elapsed } = await onFakeClock(() => runNode(...));
 *
 * nock answers in process (no sockets), so "settled" means: no microtask, nextTick or
 * setImmediate work left after a number of event-loop turns. Then the clock jumps to the next
 * timer, exactly as if the machine were infinitely fast and time passed only in sleeps.
 */
import * as timers from 'node:timers';

/** Rounds of "a real 0 ms timer, then a run of setImmediate turns" that count as settled. */
const SETTLE_ROUNDS = 5;
const TURNS_PER_ROUND = 20;

/**
 * Lets in-process work finish. nock schedules its replies on the real `timers` module (jest
 * fakes only the globals), so each round first waits for a real 0 ms timer: Node fires timers of
 * the same duration in the order they were set, so nock's earlier ones have fired by then.
 */
async function settle(): Promise<void> {
	for (let round = 0; round < SETTLE_ROUNDS; round++) {
		await new Promise<void>((resolve) => timers.setTimeout(resolve, 0));
		for (let i = 0; i < TURNS_PER_ROUND; i++)
			await new Promise<void>((resolve) => timers.setImmediate(resolve));
	}
}

export const FAKE_START = 1_700_000_000_000;
/** A run still going after this much fake time is stuck: fail it rather than spin. */
const MAX_FAKE_MS = 60 * 60_000;

export async function onFakeClock<T>(
	run: () => Promise<T>,
): Promise<{ result: T; elapsed: number }> {
	jest.useFakeTimers({
		doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
		now: FAKE_START,
	});
	try {
		let settled = false;
		const running = run().finally(() => (settled = true));
		running.catch(() => {});
		for (;;) {
			await settle();
			if (settled) break;
			if (jest.getTimerCount() === 0)
				throw new Error('the execution waits for something that is not a timer');
			if (Date.now() - FAKE_START > MAX_FAKE_MS)
				throw new Error(`still running after ${MAX_FAKE_MS / 1000} s on the fake clock`);
			await jest.advanceTimersToNextTimerAsync();
		}
		const result = await running;
		return { result, elapsed: Date.now() - FAKE_START };
	} finally {
		jest.useRealTimers();
	}
}
