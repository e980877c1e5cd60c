/**
 * Keeps many items inside the account's plan: at most `concurrency` requests in flight and
 * request starts spaced to stay under the per-minute rate limit. A 429 halves the concurrency
 * once per overload (additive increase brings it back), so the node adapts when the plan is
 * shared with others.
 */
import { sleep } from 'n8n-workflow';

export interface PacerLimits {
	concurrency: number;
	/** Requests per minute; undefined when unknown. */
	perMinute?: number;
}

/** Successes needed before one more request may be in flight again. */
const RECOVERY_STREAK = 10;

export class Pacer {
	private maxConcurrency = 1;

	private concurrency = 1;

	private inFlight = 0;

	private readonly waiting: Array<() => void> = [];

	private nextStartAt = 0;

	private lastStartAt = -Infinity;

	private streak = 0;

	private spacingMs = 0;

	/** When concurrency was last cut: 429s of requests started before it are the same overload. */
	private lastCutAt = -Infinity;

	constructor(limits: PacerLimits) {
		this.setLimits(limits);
	}

	/** Applies new limits (the plan, once it is read); requests in flight finish as they are. */
	setLimits(limits: PacerLimits): void {
		this.maxConcurrency = Math.max(1, Math.floor(limits.concurrency));
		this.concurrency = this.maxConcurrency;
		// 2% margin keeps clock drift between us and the server from tipping a window over.
		this.spacingMs = limits.perMinute && limits.perMinute > 0 ? (60000 / limits.perMinute) * 1.02 : 0;
		// Requests already started count towards the schedule.
		this.nextStartAt = Math.max(this.nextStartAt, this.lastStartAt + this.spacingMs);
		this.wakeNext();
	}

	get limit(): number {
		return this.concurrency;
	}

	/** Waits for a free slot and for the rate limit; the caller must call release() after. */
	async acquire(signal?: AbortSignal): Promise<void> {
		if (this.inFlight < this.concurrency && this.waiting.length === 0) this.inFlight++;
		// Otherwise release() hands over its slot, counting it in inFlight for us.
		else await new Promise<void>((resolve) => this.waiting.push(resolve));
		const now = Date.now();
		const startAt = Math.max(now, this.nextStartAt);
		this.lastStartAt = startAt;
		if (this.spacingMs > 0) {
			this.nextStartAt = startAt + this.spacingMs;
			if (startAt > now) {
				await sleep(startAt - now, signal).catch(async (error: Error) => {
					this.release();
					return await Promise.reject(error);
				});
			}
		}
	}

	release(): void {
		this.inFlight--;
		this.wakeNext();
	}

	onSuccess(): void {
		if (this.concurrency < this.maxConcurrency && ++this.streak >= RECOVERY_STREAK) {
			this.streak = 0;
			this.concurrency++;
			this.wakeNext();
		}
	}

	/** `startedAt`: when the refused request was sent. */
	onRateLimited(startedAt: number): void {
		this.streak = 0;
		if (startedAt < this.lastCutAt) return;
		this.lastCutAt = Date.now();
		this.concurrency = Math.max(1, Math.floor(this.concurrency / 2));
	}

	private wakeNext(): void {
		while (this.waiting.length > 0 && this.inFlight < this.concurrency) {
			this.inFlight++;
			this.waiting.shift()!();
		}
	}
}
