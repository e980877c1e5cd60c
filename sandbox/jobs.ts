/**
 * The job engine: jobs wait PENDING for a quarter of their duration (and until one of the plan's
 * `concurrency` running slots is free), run for the rest, then end in their planned state.
 * Terminal states call `onTerminal`, which delivers the job's event.
 */
import { randomUUID } from 'node:crypto';

import type { SandboxConfig } from './config';
import { TERMINAL } from './state';
import type { Job, JobType, JobWebhook, SandboxState, TerminalStatus } from './state';

export interface NewJob {
	type: JobType;
	durationMs?: number;
	outcome?: TerminalStatus;
	error?: string;
	plannedResults?: Array<Record<string, unknown>>;
	errors?: Array<{ error: string; url: string }>;
	creditsUsed?: number;
	completedResult?: unknown;
	extract?: Job['extract'];
	webhook?: JobWebhook;
}

const ID_PREFIX: Record<JobType, string> = {
	crawl: 'crawl',
	batch_scrape: 'batch',
	extract: 'extract',
	products: 'products',
};

export class JobRunner {
	private timers = new Map<string, NodeJS.Timeout>();

	constructor(
		private readonly state: () => SandboxState,
		private readonly config: () => SandboxConfig,
		private readonly onTerminal: (job: Job) => void,
	) {}

	create(spec: NewJob): Job {
		const durationMs = Math.max(0, spec.durationMs ?? this.config().jobDurationMs);
		const job: Job = {
			id: `${ID_PREFIX[spec.type]}_${randomUUID()}`,
			type: spec.type,
			status: 'PENDING',
			createdAt: Date.now(),
			durationMs,
			outcome: spec.outcome ?? 'COMPLETED',
			...(spec.error ? { error: spec.error } : {}),
			plannedResults: spec.plannedResults ?? [],
			errors: spec.errors ?? [],
			creditsUsed: spec.creditsUsed ?? 0,
			completedResult: spec.completedResult ?? null,
			...(spec.extract ? { extract: spec.extract } : {}),
			...(spec.webhook ? { webhook: spec.webhook } : {}),
			ready: false,
		};
		this.state().jobs.set(job.id, job);
		this.schedule(job, pendingMs(job), () => {
			job.ready = true;
			this.startWaiting();
		});
		return job;
	}

	/** Jobs PENDING (waiting) and RUNNING (active), as GET /account's queue shows them. */
	queue(): { active: number; waiting: number } {
		let active = 0;
		let waiting = 0;
		for (const job of this.state().jobs.values()) {
			if (job.status === 'RUNNING') active++;
			else if (job.status === 'PENDING') waiting++;
		}
		return { active, waiting };
	}

	/** Seconds until the first running or waiting job is expected to end (for Retry-After). */
	secondsUntilSlotFrees(now = Date.now()): number {
		let soonest = Infinity;
		for (const job of this.state().jobs.values()) {
			if (job.status === 'RUNNING' || job.status === 'PENDING')
				soonest = Math.min(soonest, job.createdAt + job.durationMs);
		}
		return Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - now) / 1000)) : 1;
	}

	/** Cancels a PENDING or RUNNING job; returns false for a job that already ended. */
	cancel(job: Job): boolean {
		if (TERMINAL.includes(job.status)) return false;
		this.finish(job, 'CANCELLED', 'Cancelled on request');
		return true;
	}

	/** Stops every timer; jobs stay as they are. */
	close(): void {
		for (const timer of this.timers.values()) clearTimeout(timer);
		this.timers.clear();
	}

	private schedule(job: Job, ms: number, run: () => void): void {
		const timer = setTimeout(() => {
			this.timers.delete(job.id);
			run();
		}, ms);
		timer.unref();
		this.timers.set(job.id, timer);
	}

	private startWaiting(): void {
		const slots = this.config().plan.concurrency - this.queue().active;
		const ready = [...this.state().jobs.values()]
			.filter((job) => job.status === 'PENDING' && job.ready)
			.sort((a, b) => a.createdAt - b.createdAt)
			.slice(0, Math.max(0, slots));
		for (const job of ready) {
			job.status = 'RUNNING';
			job.startedAt = Date.now();
			this.schedule(job, job.durationMs - pendingMs(job), () =>
				this.finish(job, job.outcome, job.error),
			);
		}
	}

	private finish(job: Job, status: TerminalStatus, error?: string): void {
		const timer = this.timers.get(job.id);
		if (timer) clearTimeout(timer);
		this.timers.delete(job.id);
		job.doneCount =
			status === 'COMPLETED' ? job.plannedResults.length : status === 'FAILED' ? 0 : doneCount(job);
		job.status = status;
		job.completedAt = Date.now();
		if (status !== 'COMPLETED' && error) job.error = error;
		this.onTerminal(job);
		this.startWaiting();
	}
}

