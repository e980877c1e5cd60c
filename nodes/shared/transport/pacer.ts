/**
 * Keeps every request of one account inside its plan, for every execution of an n8n process that
 * uses it (accounts.ts): at most `limit` in flight, starts spaced under the rate limit. Queue-mode
 * workers share the plan through the usage GET /account reports, each taking a share of the room
 * and giving back a share of any excess; 429s are the safety net. The design, and what each
 * constant is worth: docs/pacing.md.
 */
import { sleep } from 'n8n-workflow';

import { Slots } from './slots';

/** The account's plan as the pacer uses it (plan.ts reads it). */
export interface Plan {
	concurrency: number;
	/** Requests per minute; undefined when unknown. */
	perMinute?: number;
	/** Requests the service may queue past `concurrency` (if it queues); undefined when unknown. */
	queueLimit?: number;
}

/** The account's usage as GET /account reports it, over every process that uses the account. */
export interface Usage {
	active: number;
	waiting: number;
}

/** What is left of the limit after the first 429 of an overload... */
export const DECREASE_FACTOR = 0.8;
/** ...then one less per 429 of a request sent before that cut, down to this share of it. */
const OVERLOAD_FLOOR = 0.5;
/** A Retry-After longer than this means the rate window is spent, not that a slot was busy. */
export const HOLD_THRESHOLD_MS = 3000;
/** Rate spacing margin: clock drift between us and the service must not tip the window over. */
const RATE_MARGIN = 1.02;
/**
 * Usage reads: after one that saw room, a 429 or a pause, the next this soon (others that see room
 * take it after two such reads: a pause this long may have left them ours)...
 */
export const USAGE_READ_CONFIRM_MS = 150;
/**
 * ...while sharing, this far apart. Also how long room must stay free for a pacer that holds more
 * than the others or gave back lately...
 */
export const USAGE_READ_SHARED_MS = 1000;
/** ...alone at the plan, doubling up to this (others arriving show first as 429s)... */
export const USAGE_READ_ALONE_MS = 8000;
/** ...all within this share of the plan's rate limit... */
export const USAGE_READ_RATE_SHARE = 0.05;
/**
 * ...and each up to this share of that bound later, at random: pacers that 429s of one overload
 * sent to read at once would each take half of the same room.
 */
export const USAGE_READ_SPREAD = 0.5;
/** While others hold some of the plan, less free room than this is requests on their way. */
export const SHARED_ROOM_MIN = 2;
/** Requests that may wait at a service that queues, for a slot another worker leaves... */
export const QUEUE_ALLOWANCE = 2;
/** ...but none this long after a 429: the service refused past the plan, or its queue is full. */
export const QUEUE_DOUBT_AFTER_429_MS = 30_000;
/** Two reads this close that see room are believed; room given back this lately is left to others. */
export const RECENT_MS = 2 * USAGE_READ_SHARED_MS;

export class Pacer {
	private planConcurrency = 1;
	/** This pacer's part of the plan, fraction and all (halves of room add up); the limit is its whole. */
	private share = 1;
	private readonly slots = new Slots(1);
	private spacingMs = 0;
	private nextStartAt = 0;
	private lastStartAt = -Infinity;
	private holdUntil = 0;
	/** Successes since the limit last grew, on 429s alone. */
	private streak = 0;
	/** When the limit was last cut: 429s of requests started before it are the same overload. */
	lastCutAt = -Infinity;
	private overloadFloor = 1;
	/** When a request last left the pacer; accounts.ts drops pacers idle for long. */
	lastUsedAt = Date.now();

	/** What the service counts, learned from its usage (see learnReading). */
	private usageCounted?: boolean;
	private leftOut = 0;
	/** Whether the service counts a usage read in `active`; unknown (undefined) is taken as counted. */
	private readCounted?: boolean;
	/** When a read that saw no others gave this pacer the whole plan. */
	private aloneAt = -Infinity;
	/** Fewest of ours in flight while a usage read was out: all of them were counted. */
	private fewestDuringRead = Infinity;

