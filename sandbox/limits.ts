/**
 * The plan's request limits: a sliding 60-second window, and requests in flight. Past the plan's
 * concurrency the service either refuses (`overload: 'refuse'`, 429 with Retry-After: 1) or
 * queues the request, first come first served, until one in flight ends (`overload: 'queue'`),
 * refusing only when `queueLimit` requests already wait. The spec fixes neither.
 */
import type { PlanConfig } from './config';

export const RATE_WINDOW_MS = 60_000;

export type OverloadModel = 'refuse' | 'queue';

export type Admission =
	| { ok: true; started: Promise<void>; release: () => void }
	| { ok: false; retryAfterS: number; message: string };

export class RequestLimiter {
	private admitted: number[] = [];
	private inFlight = 0;
	private readonly queue: Array<() => void> = [];

	/** Admits a request or says how long to wait. An admitted request must call `release`. */
	admit(plan: PlanConfig, overload: OverloadModel = 'refuse', now = Date.now()): Admission {
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
		const full = this.inFlight >= plan.concurrency;
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
