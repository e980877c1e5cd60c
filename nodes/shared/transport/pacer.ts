/**
 * Keeps every request of one account inside its plan: at most `limit` requests in flight and
 * request starts spaced under the per-minute rate limit, for every execution of an n8n process
 * that uses the account (accounts.ts). Queue-mode workers share the plan through the usage
 * GET /account reports: taking a share of the room, giving back a share of any excess; 429s are
 * the safety net. The design and each constant's measured effect: docs/pacing.md.
 */
import { sleep } from 'n8n-workflow';

import { Slots } from './slots';

/** The account's plan as the pacer uses it (plan.ts reads it). */
export interface Plan {
	concurrency: number;
	/** Requests per minute; undefined when unknown. */
	perMinute?: number;
	/** Requests the service may queue past `concurrency` (when it queues at all); undefined when unknown. */
	queueLimit?: number;
}

/** The account's usage as GET /account reports it, over every process that uses the account. */
export interface Usage {
	active: number;
	waiting: number;
}

/** What is left of the limit after the first 429 of an overload. */
export const DECREASE_FACTOR = 0.8;
/** Further 429s of the same overload step the limit down by one, but not below this share of it. */
const OVERLOAD_FLOOR = 0.5;
/** A Retry-After longer than this means the rate window is spent, not that a slot was busy. */
export const HOLD_THRESHOLD_MS = 3000;
/** Rate spacing margin: clock drift between us and the server must not tip the rate window over. */
const RATE_MARGIN = 1.02;

/** Usage reads: after one that saw room, a 429 or a pause, the next this soon (see onUsage)... */
export const USAGE_READ_CONFIRM_MS = 150;
/**
 * ...otherwise, while sharing, this far apart (how soon room left by an idle worker is seen);
 * back after this long idle, a pacer has missed a read: it reads soon. A pacer holding more than
 * all the others, or that gave back recently, takes only room that stayed free this long...
 */
export const USAGE_READ_SHARED_MS = 1000;
/** ...and alone at the plan, doubling up to this (others arriving show first as 429s)... */
export const USAGE_READ_ALONE_MS = 8000;
/** ...all of them within this share of the plan's rate limit. */
export const USAGE_READ_RATE_SHARE = 0.05;
/** The least free room, while others hold some of the plan, that counts as room (see onUsage). */
export const SHARED_ROOM_MIN = 2;
/** Requests left waiting at a service that queues: a slot another worker leaves is filled at once... */
export const QUEUE_ALLOWANCE = 2;
/** ...but none for this long after a 429: the service refused past the plan, or its queue is full. */
export const QUEUE_DOUBT_AFTER_429_MS = 30_000;
/**
 * Two reads this close (one may come late) that both see room are believed; room given back this
 * recently is left to others.
 */
export const RECENT_MS = 2 * USAGE_READ_SHARED_MS;

export class Pacer {
	/** The plan's concurrency: the share never grows past it. */
	private planConcurrency = 1;

	/**
	 * This pacer's share of the plan, with its fraction (shares of the room add up); the limit,
	 * how many of our requests may be in flight now, is its whole part.
	 */
	private share = 1;

	private readonly slots = new Slots(1);

	private spacingMs = 0;

	/** Requests that may wait at the service past the plan: QUEUE_ALLOWANCE within the queue limit. */
	private allowance = 0;

	/** Whether a read saw requests waiting at the service: it may queue past the plan. */
	private queues = false;

	private nextStartAt = 0;

	private lastStartAt = -Infinity;

	private streak = 0;

	private holdUntil = 0;

	/** When the limit was last cut: 429s of requests started before it are the same overload. */
	lastCutAt = -Infinity;

	private overloadFloor = 1;

	/** When a request last left the pacer; accounts.ts drops pacers idle for long. */
	lastUsedAt = Date.now();

	/**
	 * Whether the service's usage counts our requests: undefined until it reports usage, then
	 * believed until two reads in a row that each saw at least two of ours in flight say not, and
	 * looked at again by every later read.
	 */
	private usageCounted?: boolean;

	/** Reads in a row that saw our requests left out (see usageCounted). */
	private leftOut = 0;

	/**
	 * Whether the usage read counts itself in `active`, as the last read with none of ours in
	 * flight said: 0 says not, 1 (itself, or one other) says it is; more says nothing.
	 */
	private readCounted = true;

	private nextUsageReadAt = 0;

	/**
	 * The room the last usage read saw (an increase needs two reads in a row that see room), and
	 * since when reads in a row have seen room.
	 */
	private roomSeen?: { at: number; room: number; alone: boolean; since: number };

	/** When this pacer last gave room back to others that hold less. */
	private gaveBackAt = -Infinity;

	/** Whether a usage read saw others holding some of the plan: back after a pause, half of it. */
	private shared = false;

	private lastUsageReadAt = -Infinity;

	private usageReadGap = USAGE_READ_CONFIRM_MS;

	/** Fewest of our requests in flight while a usage read was out: all of them were counted. */
	private fewestDuringRead = Infinity;

	/** Without a plan: one request at a time, which no plan can refuse. */
	constructor(plan?: Plan) {
		if (plan) this.setPlan(plan);
	}

