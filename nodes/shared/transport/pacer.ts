/**
 * Keeps every request of one account inside its plan: at most `window` requests in flight and
 * request starts spaced under the per-minute rate limit. One Pacer serves every execution of an
 * n8n process that uses the account (see accounts.ts).
 *
 * Other processes (queue-mode workers) share the plan too but not this memory, so the window
 * follows the service's own signals: a 429 cuts it (once per overload), successes grow it back
 * one request at a time, and a 429 whose Retry-After says the rate window is spent holds every
 * request until then.
 */
import { sleep } from 'n8n-workflow';

import { Slots } from './slots';

export interface PacerLimits {
	concurrency: number;
	/** Requests per minute; undefined when unknown. */
	perMinute?: number;
}

/** What is left of the window after the first 429 of an overload. */
export const DECREASE_FACTOR = 0.8;
/** Further 429s of the same overload step the window down by one, but not below this share of it. */
const OVERLOAD_FLOOR = 0.5;
/** Successes in a row that earn one more request in flight while others may be sharing the plan... */
export const INCREASE_EVERY = 20;
/** ...and after this long without a 429, one more per window of successes (about one per round trip). */
export const CALM_MS = 3000;
/** A Retry-After longer than this means the rate window is spent, not that a slot was busy. */
export const HOLD_THRESHOLD_MS = 3000;
/** Rate spacing margin: clock drift between us and the server must not tip a window over. */
const RATE_MARGIN = 1.02;

export class Pacer {
	/** The plan's concurrency: the window never grows past it. */
	private ceiling = 1;

	private readonly slots = new Slots(1);

	private spacingMs = 0;

	private nextStartAt = 0;

	private lastStartAt = -Infinity;

	private streak = 0;

	private holdUntil = 0;

	/** When the window was last cut: 429s of requests started before it are the same overload. */
	lastCutAt = -Infinity;

	private overloadFloor = 1;

	/** When a request last left the pacer; accounts.ts drops pacers idle for long. */
	lastUsedAt = Date.now();

	/** Without limits the plan is not known yet: one request at a time, which no plan can refuse. */
	constructor(limits?: PacerLimits) {
		if (limits) this.setLimits(limits);
	}

	/** The plan, once read. A re-read plan caps the window but does not undo a cut. */
	setLimits(limits: PacerLimits, { keepWindow = false } = {}): void {
		this.ceiling = Math.max(1, Math.floor(limits.concurrency));
		this.slots.setLimit(keepWindow ? Math.min(this.slots.limit, this.ceiling) : this.ceiling);
		this.spacingMs =
			limits.perMinute && limits.perMinute > 0 ? (60000 / limits.perMinute) * RATE_MARGIN : 0;
		// Requests already started count towards the schedule.
		this.nextStartAt = Math.max(this.nextStartAt, this.lastStartAt + this.spacingMs);
	}

	/** Requests that may be in flight now. */
	get limit(): number {
		return this.slots.limit;
	}

	get inFlight(): number {
		return this.slots.busy;
	}

	get idle(): boolean {
		return this.slots.busy === 0 && this.slots.waiting === 0;
	}

	/**
	 * Waits for a slot, the rate schedule and any hold; the caller must call release() after.
	 * `first`: the next free slot, ahead of waiting requests (the plan read).
	 */
	async acquire(signal?: AbortSignal, { first = false } = {}): Promise<void> {
		await this.slots.acquire(signal, { first });
		let started = false;
		try {
			await this.waitForStart(signal);
			started = true;
		} finally {
			// Cancelled while waiting: the slot goes back.
			if (!started) this.release();
		}
	}

	/** Waits for the rate schedule and any hold, then books this request's start. */
	private async waitForStart(signal?: AbortSignal): Promise<void> {
		for (;;) {
			const now = Date.now();
			if (now < this.holdUntil) {
				await sleep(this.holdUntil - now, signal);
				continue;
			}
			const startAt = Math.max(now, this.nextStartAt);
			this.claimStart(startAt);
			if (startAt > now) await sleep(startAt - now, signal);
			// A hold set while this request slept on the schedule applies to it too.
			if (Date.now() >= this.holdUntil) return;
		}
	}

	release(): void {
		this.lastUsedAt = Date.now();
		this.slots.release();
	}

	onSuccess(): void {
		const window = this.slots.limit;
		if (window >= this.ceiling) return;
		const calm = Date.now() - this.lastCutAt > CALM_MS;
		if (++this.streak >= (calm ? window : INCREASE_EVERY)) {
			this.streak = 0;
			this.slots.setLimit(window + 1);
		}
	}

	/**
	 * `startedAt`: when the refused request was sent; `retryAfterMs`: what the service asked for.
	 * Returns true when this 429 cut the window (the first of an overload).
	 */
	onRateLimited(startedAt: number, retryAfterMs?: number): boolean {
		this.streak = 0;
		const now = Date.now();
		if (retryAfterMs !== undefined && retryAfterMs > HOLD_THRESHOLD_MS)
			this.holdUntil = Math.max(this.holdUntil, now + retryAfterMs);
		const window = this.slots.limit;
		if (startedAt < this.lastCutAt) {
			// Sent before the cut: the service had room for fewer of ours than the cut left.
			if (window > this.overloadFloor) this.slots.setLimit(window - 1);
			return false;
		}
		this.lastCutAt = now;
		this.overloadFloor = Math.max(1, Math.floor(window * OVERLOAD_FLOOR));
		this.slots.setLimit(Math.max(1, Math.floor(window * DECREASE_FACTOR)));
		return true;
	}

	/** Books a start on the rate schedule. */
	private claimStart(at: number): void {
		this.lastStartAt = at;
		if (this.spacingMs > 0) this.nextStartAt = at + this.spacingMs;
	}
}
