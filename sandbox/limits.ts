/**
 * The plan's request limits: a sliding 60-second window, and requests in flight. Past the plan's
 * concurrency the service either refuses (`overload: 'refuse'`, 429 with Retry-After: 1) or
 * queues the request, first come first served, until one in flight ends (`overload: 'queue'`),
 * refusing only when `queueLimit` requests already wait. The spec fixes neither, nor which
 * requests count against the concurrency ("concurrent scrapes"): `accountRead` and
 * `concurrencyCounts` play the readings it leaves open (sandbox/README.md).
 */
import type { SandboxConfig } from './config';

export const RATE_WINDOW_MS = 60_000;

/** What a request is to the plan's concurrency (see requestKind). */
export type RequestKind = 'scrape' | 'account' | 'other';

/**
 * GET /account is the usage read; reads of jobs, crawls and extractions, and webhook management,
 * fetch no web page ("other"); everything else may fetch one (a scrape, in the spec's words
 * "concurrent scrapes"), unknown paths included.
 */
export function requestKind(method: string, path: string): RequestKind {
	if (path === '/account') return 'account';
	if (path.startsWith('/webhooks')) return 'other';
	if (method === 'GET' && /^\/(jobs(\/[^/]+)?|crawl\/[^/]+|extract\/[^/]+)\/?$/.test(path))
		return 'other';
	return 'scrape';
}

/**
 * How a request of this kind stands against the concurrency: it holds a slot (`counted`, and is in
 * `queue.active`), or holds none but is refused where a scrape would be (`uncounted`), or neither
 * (`free`). Every request counts in the rate limit.
 */
export function concurrencyRole(
	config: Pick<SandboxConfig, 'accountRead' | 'concurrencyCounts'>,
	kind: RequestKind,
): 'counted' | 'uncounted' | 'free' {
	if (kind === 'account') return config.accountRead;
	if (kind === 'other' && config.concurrencyCounts === 'scrapes') return 'free';
	return 'counted';
}

export type Admission =
	| { ok: true; started: Promise<void>; release: () => void }
	| { ok: false; retryAfterS: number; message: string };

export type LimitConfig = Pick<
	SandboxConfig,
	'plan' | 'overload' | 'accountRead' | 'concurrencyCounts'
>;

export class RequestLimiter {
	private admitted: number[] = [];
	private inFlight = 0;
	private readonly queue: Array<() => void> = [];

	/** Admits a request or says how long to wait. An admitted request must call `release`. */
	admit(config: LimitConfig, kind: RequestKind = 'scrape', now = Date.now()): Admission {
		const { plan, overload } = config;
		while (this.admitted.length > 0 && this.admitted[0] <= now - RATE_WINDOW_MS)
			this.admitted.shift();
		if (this.admitted.length >= plan.rateLimitPerMinute) {
			const retryAfterS = Math.max(1, Math.ceil((this.admitted[0] + RATE_WINDOW_MS - now) / 1000));
			return {
				ok: false,
				retryAfterS,
				message: `Rate limit exceeded: the plan allows ${plan.rateLimitPerMinute} requests per minute. Retry after ${retryAfterS} s.`,
			};
		}
		const role = concurrencyRole(config, kind);
		const full = role !== 'free' && this.inFlight >= plan.concurrency;
		if (full && (overload === 'refuse' || this.queue.length >= plan.queueLimit)) {
			return {
				ok: false,
				retryAfterS: 1,
				message:
					overload === 'refuse'
						? `Concurrency limit exceeded: the plan allows ${plan.concurrency} requests in flight. Retry after 1 s.`
						: `Queue limit reached: the plan allows ${plan.concurrency} requests in flight and ${plan.queueLimit} waiting. Retry after 1 s.`,
			};
		}
		this.admitted.push(now);
		if (role !== 'counted') return { ok: true, started: Promise.resolve(), release: () => {} };
		const started = full
			? new Promise<void>((resolve) => this.queue.push(resolve))
			: Promise.resolve(void this.inFlight++);
		let released = false;
		return {
			ok: true,
			started,
			release: () => {
				if (released) return;
				released = true;
				// A waiting request takes the slot over: in flight stays the same.
				const next = this.queue.shift();
				if (next) next();
				else this.inFlight--;
			},
		};
	}

	/** Requests holding a slot of the plan's concurrency (`queue.active` counts them). */
	get requestsInFlight(): number {
		return this.inFlight;
	}

	/** Requests queued behind the plan's concurrency (overload 'queue'). */
	get requestsWaiting(): number {
		return this.queue.length;
	}

	requestsInWindow(now = Date.now()): number {
		return this.admitted.filter((at) => at > now - RATE_WINDOW_MS).length;
	}

	reset(): void {
		this.admitted = [];
	}
}
