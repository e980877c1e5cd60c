/** Everything the sandbox remembers, and the seeds it starts from (and returns to on reset). */
import { crawlPages } from './content';
import type { BrandEdit } from './brandEdits';
import type { SandboxConfig } from './config';

export type JobType = 'crawl' | 'batch_scrape' | 'extract' | 'products';
type JobStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
export type TerminalStatus = Extract<JobStatus, 'COMPLETED' | 'FAILED' | 'CANCELLED'>;

export const TERMINAL: readonly JobStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** A job's own `webhook` object (its fields are not shown in the spec; these are the ones used). */
export interface JobWebhook {
	url: string;
	events?: string[];
	headers?: Record<string, string>;
	metadata?: unknown;
}

export interface Job {
	id: string;
	type: JobType;
	status: JobStatus;
	createdAt: number;
	startedAt?: number;
	completedAt?: number;
	durationMs: number;
	/** The state the job ends in unless it is cancelled first. */
	outcome: TerminalStatus;
	/** Results the job has when it completes; a running job shows the share done so far. */
	plannedResults: Array<Record<string, unknown>>;
	/** Results done, frozen when the job ends. */
	doneCount?: number;
	errors: Array<{ error: string; url: string }>;
	/** Job-level error of a FAILED or CANCELLED job. */
	error?: string;
	creditsUsed: number;
	/** `result` of GET /jobs/{id} once COMPLETED (extracted data, a products summary), else null. */
	completedResult: unknown;
	extract?: {
		extracted: Record<string, unknown>;
		tokenUsage: { inputTokens: number; outputTokens: number };
	};
	webhook?: JobWebhook;
	/** Set once the job has waited its minimum PENDING time and may start. */
	ready: boolean;
}

export interface Delivery {
	id: string;
	event: string;
	url: string;
	/** HTTP status of the receiver's answer; 0 when no answer came (refused, unreachable, timed out). */
	status: number;
	success: boolean;
	attempt: number;
	at: string;
	error?: string;
	webhookId?: string;
	jobId: string;
	payload: Record<string, unknown>;
}

export interface WebhookRecord {
	id: string;
	url: string;
	events: string[];
	isActive: boolean;
	secret: string;
	createdAt: string;
	updatedAt: string;
	deliveries: Delivery[];
}

export interface RequestRecord {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	body: unknown;
	status: number;
	at: string;
	/** From arrival to the answer (0 while in flight). */
	ms: number;
}

export interface AccountState {
	id: string;
	email: string;
	credits: number;
	lifetimeSpendUsd: number;
	createdAt: string;
}

export interface SandboxState {
	account: AccountState;
	jobs: Map<string, Job>;
	webhooks: Map<string, WebhookRecord>;
	/** Every API request received, refused ones included (admin requests are not recorded). */
	requests: RequestRecord[];
	/** Every delivery attempt, to registered webhooks and to jobs' own webhooks. */
	deliveries: Delivery[];
	/** Domains whose brand profile was built, so a repeat reports `cached: true`. */
	brandProfiles: Set<string>;
	/** Brand edits by domain (POST /__sandbox/brands), applied to records and profiles. */
	brandEdits: Map<string, BrandEdit>;
}

export const SEED_TIME = Date.parse('2024-01-01T00:00:00.000Z');
export const CRAWL_DEMO_ID = 'crawl_demo';
export const EXTRACT_DEMO_ID = 'extract_demo';
export const WEBHOOK_DEMO_ID = 'wh_demo';

/** Seeded jobs ended an hour before `now` (the start or reset), so their dates look current. */
export function seedState(config: SandboxConfig, now = Date.now()): SandboxState {
	const hourAgo = now - 3600_000;
	const crawl: Job = {
		id: CRAWL_DEMO_ID,
		type: 'crawl',
		status: 'COMPLETED',
		createdAt: hourAgo - 60000,
		startedAt: hourAgo - 59000,
		completedAt: hourAgo,
		durationMs: 60000,
		outcome: 'COMPLETED',
		plannedResults: crawlPages('https://example.com', 7),
		doneCount: 7,
		errors: [],
		creditsUsed: 7,
		completedResult: null,
		ready: true,
	};
	const extracted = {
		company: 'Example',
		summary: 'Example Domain is for use in illustrative examples in documents.',
	};
	const extract: Job = {
		id: EXTRACT_DEMO_ID,
		type: 'extract',
		status: 'COMPLETED',
		createdAt: hourAgo - 10000,
		startedAt: hourAgo - 9000,
		completedAt: hourAgo + 1000,
		durationMs: 10000,
		outcome: 'COMPLETED',
		plannedResults: [],
		doneCount: 0,
		errors: [],
		creditsUsed: 5,
		completedResult: extracted,
		extract: { extracted, tokenUsage: { inputTokens: 1200, outputTokens: 80 } },
		ready: true,
	};
	const webhook: WebhookRecord = {
		id: WEBHOOK_DEMO_ID,
		url: 'http://127.0.0.1:9/unset',
		events: ['crawl.completed'],
		isActive: false,
		secret: 'whsec_demo',
		createdAt: new Date(SEED_TIME).toISOString(),
		updatedAt: new Date(SEED_TIME).toISOString(),
		deliveries: [],
	};
	return {
		account: {
			id: 'acct_sandbox',
			email: 'demo@example.com',
			credits: config.credits,
			lifetimeSpendUsd: 0,
			createdAt: new Date(SEED_TIME).toISOString(),
		},
		jobs: new Map([
			[crawl.id, crawl],
			[extract.id, extract],
		]),
		webhooks: new Map([[webhook.id, webhook]]),
		requests: [],
		deliveries: [],
		brandProfiles: new Set(),
		brandEdits: new Map(),
	};
}

/** Replaces the contents of `target` with `source`, so references to the state stay valid. */
export function replaceState(target: SandboxState, source: SandboxState): void {
	Object.assign(target, source);
}
