/**
 * A simulated plan shared by several processes (queue-mode workers), on jest's fake clock: one
 * service that plays each reading the sandbox plays (past the plan's concurrency it refuses with
 * 429, or queues; the usage read holds a slot or not), and workers that each have their own pacer for the account, with its plan and usage
 * reads (accounts.ts), used as the client uses them. test/transport/sharing.test.ts asserts on it;
 * bench/pacing.bench.ts prints figures from it.
 */
import { sleep } from 'n8n-workflow';

import { accountPacer, readPlanWhenDue } from '../../nodes/shared/transport/accounts';
import type { PlanRead } from '../../nodes/shared/transport/plan';
import {
	DEFAULT_PLAN,
	type AccountReadModel,
	type OverloadModel,
	type UsageAt,
} from '../../sandbox/config';
import { RequestLimiter, type LimitConfig, type RequestKind } from '../../sandbox/limits';
import { random } from './random';

export const CONCURRENCY = 10;
const LATENCY_MS = 100;
const QUEUE_LIMIT = 50;
const ARRIVAL_MS = 1;
const SAMPLE_MS = 10;
/** A bare client: CONCURRENCY requests in flight all the time. */
export const idealMs = (items: number) => (items * LATENCY_MS) / CONCURRENCY;

export type Model = OverloadModel;

/** A reading of what the spec leaves open (sandbox/config.ts): past the plan, and the usage read. */
export interface Reading {
	overload: Model;
	accountRead: AccountReadModel;
}

/** Every reading that changes what a pacer sees: both overload models by each kind of usage read. */
export const READINGS: Reading[] = (['refuse', 'queue'] as const).flatMap((overload) =>
	(['counted', 'uncounted', 'free'] as const).map((accountRead) => ({ overload, accountRead })),
);

export const readingName = ({ overload, accountRead }: Reading) =>
	`${overload}, read ${accountRead}`;

/**
 * One service, one plan, admitting requests as the sandbox does (sandbox/limits.ts): requests in
 * flight, a queue past the concurrency, what it refused.
 */
export class Service {
	refused = 0;
	requests = 0;
	reads = 0;
	maxActive = 0;
	/** Requests waiting at the service, every SAMPLE_MS (see sample()). */
	waitingSamples: number[] = [];
	/** Room (slots of the plan nobody holds), every SAMPLE_MS, and when. */
	private readonly roomSamples: Array<{ at: number; room: number }> = [];

	private readonly limiter = new RequestLimiter();
	private readonly config: LimitConfig;

	/** Each answer takes LATENCY_MS, give or take 10% (seeded: the same run every time). */
	private readonly latency: (min: number, max: number) => number;

	/**
	 * `reading`: an overload model alone reads the usage read as the sandbox does by default.
	 * `usageAt`: when a read takes the usage it reports, as it arrives (the default) or as it answers,
	 * after its latency (the sandbox's default, sandbox/README.md; the spec says neither).
	 */
	constructor(
		reading: Model | Reading,
		seed = 30,
		private readonly usageAt: UsageAt = 'arrival',
	) {
		const { overload, accountRead } =
			typeof reading === 'string'
				? { overload: reading, accountRead: 'counted' as const }
				: reading;
		this.config = {
			overload,
			accountRead,
			concurrencyCounts: 'every request',
			plan: {
				...DEFAULT_PLAN,
				concurrency: CONCURRENCY,
				queueLimit: QUEUE_LIMIT,
				rateLimitPerMinute: 1e9,
			},
		};
		this.latency = random(seed).int;
		// The pacers' reads come at random within a bound (USAGE_READ_SPREAD): seeded too.
		jest.spyOn(Math, 'random').mockImplementation(random(seed + 1000).next);
	}

	get active(): number {
		return this.limiter.requestsInFlight;
	}

