/** The sandbox's moving parts in one place: config, state, limits, jobs, deliveries, credits. */
import { mergeConfig } from './config';
import type { SandboxConfig, SandboxConfigOverrides } from './config';
import { HttpError } from './http';
import { JobRunner, jobDetail } from './jobs';
import type { NewJob } from './jobs';
import { RequestLimiter } from './limits';
import { replaceState, seedState } from './state';
import type { Delivery, Job, SandboxState, WebhookRecord } from './state';
import { Deliverer, subscribes } from './webhooks';

const USD_PER_CREDIT = 0.001;

export class SandboxCore {
	config: SandboxConfig;
	readonly state: SandboxState;
	readonly limiter = new RequestLimiter();
	readonly jobs: JobRunner;
	private deliverer: Deliverer;
	private pending = new Set<Promise<unknown>>();

	/** `initialConfig` is what a reset returns to. */
	constructor(private readonly initialConfig: SandboxConfig) {
		this.config = initialConfig;
		this.state = seedState(initialConfig);
		this.jobs = new JobRunner(
			() => this.state,
			() => this.config,
			(job) => this.jobEnded(job),
		);
		this.deliverer = this.newDeliverer();
	}

	/** Back to the seeds and the starting config, then `overrides` applied. */
	reset(overrides: SandboxConfigOverrides = {}): void {
		const config = mergeConfig(this.initialConfig, overrides);
		this.jobs.close();
		this.deliverer.close();
		this.deliverer = this.newDeliverer();
		this.limiter.reset();
		this.config = config;
		replaceState(this.state, seedState(config));
	}

	/** Changes knobs now; `credits` sets the balance. */
	setConfig(overrides: SandboxConfigOverrides): SandboxConfig {
		this.config = mergeConfig(this.config, overrides);
		if (overrides.credits !== undefined) this.state.account.credits = this.config.credits;
		return this.config;
	}

	/** Takes `credits` from the balance, or refuses with 402 when it is short. */
	spend(credits: number): void {
		const account = this.state.account;
		if (account.credits < credits) {
			throw new HttpError(
				402,
				`Insufficient credits: this request needs ${credits} credits and the balance is ${account.credits}`,
			);
		}
		account.credits -= credits;
		account.lifetimeSpendUsd =
			Math.round((account.lifetimeSpendUsd + credits * USD_PER_CREDIT) * 1000) / 1000;
	}

	/**
	 * The account's usage as GET /account reports it: jobs RUNNING and requests being served
	 * (this read included) are `active`; jobs PENDING and requests queued past the plan's
	 * concurrency are `waiting`.
	 */
	usage(): { active: number; waiting: number } {
		const jobs = this.jobs.queue();
		return {
			active: jobs.active + this.limiter.requestsInFlight,
			waiting: jobs.waiting + this.limiter.requestsWaiting,
		};
	}

	/** Refuses a new job with 429 when PENDING + RUNNING jobs already fill the plan's queueLimit. */
	ensureQueueRoom(): void {
		const { active, waiting } = this.jobs.queue();
		const limit = this.config.plan.queueLimit;
		if (active + waiting >= limit) {
			const retryAfterS = this.jobs.secondsUntilSlotFrees();
			throw new HttpError(
				429,
				`Queue limit reached: the plan allows ${limit} queued jobs (${active} running, ${waiting} waiting). Retry after ${retryAfterS} s.`,
				{},
				{ 'retry-after': String(retryAfterS) },
			);
		}
	}

	createJob(spec: NewJob): Job {
		return this.jobs.create(spec);
	}

	/** Sends a test delivery of `event` to a webhook, after the current answer has gone out. */
	sendTest(webhook: WebhookRecord, event: string, payload: Record<string, unknown>): void {
		this.track(
			new Promise((resolve) => setImmediate(resolve)).then(() =>
				this.deliverer.deliver(
					{ url: webhook.url, webhook },
					event,
					String(payload.jobId),
					payload,
				),
			),
		);
	}

	/** Resolves once every delivery started so far has finished (retries included). */
	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
	}

	close(): void {
		this.jobs.close();
		this.deliverer.close();
	}

	/** Delivers `<type>.<status>` to every active webhook subscribed to it, and to the job's own webhook. */
	private jobEnded(job: Job): void {
		const event = `${job.type}.${job.status.toLowerCase()}`;
		const payload = {
			event,
			jobId: job.id,
			job: jobDetail(job),
			timestamp: new Date().toISOString(),
		};
		for (const webhook of this.state.webhooks.values()) {
			if (webhook.isActive && subscribes(webhook.events, event)) {
				this.track(this.deliverer.deliver({ url: webhook.url, webhook }, event, job.id, payload));
			}
		}
		const own = job.webhook;
		if (
			own?.url &&
			(!own.events ||
				own.events.length === 0 ||
				own.events.some((e) => e === event || e === job.status.toLowerCase()))
		) {
			const withMetadata =
				own.metadata === undefined ? payload : { ...payload, metadata: own.metadata };
			this.track(
				this.deliverer.deliver({ url: own.url, headers: own.headers }, event, job.id, withMetadata),
			);
		}
	}

	private track(delivery: Promise<Delivery | void>): void {
		const tracked = delivery.catch(() => undefined).finally(() => this.pending.delete(tracked));
		this.pending.add(tracked);
	}

	private newDeliverer(): Deliverer {
		return new Deliverer(
			() => this.state,
			() => this.config,
		);
	}
}
