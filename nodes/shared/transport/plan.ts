/** The account's plan and usage, read with GET /account, for the account's pacer. */
import type { AccountResponse } from '../../../contract';
import { endpointRequest, type ApiRequest } from './apiRequest';
import type { Plan, Usage } from './pacer';

/** Sends the account's request and returns its parsed body: the client's `request`, passed in by the client. */
export type AccountRequest = (request: ApiRequest) => Promise<AccountResponse>;

/** Concurrency when the plan cannot be read; 429s tune it down from here. */
export const FALLBACK_CONCURRENCY = 5;
/**
 * Concurrency when the read itself was refused with 429: the plan is in use right now (other
 * queue-mode workers hold it), so more would only be refused too until the read is tried again.
 */
export const REFUSED_READ_CONCURRENCY = 1;

/**
 * What a plan read from the API may set, whatever it says: a limit of at most 100 requests in
 * flight, and a rate of at least 6 a minute (a request waits at most 10 s for its turn). The
 * service's 429s still tune the pacer down within these bounds.
 */
export const PLAN_BOUNDS = { maxConcurrency: 100, minPerMinute: 6, maxPerMinute: 1_000_000 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** What one read tells: the plan, the account's usage when reported, or that the read failed. */
export type PlanRead = Plan & { usage?: Usage; failed?: true };

/** A count the service reported, or undefined when it is not a whole number >= 0. */
function count(value: unknown): number | undefined {
	const n = Number(value);
	return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : undefined;
}

/**
 * Never fails: a plan that cannot be read gives a cautious default. Undefined when the run that
 * reads it was stopped first: that says nothing about the plan. Tried once: the first request of
 * an account waits for this read, and must not wait out a backoff for it.
 */
export async function readPlan(
	send: AccountRequest,
	signal?: AbortSignal,
): Promise<PlanRead | undefined> {
	try {
		const { data } = await send(endpointRequest('account', {}, { maxAttempts: 1, unpaced: true }));
		const concurrency = Number(data?.plan?.concurrency);
		const perMinute = Number(data?.plan?.rateLimitPerMinute);
		const active = count(data?.queue?.active);
		const waiting = count(data?.queue?.waiting);
		const queueLimit = count(data?.plan?.queueLimit);
		return {
			usage: active !== undefined && waiting !== undefined ? { active, waiting } : undefined,
			concurrency:
				concurrency > 0 && Number.isFinite(concurrency)
					? clamp(Math.floor(concurrency), 1, PLAN_BOUNDS.maxConcurrency)
					: FALLBACK_CONCURRENCY,
			perMinute:
				perMinute > 0 && Number.isFinite(perMinute)
					? clamp(perMinute, PLAN_BOUNDS.minPerMinute, PLAN_BOUNDS.maxPerMinute)
					: undefined,
			queueLimit,
		};
	} catch (error) {
		if (signal?.aborted) return undefined;
		const refused = (error as { httpCode?: string }).httpCode === '429';
		return {
			concurrency: refused ? REFUSED_READ_CONCURRENCY : FALLBACK_CONCURRENCY,
			failed: true,
		};
	}
}
