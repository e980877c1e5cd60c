/** When and how long to wait before trying a request again. */
import type { HttpMethod } from '../../../contract';

export const MAX_ATTEMPTS = 6;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30000;

/**
 * How each form of an HTTP date starts (IMF-fixdate, RFC 850, asctime): with the day's name.
 * Date.parse reads far more than dates: "-3600" as the year 3600, "-5" or "in 5" as 2001.
 */
const HTTP_DATE_START = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), if it is usable. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Number(text) * 1000, MAX_BACKOFF_MS * 4);
	if (!HTTP_DATE_START.test(text)) return undefined;
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.min(Math.max(date - now, 0), MAX_BACKOFF_MS * 4);
}

/** Exponential backoff with full jitter; `attempt` counts from 1. */
export function backoffMs(attempt: number, random = Math.random): number {
	const ceiling = Math.min(BASE_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Whether a request may be repeated after it may have reached the server. A POST can start a
 * job or spend credits, so only reads are repeated; 429 and refused connections are always
 * safe to repeat because the server did no work.
 */
export function isIdempotent(method: HttpMethod): boolean {
	return method === 'GET';
}

/** Network errors that prove the request never reached the server. */
export function neverSent(code: string | undefined): boolean {
	return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/** What one attempt came to, as far as retrying is concerned. */
export type AttemptOutcome =
	| { kind: 'response'; status: number; retryAfter?: unknown }
	| { kind: 'network'; code: string };

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

/**
 * Whether to try again after `attempt` (counting from 1) of `maxAttempts`, and after how long.
 * Pure: no clock but `now`, no randomness but `random`. No 4xx but 429 is retried.
 */
export function shouldRetry(
	outcome: AttemptOutcome,
	attempt: number,
	maxAttempts: number,
	method: HttpMethod,
	{ now = Date.now(), random = Math.random } = {},
): RetryDecision {
	if (attempt >= maxAttempts) return { retry: false };
	const backoff = backoffMs(attempt, random);
	if (outcome.kind === 'network')
		return neverSent(outcome.code) || isIdempotent(method)
			? { retry: true, waitMs: backoff }
			: { retry: false };
	const asked = retryAfterMs(outcome.retryAfter, now);
	if (outcome.status === 429) return { retry: true, waitMs: asked ?? backoff };
	if (outcome.status >= 500 && isIdempotent(method))
		return { retry: true, waitMs: asked ?? backoff };
	return { retry: false };
}