	/** Requests that may wait at the service past the plan, within its queue limit. */
	private allowance = 0;
	/** Whether a read saw requests waiting at the service: it queues past the plan. */
	private queues = false;
	/** Whether a read saw others holding some of the plan. */
	private shared = false;
	/** The room the last read saw, and since when reads in a row have seen room. */
	private roomSeen?: { at: number; room: number; alone: boolean; since: number };
	private gaveBackAt = -Infinity;

	private lastUsageReadAt = -Infinity;
	private nextUsageReadAt = 0;
	private usageReadGap = USAGE_READ_CONFIRM_MS;
	/** How much later than due the next read comes (USAGE_READ_SPREAD), drawn at each read. */
	private usageReadDelay = 0;

	/** Without a plan: one request at a time, which no plan can refuse. */
	constructor(plan?: Plan) {
		if (plan) this.setPlan(plan);
	}

	/** A plan to use whole. */
	setPlan(plan: Plan): void {
		this.applyPlan(plan);
		this.setShare(this.planConcurrency);
	}

	/**
	 * A read of the plan and, when the service reports it, the account's usage, made while holding
	 * one of our slots. The first read sets the limit; a later one caps it but undoes no cut.
	 */
	onPlanRead(plan: Plan, usage: Usage | undefined, { first = false } = {}): void {
		this.applyPlan(plan);
		// setShare caps the share at the plan, its slots with it.
		if (!first) this.setShare(this.share);
		if (usage) this.onUsage(usage, first);
		else if (first) this.setShare(this.planConcurrency);
	}

	private applyPlan(plan: Plan): void {
		this.planConcurrency = Math.max(1, Math.floor(plan.concurrency));
		this.spacingMs =
			plan.perMinute && plan.perMinute > 0 ? (60000 / plan.perMinute) * RATE_MARGIN : 0;
		this.allowance = Math.min(QUEUE_ALLOWANCE, Math.max(0, plan.queueLimit ?? 0));
		// Requests already started count towards the schedule.
		this.nextStartAt = Math.max(this.nextStartAt, this.lastStartAt + this.spacingMs);
	}

	private setShare(value: number): void {
		this.share = Math.min(this.planConcurrency, Math.max(1, value));
		this.slots.resize(Math.floor(this.share));
	}

	/** Requests that may be in flight now. */
	get limit(): number {
		return this.slots.size;
	}

	get inFlight(): number {
		return this.slots.busy;
	}

	get idle(): boolean {
		return this.slots.busy === 0 && this.slots.waiting === 0;
	}

	/** Whether to read the usage now: at a backlog only, and not sooner than planned. */
	usageReadDue(now = Date.now()): boolean {
		const backlog = this.slots.waiting > 0 || this.slots.busy >= this.slots.size;
		return backlog && this.usageCounted !== undefined && now >= this.nextUsageReadAt;
	}

	/** A usage read has its slot and goes out now. */
	beginUsageRead(): void {
		this.fewestDuringRead = this.slots.busy;
	}

	/** A usage read that failed (a 429, say): the next waits as after one that changed nothing. */
	usageReadFailed(): void {
		this.fewestDuringRead = Infinity;
		this.readAgain(Date.now(), USAGE_READ_SHARED_MS);
	}