function pendingMs(job: Job): number {
	return Math.round(job.durationMs / 4);
}

/** Results done: all when COMPLETED, the share of the running time elapsed while RUNNING. */
export function doneCount(job: Job, now = Date.now()): number {
	if (job.doneCount !== undefined) return job.doneCount;
	if (job.status !== 'RUNNING' || job.startedAt === undefined) return 0;
	const runMs = job.durationMs - pendingMs(job);
	const share = runMs <= 0 ? 1 : Math.min(1, (now - job.startedAt) / runMs);
	return Math.floor(job.plannedResults.length * share);
}

/** The job list type: the spec knows only `crawl` and `extract`, so page-fetching jobs are crawls. */
export function listType(job: Job): 'crawl' | 'extract' {
	return job.type === 'extract' ? 'extract' : 'crawl';
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

export function jobListItem(job: Job) {
	const total =
		job.type === 'extract' ? Math.max(1, job.plannedResults.length) : job.plannedResults.length;
	const completed =
		job.type === 'extract' ? (job.status === 'COMPLETED' ? total : 0) : doneCount(job);
	return {
		id: job.id,
		type: listType(job),
		status: job.status,
		total,
		completed,
		failed: job.errors.length,
		creditsUsed: job.creditsUsed,
		...(job.error ? { error: job.error } : {}),
		createdAt: iso(job.createdAt) as string,
		...(job.startedAt !== undefined ? { startedAt: iso(job.startedAt) } : {}),
		...(job.completedAt !== undefined ? { completedAt: iso(job.completedAt) } : {}),
	};
}

export interface PageRequest {
	page: number;
	limit: number;
}

export function paginate<T>(items: readonly T[], { page, limit }: PageRequest) {
	const total = items.length;
	return {
		items: items.slice((page - 1) * limit, page * limit),
		pagination: { limit, page, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
	};
}

/** `data` of GET /jobs/{id}: the spec's fields, plus the list item's (id, status, ...) so it can be polled. */
export function jobDetail(job: Job, pageRequest: PageRequest = { page: 1, limit: 50 }) {
	const done = job.plannedResults.slice(0, doneCount(job));
	const { items, pagination } = paginate(done, pageRequest);
	return {
		...jobListItem(job),
		errors: job.errors.map((e) => ({ ...e })),
		result: job.status === 'COMPLETED' ? job.completedResult : null,
		results: items,
		resultPagination: pagination,
	};
}

export function extractStatus(job: Job) {
	return {
		success: true,
		id: job.id,
		status: job.status,
		data:
			job.status === 'COMPLETED' && job.extract
				? job.extract
				: { extracted: {}, tokenUsage: { inputTokens: 0, outputTokens: 0 } },
		...(job.error ? { error: job.error } : {}),
		...(job.startedAt !== undefined ? { startedAt: iso(job.startedAt) } : {}),
		...(job.completedAt !== undefined ? { completedAt: iso(job.completedAt) } : {}),
	};
}

export function crawlStatus(job: Job, page: number, pageSize: number) {
	const done = job.plannedResults.slice(0, doneCount(job));
	const { items, pagination } = paginate(done, { page, limit: pageSize });
	const lastPage = page >= pagination.totalPages;
	return {
		id: job.id,
		status: job.status,
		total: job.plannedResults.length,
		completed: done.length,
		creditsUsed: job.creditsUsed,
		data: items,
		next: lastPage ? null : String(page + 1),
		expiresAt: new Date((job.completedAt ?? job.createdAt) + 24 * 3600 * 1000).toISOString(),
	};
}
