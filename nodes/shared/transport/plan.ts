/** The account's plan limits, read with GET /account, for the account's pacer. */
import type { AccountResponse } from '../../../contract';
import { endpointRequest, type ApiRequest } from './apiRequest';
import type { PacerLimits } from './pacer';

/** Sends the account's request and returns its parsed body: the client's `request`, passed in by the client. */
export type Send = (request: ApiRequest) => Promise<AccountResponse>;

/** Concurrency when the plan cannot be read; 429s tune it down from here. */
export const FALLBACK_CONCURRENCY = 5;

/**
 * What a plan read from the API may set, whatever it says: a window of at most 100 requests in
 * flight, and a rate of at least 6 a minute (a request waits at most 10 s for its turn). The
 * service's 429s still tune the pacer down within these bounds.
 */
export const PLAN_BOUNDS = { maxConcurrency: 100, minPerMinute: 6, maxPerMinute: 1_000_000 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Never fails: a plan that cannot be read gives a cautious default. Undefined when the run that
 * reads it was stopped first: that says nothing about the plan. Tried once: the first request of
 * an account waits for this read, and must not wait out a backoff for it.
 */
export async function readPlanLimits(
	send: Send,
	signal?: AbortSignal,
): Promise<PacerLimits | undefined> {
	try {
		const { data } = await send(endpointRequest('account', {}, { maxAttempts: 1, unpaced: true }));
		const concurrency = Number(data?.plan?.concurrency);
		const perMinute = Number(data?.plan?.rateLimitPerMinute);
		return {
			concurrency:
				concurrency > 0 && Number.isFinite(concurrency)
					? clamp(Math.floor(concurrency), 1, PLAN_BOUNDS.maxConcurrency)
					: FALLBACK_CONCURRENCY,
			perMinute:
				perMinute > 0 && Number.isFinite(perMinute)
					? clamp(perMinute, PLAN_BOUNDS.minPerMinute, PLAN_BOUNDS.maxPerMinute)
					: undefined,
		};
	} catch {
		if (signal?.aborted) return undefined;
		return { concurrency: FALLBACK_CONCURRENCY };
	}
}