	/** The usage: take confirmed room, give back excess (docs/pacing.md, "What the pacer does"). */
	private onUsage({ active, waiting }: Usage, first: boolean): void {
		const now = Date.now();
		const own = this.learnReading(active);
		if (!this.usageCounted) {
			this.setShare(first ? this.planConcurrency : this.share);
			return this.readAgain(now, USAGE_READ_ALONE_MS);
		}
		const others = Math.max(0, active + waiting - own);
		// A service that queues may keep a few of ours waiting, unless a 429 came lately (what
		// waits may be jobs).
		this.queues ||= waiting > 0;
		const doubt = now - this.lastCutAt < QUEUE_DOUBT_AFTER_429_MS;
		const allowance = this.queues && !doubt ? this.allowance : 0;
		const free =
			others === 0
				? this.planConcurrency - this.share
				: this.planConcurrency + allowance - active - (allowance > 0 ? waiting : 0);
		// An uncounted read's slot looks free to the others: room needs one more.
		const roomMin = SHARED_ROOM_MIN + (this.readCounted === false ? 1 : 0);
		const room = others === 0 || free >= roomMin ? free : Math.min(0, free);
		const seen = this.roomSeen;
		const seenBefore = seen !== undefined && now - seen.at <= RECENT_MS && seen.room > 0;
		const since = seenBefore && room > 0 ? seen.since : now;
		const leaveToOthers =
			others > 0 && (this.slots.size > others + 1 || now - this.gaveBackAt < RECENT_MS);
		const confirmed = seenBefore && (!leaveToOthers || now - since >= USAGE_READ_SHARED_MS);
		this.roomSeen = { at: now, room, alone: others === 0, since };
		this.shared ||= others > 0;
		// Workers that start together see each other's first reads, not yet their requests.
		if (first) this.setShare(Math.ceil((this.planConcurrency - others) / 2));
		else if (waiting > 0 && active + waiting > this.planConcurrency + allowance) {
			// Queued past the allowance: holding more than all the others, the whole excess back;
			// else a share of it.
			const excess = active + waiting - this.planConcurrency - allowance;
			this.setShare(this.share - (own > others ? excess : (excess * own) / (active + waiting)));
		} else if (room > 0 && confirmed) {
			if (others === 0 && seen.alone) {
				this.setShare(this.planConcurrency);
				this.aloneAt = now;
			}
			// Others may see the same room at the same time: half of it.
			else this.setShare(this.share + Math.min(room, seen.room) / 2);
		} else if (room <= 0 && others > 0 && this.slots.size > others + 1) {
			// Full, holding more than all the others: half the difference back.
			this.setShare(this.share - Math.max(1, (this.slots.size - others) / 2));
			this.gaveBackAt = now;
		}
		const alone = others === 0 && this.share >= this.planConcurrency;
		this.usageReadGap =
			room > 0
				? USAGE_READ_CONFIRM_MS
				: alone
					? Math.min(USAGE_READ_ALONE_MS, this.usageReadGap * 2)
					: USAGE_READ_SHARED_MS;
		// After the first read, the next comes at the first backlog: are we alone?
		this.readAgain(now, first ? 0 : this.usageReadGap);
	}

	/**
	 * Learns from a read what the service counts, and returns how many of ours it holds.
	 * - Ours in flight the whole read (the read aside) were counted, some perhaps still on their
	 *   way: at least half of them. Fewer than two say nothing; two reads in a row that find them
	 *   left out switch the pacer to 429s alone, and every later read looks again.
	 * - With none of ours, a read that counts itself sees at least itself: `active` 0 says the read
	 *   is not counted, 1 that it is, more nothing. Every such read looks again: a service's
	 *   reading, or a cached usage, may change what one read saw. Until one does, the read is taken
	 *   as counted, unless a 429 says otherwise (onRateLimited).
	 */
	private learnReading(active: number): number {
		const ours = Math.min(this.fewestDuringRead, this.slots.busy) - 1;
		this.fewestDuringRead = Infinity;
		if (ours === 0 && active <= 1) this.readCounted = active === 1;
		this.usageCounted ??= true;
		if (ours >= 2) {
			this.leftOut = active >= Math.ceil(ours / 2) ? 0 : this.leftOut + 1;
			this.usageCounted = this.leftOut < 2;
		}
		return this.slots.busy - (this.readCounted === false ? 1 : 0);
	}

	/** Books the next usage read `gapMs` after `now` (0: at the next backlog), within the bound. */
	private readAgain(now: number, gapMs: number): void {
		const bound = this.minUsageReadGap();
		this.lastUsageReadAt = now;
		this.usageReadDelay = Math.random() * USAGE_READ_SPREAD * bound;
		this.nextUsageReadAt = gapMs === 0 ? now : now + Math.max(gapMs, bound) + this.usageReadDelay;
	}

	/** The bound on usage reads: USAGE_READ_CONFIRM_MS apart, within their share of the rate limit. */
	private minUsageReadGap(): number {
		return Math.max(USAGE_READ_CONFIRM_MS, this.spacingMs / USAGE_READ_RATE_SHARE);
	}

