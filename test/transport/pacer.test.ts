/**
 * The Pacer on its own (no HTTP): slots, spacing, and how it adapts to 429s. The n8n-core tests
 * in concurrency.test.ts show the same behaviour end to end; these pin the arithmetic.
 */
import { Pacer } from '../../nodes/shared/transport/pacer';

async function acquireMany(pacer: Pacer, n: number): Promise<void> {
	for (let i = 0; i < n; i++) await pacer.acquire();
}

describe('Pacer', () => {
	test('never grants more slots than its concurrency; a release hands the slot on', async () => {
		const pacer = new Pacer({ concurrency: 3 });
		await acquireMany(pacer, 3);
		let fourth = false;
		const waiting = pacer.acquire().then(() => (fourth = true));
		await Promise.resolve();
		expect(fourth).toBe(false);
		pacer.release();
		await waiting;
		expect(fourth).toBe(true);
	});

	test('spaces request starts by 60000 / rate (plus 2%)', async () => {
		const pacer = new Pacer({ concurrency: 10, perMinute: 1200 });
		const starts: number[] = [];
		for (let i = 0; i < 5; i++) {
			await pacer.acquire();
			starts.push(Date.now());
			pacer.release();
		}
		// Starts keep to a schedule 51 ms apart (a late wake-up may shorten the gap after it, never
		// the schedule): start k comes no sooner than k x 51 ms after the first.
		starts.forEach((t, k) => expect(t - starts[0]).toBeGreaterThanOrEqual(k * 51 - 1));
		expect(starts[4] - starts[0]).toBeLessThan(4 * 51 + 80);
	});

	test('one 429 halves the concurrency; successes bring it back', async () => {
		const pacer = new Pacer({ concurrency: 8 });
		pacer.onRateLimited(Date.now());
		expect(pacer.limit).toBe(4);
		for (let i = 0; i < 40; i++) pacer.onSuccess();
		expect(pacer.limit).toBe(8);
	});

	/**
	 * A burst of 429s answers requests that were all sent before the first one came back; they
	 * report one overload, not six. Halving once per 429 takes 20 slots to 1 (20 -> 10 -> 5 -> 2
	 * -> 1), and at +1 per 10 successes it takes ~90 items to get back to 10. In the benchmark a
	 * Max Concurrent Requests of 50 against a plan of 10 ran at 52-62% of the plan's limit.
	 * Expected: one cut per overload (e.g. ignore 429s of requests started before the last cut).
	 */
	test('a burst of 429s from requests sent together cuts the concurrency once, not to 1', async () => {
		const pacer = new Pacer({ concurrency: 20 });
		const sentAt = Date.now();
		await acquireMany(pacer, 20);
		await new Promise((resolve) => setTimeout(resolve, 5));
		// Six of the twenty come back 429 at about the same time.
		for (let i = 0; i < 6; i++) {
			pacer.release();
			pacer.onRateLimited(sentAt);
		}
		expect(pacer.limit).toBeGreaterThanOrEqual(10);
	});
});
