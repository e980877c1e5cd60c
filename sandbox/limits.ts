/** The plan's request limits: a sliding 60-second window, and requests in flight. */
import type { PlanConfig } from './config';

export const RATE_WINDOW_MS = 60_000;

export type Admission =
	| { ok: true; release: () => void }
	| { ok: false; retryAfterS: number; message: string };

export class RequestLimiter {
	private admitted: number[] = [];
	private inFlight = 0;

	/** Admits a request or says how long to wait. An admitted request must call `release`. */
	admit(plan: PlanConfig, now = Date.now()): Admission {
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
		if (this.inFlight >= plan.concurrency) {
			return {
				ok: false,
				retryAfterS: 1,
				message: `Concurrency limit exceeded: the plan allows ${plan.concurrency} requests in flight. Retry after 1 s.`,
			};
		}
		this.admitted.push(now);
		this.inFlight++;
		let released = false;
		return {
			ok: true,
			release: () => {
				if (!released) {
					released = true;
					this.inFlight--;
				}
			},
		};
	}

	get requestsInFlight(): number {
		return this.inFlight;
	}

	requestsInWindow(now = Date.now()): number {
		return this.admitted.filter((at) => at > now - RATE_WINDOW_MS).length;
	}

	reset(): void {
		this.admitted = [];
	}
}