	/** Reads the usage at the next backlog, no sooner than the bound allows, plus the read's delay. */
	private readUsageSoon(now: number): void {
		const soonest = Math.max(now, this.lastUsageReadAt + this.minUsageReadGap());
		this.nextUsageReadAt = Math.min(this.nextUsageReadAt, soonest + this.usageReadDelay);
	}

	/**
	 * Waits for a slot, the rate schedule and any hold; the caller must call release() after.
	 * `first`: the next free slot, ahead of waiting requests (the plan read). Resolves with when the
	 * slot was granted, which is what onRateLimited wants: the rate schedule may send the request
	 * later, after a cut that already counts it.
	 */
	async acquire(signal?: AbortSignal, { first = false } = {}): Promise<number> {
		// Back after a pause: others may have taken the room meanwhile; no read from before the
		// pause confirms room after it.
		if (this.idle && this.usageCounted && Date.now() - this.lastUsedAt >= USAGE_READ_CONFIRM_MS) {
			if (this.shared) this.setShare(Math.min(this.share, Math.ceil(this.planConcurrency / 2)));
			this.roomSeen = undefined;
			this.readUsageSoon(Date.now());
		}
		await this.slots.acquire(signal, { first });
		const grantedAt = Date.now();
		let started = false;
		try {
			await this.waitForStart(signal);
			started = true;
		} finally {
			// Cancelled while waiting: the slot goes back.
			if (!started) this.release();
		}
		return grantedAt;
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
			this.lastStartAt = startAt;
			if (this.spacingMs > 0) this.nextStartAt = startAt + this.spacingMs;
			if (startAt > now) await sleep(startAt - now, signal);
			// A hold set while this request slept on the schedule applies to it too.
			if (Date.now() >= this.holdUntil) return;
		}
	}

	release(): void {
		this.lastUsedAt = Date.now();
		this.slots.release();
		this.fewestDuringRead = Math.min(this.fewestDuringRead, this.slots.busy);
	}

	/** On 429s alone, successes grow the limit back to the plan: one more per limit of them. */
	onSuccess(): void {
		if (this.usageCounted === true || this.share >= this.planConcurrency) return;
		const limit = this.slots.size;
		if (++this.streak >= limit) {
			this.streak = 0;
			this.setShare(limit + 1);
		}
	}

	/**
	 * `grantedAt`: when the refused request's slot was granted (acquire); `retryAfterMs`: what the
	 * service asked for.
	 * Returns true when this 429 cut the limit (the first of an overload).
	 */
	onRateLimited(grantedAt: number, retryAfterMs?: number): boolean {
		this.streak = 0;
		const now = Date.now();
		this.readUsageSoon(now);
		// A long Retry-After: the rate window is spent. Any, with at most one other of ours in
		// flight: none of ours ends soon to make room, so the next start waits it out too.
		if (retryAfterMs !== undefined && (retryAfterMs > HOLD_THRESHOLD_MS || this.slots.busy <= 1))
			this.holdUntil = Math.max(this.holdUntil, now + retryAfterMs);
		const limit = this.slots.size;
		if (grantedAt < this.lastCutAt) {
			// Granted before the cut: the service had room for fewer of ours than the cut left.
			if (limit > this.overloadFloor) this.setShare(limit - 1);
			return false;
		}
		// Refused soon after the whole plan was taken as alone: the slot the read seemed to hold was
		// another's, so the read is not counted (unless a read has shown it is).
		if (
			this.readCounted === undefined &&
			grantedAt >= this.aloneAt &&
			now - this.aloneAt < RECENT_MS
		)
			this.readCounted = false;
		this.lastCutAt = now;
		// The room the last read saw was not there: no read from before the cut confirms room after it.
		this.roomSeen = undefined;
		this.overloadFloor = Math.max(1, Math.floor(limit * OVERLOAD_FLOOR));
		this.setShare(Math.max(1, Math.floor(limit * DECREASE_FACTOR)));
		return true;
	}
}