	/** One request (`account`: the usage read); the usage as GET /account would report it. */
	async call(
		kind: RequestKind = 'scrape',
	): Promise<{ status: number; active: number; waiting: number }> {
		// On its way: a request reaches the service a moment after it leaves the pacer.
		await sleep(ARRIVAL_MS);
		this.requests++;
		const admission = this.limiter.admit(this.config, kind);
		if (!admission.ok) {
			this.refused++;
			return { status: 429, active: this.active, waiting: this.limiter.requestsWaiting };
		}
		await admission.started;
		this.maxActive = Math.max(this.maxActive, this.active);
		const atArrival = { active: this.active, waiting: this.limiter.requestsWaiting };
		await sleep(this.latency(LATENCY_MS * 0.9, LATENCY_MS * 1.1));
		const usage =
			this.usageAt === 'arrival'
				? atArrival
				: { active: this.active, waiting: this.limiter.requestsWaiting };
		admission.release();
		return { status: 200, ...usage };
	}

	sample(): void {
		this.waitingSamples.push(this.limiter.requestsWaiting);
		this.roomSamples.push({ at: Date.now(), room: CONCURRENCY - this.active });
	}

	/** Room in slot-seconds after `from`, up to `to`. */
	roomSlotSeconds(from: number, to: number): number {
		const samples = this.roomSamples.filter(({ at }) => at > from && at <= to);
		return (samples.reduce((sum, { room }) => sum + room, 0) * SAMPLE_MS) / 1000;
	}
}

/** A worker process: its own pacer for the account, reading the plan and usage from `service`. */
export class Worker {
	done = 0;
	/** The pacer's limit every 100 ms while the worker ran. */
	limits: number[] = [];

	/** `clientMs`: how long the worker takes to read an answer before its slot goes back. */
	constructor(
		readonly key: string,
		private readonly service: Service,
		private readonly clientMs = 0,
	) {}

	private readonly readPlan = async (): Promise<PlanRead> => {
		this.service.reads++;
		const answer = await this.service.call('account');
		if (answer.status !== 200) return { concurrency: 1, failed: true };
		return { concurrency: CONCURRENCY, queueLimit: QUEUE_LIMIT, usage: answer };
	};

	/**
	 * One item as the client sends it: a due read is looked for before each slot and at each
	 * release; a 429 is tried again after its Retry-After (1 s).
	 */
	private async item(): Promise<void> {
		for (;;) {
			const pacer = accountPacer(this.key);
			readPlanWhenDue(this.key, this.readPlan);
			const grantedAt = await pacer.acquire();
			let status = 0;
			try {
				({ status } = await this.service.call());
				if (this.clientMs > 0) await sleep(this.clientMs);
				if (status === 200) pacer.onSuccess();
			} finally {
				readPlanWhenDue(this.key, this.readPlan);
				pacer.release();
			}
			if (status === 200) break;
			pacer.onRateLimited(grantedAt, 1000);
			await sleep(1000);
		}
		this.done++;
	}

	/** Runs `count` items at once (an execution's items queue on the pacer); resolves at the last. */
	async run(count: number): Promise<number> {
		await Promise.all(Array.from({ length: count }, async () => await this.item()));
		return Date.now();
	}

	get limit(): number {
		return accountPacer(this.key).limit;
	}
}

/** Advances the fake clock until every promise settled, sampling limits and the service's queue. */
export async function until<T>(
	work: Promise<T>,
	workers: Worker[],
	service: Service,
	maxMs = 120_000,
): Promise<T> {
	let settled = false;
	void work.finally(() => (settled = true));
	for (let t = 0; !settled && t < maxMs; t += SAMPLE_MS) {
		await jest.advanceTimersByTimeAsync(SAMPLE_MS);
		service.sample();
		if (t % 100 === 0) for (const w of workers) w.limits.push(w.limit);
	}
	if (!settled) throw new Error(`the simulated work did not end within ${maxMs} ms`);
	return await work;
}

export const average = (list: number[]) =>
	list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