	/** The plan, once read. A re-read plan caps the limit but does not undo a cut. */
	setPlan(plan: Plan, { keepLimit = false } = {}): void {
		this.applyPlan(plan);
		this.setShare(keepLimit ? Math.min(this.share, this.planConcurrency) : this.planConcurrency);
	}

	private applyPlan(plan: Plan): void {
		this.planConcurrency = Math.max(1, Math.floor(plan.concurrency));
		this.spacingMs =
			plan.perMinute && plan.perMinute > 0 ? (60000 / plan.perMinute) * RATE_MARGIN : 0;
		this.allowance = Math.min(QUEUE_ALLOWANCE, Math.max(0, plan.queueLimit ?? 0));
		// Requests already started count towards the schedule.
		this.nextStartAt = Math.max(this.nextStartAt, this.lastStartAt + this.spacingMs);
	}

	/**
	 * A read of the plan and, when the service reports it, the account's usage; read while holding
	 * one of our slots (so `active` counts it). The first read (`first`) sets the limit from both.
	 */
	onPlanRead(plan: Plan, usage: Usage | undefined, { first = false } = {}): void {
		if (!usage) return this.setPlan(plan, { keepLimit: !first });
		this.applyPlan(plan);
		if (!first) this.share = Math.min(this.share, this.planConcurrency);
		this.onUsage(usage, { first });
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

	/**
	 * Whether to read the account's usage now: only while requests wait behind the limit (or the
	 * next one would), and not sooner than planned.
	 */
	usageReadDue(now = Date.now()): boolean {
		const backlog = this.slots.waiting > 0 || this.slots.busy >= this.slots.size;
		return backlog && this.usageCounted !== undefined && now >= this.nextUsageReadAt;
	}

	/** A usage read has its slot and goes out now. */
	beginUsageRead(): void {
		this.fewestDuringRead = this.slots.busy;
	}

	/**
	 * The account's usage: the first read takes half of what others leave; later ones give back a
	 * share of what waits past the plan and take confirmed room (docs/pacing.md, "What the pacer
	 * does").
	 */
	private onUsage({ active, waiting }: Usage, { first = false } = {}): void {
		const now = Date.now();
		// Ours in flight the whole read, the read aside.
		const ours = Math.min(this.fewestDuringRead, this.slots.busy) - 1;
		this.fewestDuringRead = Infinity;
		// With none of ours, a read that counts itself sees at least itself. Looked at again by every
		// such read: a service's reading, or a cached usage, may change what one read saw.
		if (ours === 0 && active <= 1) this.readCounted = active === 1;
		// Ours held by the service: all of ours but a read it does not count.
		const own = this.slots.busy - (this.readCounted ? 0 : 1);
		this.learnCounting(ours, active);
		if (!this.usageCounted) {
			this.setShare(first ? this.planConcurrency : this.share);
			this.lastUsageReadAt = now;
			this.nextUsageReadAt = now + Math.max(USAGE_READ_ALONE_MS, this.minUsageReadGap());
			return;
		}
		const others = Math.max(0, active + waiting - own);
		// Requests wait at the service: it queues past the plan. A few may then wait there, ready
		// for a slot the moment one is free, unless a 429 came lately (what waits may be jobs).
		this.queues ||= waiting > 0;
		const doubt = now - this.lastCutAt < QUEUE_DOUBT_AFTER_429_MS;
		const allowance = this.queues && !doubt ? this.allowance : 0;
		const free =
			others === 0
				? this.planConcurrency - this.share
				: this.planConcurrency + allowance - active - (allowance > 0 ? waiting : 0);
		// While others hold some, requests between a client and the service (theirs and ours) leave
		// about one slot looking free at any moment: less than SHARED_ROOM_MIN is not room. A read
		// the service does not count holds a slot of its pacer that it leaves free: one more.
		const roomMin = SHARED_ROOM_MIN + (this.readCounted ? 0 : 1);
		const room = others === 0 || free >= roomMin ? free : Math.min(0, free);
		const seen = this.roomSeen;
		const seenBefore = seen !== undefined && now - seen.at <= RECENT_MS && seen.room > 0;
		const since = seenBefore && room > 0 ? seen.since : now;
		const leaveToOthers =
			others > 0 && (this.slots.size > others + 1 || now - this.gaveBackAt < RECENT_MS);
		const confirmed = seenBefore && (!leaveToOthers || now - since >= USAGE_READ_SHARED_MS);
		this.roomSeen = { at: now, room, alone: others === 0, since };
		this.shared ||= others > 0;
		// A newcomer takes half of what the others leave: workers that start together each see the
		// others' first reads, not yet their requests.
		if (first) this.setShare(Math.ceil((this.planConcurrency - others) / 2));
		else if (waiting > 0 && active + waiting > this.planConcurrency + allowance) {
			// Queued at the service past the allowance: a pacer holding more than all the others
			// together gives back the whole excess, the others their share of it.
			const excess = active + waiting - this.planConcurrency - allowance;
			this.setShare(this.share - (own > others ? excess : (excess * own) / (active + waiting)));
		} else if (room > 0 && confirmed) {
			if (others === 0 && seen.alone) this.setShare(this.planConcurrency);
			// Others may see the same room at the same time: take half of it.
			else this.setShare(this.share + Math.min(room, seen.room) / 2);
		} else if (room <= 0 && others > 0 && this.slots.size > others + 1) {
			// Full, and holding more than all the others together: half the difference back.
			this.setShare(this.share - Math.max(1, (this.slots.size - others) / 2));
			this.gaveBackAt = now;
		}
		const alone = others === 0 && this.share >= this.planConcurrency;
		// Room seen: look again soon. Alone at the plan: less and less often.
		this.usageReadGap =
			room > 0
				? USAGE_READ_CONFIRM_MS
				: alone
					? Math.min(USAGE_READ_ALONE_MS, this.usageReadGap * 2)
					: USAGE_READ_SHARED_MS;
		this.lastUsageReadAt = now;
		// After the first read, the second comes at the first backlog: are we alone?
		this.nextUsageReadAt = first ? now : now + Math.max(this.usageReadGap, this.minUsageReadGap());
	}

	/**
	 * `ours` in flight the whole read (the read aside) were counted, some perhaps still on their way:
	 * at least half of them. A read that saw fewer than two of ours says nothing either way.
	 */
	private learnCounting(ours: number, active: number): void {
		this.usageCounted ??= true;
		if (ours < 2) return;
		this.leftOut = active >= Math.ceil(ours / 2) ? 0 : this.leftOut + 1;
		this.usageCounted = this.leftOut < 2;
	}

	/** A usage read that failed (a 429, say): the next waits as long as after one that changed nothing. */
	usageReadFailed(): void {
		this.fewestDuringRead = Infinity;
		this.lastUsageReadAt = Date.now();
		this.nextUsageReadAt =
			this.lastUsageReadAt + Math.max(USAGE_READ_SHARED_MS, this.minUsageReadGap());
	}

	/** The bound on usage reads: USAGE_READ_CONFIRM_MS apart, within their share of the rate limit. */
	private minUsageReadGap(): number {
		return Math.max(USAGE_READ_CONFIRM_MS, this.spacingMs / USAGE_READ_RATE_SHARE);
	}

	/** Reads the usage at the next backlog, but not sooner than the bound allows. */
	private readUsageSoon(): void {
		this.nextUsageReadAt = Math.min(
			this.nextUsageReadAt,
			this.lastUsageReadAt + this.minUsageReadGap(),
		);
	}

	/**
	 * Waits for a slot, the rate schedule and any hold; the caller must call release() after.
	 * `first`: the next free slot, ahead of waiting requests (the plan read).
	 */
	async acquire(signal?: AbortSignal, { first = false } = {}): Promise<void> {
		// Back after a pause: others may have taken the room meanwhile, so read it at the next backlog;
		// a read from before the pause confirms none after it.
		const now = Date.now();
		if (this.idle && this.usageCounted && now - this.lastUsedAt >= USAGE_READ_SHARED_MS) {
			if (this.shared) this.setShare(Math.min(this.share, Math.ceil(this.planConcurrency / 2)));
			this.roomSeen = undefined;
			this.readUsageSoon();
		}
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
		this.fewestDuringRead = Math.min(this.fewestDuringRead, this.slots.busy);
	}

	/**
	 * Without a usage that counts requests, successes grow the limit back towards the plan: one
	 * more per limit of them, about one per round trip.
	 */
	onSuccess(): void {
		if (this.usageCounted === true || this.share >= this.planConcurrency) return;
		const limit = this.slots.size;
		if (++this.streak >= limit) {
			this.streak = 0;
			this.setShare(limit + 1);
		}
	}

	/**
	 * `startedAt`: when the refused request was sent; `retryAfterMs`: what the service asked for.
	 * Returns true when this 429 cut the limit (the first of an overload).
	 */
	onRateLimited(startedAt: number, retryAfterMs?: number): boolean {
		this.streak = 0;
		const now = Date.now();
		// The usage says how far; read it soon.
		this.readUsageSoon();
		// A long Retry-After: the rate window is spent. Any Retry-After, with at most one other of
		// ours in flight: none of ours ends soon to make room, so the next start waits it out too.
		if (retryAfterMs !== undefined && (retryAfterMs > HOLD_THRESHOLD_MS || this.slots.busy <= 1))
			this.holdUntil = Math.max(this.holdUntil, now + retryAfterMs);
		const limit = this.slots.size;
		if (startedAt < this.lastCutAt) {
			// Sent before the cut: the service had room for fewer of ours than the cut left.
			if (limit > this.overloadFloor) this.setShare(limit - 1);
			return false;
		}
		this.lastCutAt = now;
		this.overloadFloor = Math.max(1, Math.floor(limit * OVERLOAD_FLOOR));
		this.setShare(Math.max(1, Math.floor(limit * DECREASE_FACTOR)));
		return true;
	}

	/** Books a start on the rate schedule. */
	private claimStart(at: number): void {
		this.lastStartAt = at;
		if (this.spacingMs > 0) this.nextStartAt = at + this.spacingMs;
	}
}
