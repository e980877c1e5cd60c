/**
 * Retry decisions on their own (no clock, no randomness but the ones given): what is tried again,
 * after how long, and what never is.
 */
import {
	MAX_ATTEMPTS,
	backoffMs,
	isIdempotent,
	neverSent,
	retryAfterMs,
	shouldRetry,
} from '../../nodes/shared/transport/retry';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const CAP = 120_000; // four times the longest backoff

describe('Retry-After', () => {
	test.each([
		['3', 3000],
		[' 2 ', 2000],
		['1.5', 1500],
		['1.25', 1250],
		[7, 7000],
		[['4', '9'], 4000],
		['0', 0],
		['600', CAP],
		[new Date(NOW + 5000).toUTCString(), 5000],
		[new Date(NOW - 5000).toUTCString(), 0],
		[new Date(NOW + 3_600_000).toUTCString(), CAP],
		['Thursday, 01-Jan-26 00:00:05 GMT', 5000],
	])('%j asks for %i ms', (header, ms) => {
		expect(retryAfterMs(header, NOW)).toBe(ms);
	});

	test.each([undefined, null, true, {}, 'soon', '1e3', '', new Date(NOW + 5000)])(
		'%j is not usable',
		(header) => {
			expect(retryAfterMs(header, NOW)).toBeUndefined();
		},
	);

	// Date.parse would read these as dates: far in the future (a wait at the cap) or long past
	// (no wait at all).
	test.each(['-3600', '-10000', '-5', '.5', '+5', '5.', 'in 5'])(
		'%j is neither seconds nor an HTTP date: not usable',
		(header) => {
			expect(retryAfterMs(header, NOW)).toBeUndefined();
		},
	);
});

describe('backoff', () => {
	// What a user (and the service) feels, not the formula: never at once, more patient each
	// time, spread by chance so that many items do not come back together, and bounded.
	const retries = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => i + 1);

	test('each wait is longer than a moment and at least as long as the one before', () => {
		for (const draw of [0, 0.5, 1]) {
			const waits = retries.map((attempt) => backoffMs(attempt, () => draw));
			expect(Math.min(...waits)).toBeGreaterThanOrEqual(100);
			for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);
			expect(waits.at(-1)).toBeGreaterThan(4 * waits[0]);
		}
	});

	test('chance spreads the waits of one attempt', () => {
		for (const attempt of retries)
			expect(backoffMs(attempt, () => 0)).toBeLessThan(backoffMs(attempt, () => 1));
	});

	test('a request given up on waited under a minute in all; no wait ever passes a minute', () => {
		const total = retries.reduce((sum, attempt) => sum + backoffMs(attempt, () => 1), 0);
		expect(total).toBeLessThan(60_000);
		expect(backoffMs(60, () => 1)).toBeLessThan(60_000);
	});
});

describe('what is safe to repeat', () => {
	test('only reads are repeated once they may have reached the server', () => {
		expect(isIdempotent('GET')).toBe(true);
		for (const method of ['POST', 'PATCH', 'DELETE'] as const)
			expect(isIdempotent(method)).toBe(false);
	});

	test('refused connections and failed look-ups never reached it', () => {
		for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])
			expect(neverSent(code)).toBe(true);
		for (const code of ['ECONNRESET', 'ETIMEDOUT', undefined]) expect(neverSent(code)).toBe(false);
	});
});

describe('shouldRetry', () => {
	const options = { now: NOW, random: () => 1 };

	test.each([
		[{ kind: 'response', status: 429 }, 'POST', { retry: true, waitMs: 1000 }],
		[{ kind: 'response', status: 429, retryAfter: '3' }, 'POST', { retry: true, waitMs: 3000 }],
		[{ kind: 'response', status: 500 }, 'GET', { retry: true, waitMs: 1000 }],
		[{ kind: 'response', status: 503, retryAfter: '2' }, 'GET', { retry: true, waitMs: 2000 }],
		[{ kind: 'response', status: 599 }, 'GET', { retry: true, waitMs: 1000 }],
		[{ kind: 'response', status: 500 }, 'POST', { retry: false }],
		[{ kind: 'response', status: 499 }, 'GET', { retry: false }],
		[{ kind: 'response', status: 404 }, 'GET', { retry: false }],
		[{ kind: 'response', status: 400, retryAfter: '1' }, 'GET', { retry: false }],
		[{ kind: 'network', code: 'ECONNREFUSED' }, 'POST', { retry: true, waitMs: 1000 }],
		[{ kind: 'network', code: 'ECONNRESET' }, 'GET', { retry: true, waitMs: 1000 }],
		[{ kind: 'network', code: 'ECONNRESET' }, 'POST', { retry: false }],
	] as const)('after attempt 2: %j on %s: %j', (outcome, method, decision) => {
		expect(shouldRetry(outcome, 2, 6, method, options)).toEqual(decision);
	});

	test('the last attempt is never followed by another', () => {
		expect(shouldRetry({ kind: 'response', status: 429 }, 6, 6, 'GET', options)).toEqual({
			retry: false,
		});
		expect(shouldRetry({ kind: 'response', status: 429 }, 7, 6, 'GET', options)).toEqual({
			retry: false,
		});
		expect(shouldRetry({ kind: 'response', status: 429 }, 5, 6, 'GET', options)).toEqual({
			retry: true,
			waitMs: 8000,
		});
	});

	test('without a clock or a random source given, the real ones are used', () => {
		const { waitMs } = shouldRetry({ kind: 'response', status: 429 }, 1, 6, 'GET') as {
			waitMs: number;
		};
		expect(waitMs).toBeGreaterThanOrEqual(250);
		expect(waitMs).toBeLessThanOrEqual(500);
		const date = new Date(Date.now() + 60_000).toUTCString();
		expect(retryAfterMs(date)).toBeGreaterThan(50_000);
	});
});
