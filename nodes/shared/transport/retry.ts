/** When and how long to wait before trying a request again. */
import type { HttpMethod } from '../../../contract';

export const MAX_ATTEMPTS = 6;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30000;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), if it is usable. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Number(text) * 1000, MAX_BACKOFF_MS * 4);
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
