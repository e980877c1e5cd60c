/**
 * The sandbox's knobs: defaults, merging of partial overrides, and reading them from the
 * environment and the command line (the CLI does that; startSandbox takes a plain object).
 */
import { readFileSync } from 'node:fs';

/** Past the plan's concurrency: refuse with 429, or queue (sandbox/limits.ts). */
export type OverloadModel = 'refuse' | 'queue';
/**
 * How GET /account stands against the plan's concurrency: it holds a slot and is in
 * `queue.active` (`counted`); holds none but is refused where a scrape would be (`uncounted`);
 * or neither (`free`). The spec does not say.
 */
export type AccountReadModel = 'counted' | 'uncounted' | 'free';
/** Which requests count against `plan.concurrency`: every one, or only scrapes (sandbox/limits.ts). */
export type ConcurrencyCounts = 'every request' | 'scrapes';
/** When GET /account takes the usage it reports: as it arrives, or as it answers. The spec does not say. */
export type UsageAt = 'arrival' | 'answer';

export const DEMO_API_KEY = 'bc_sandbox_demo_key';
export const DEFAULT_PORT = 5680;

export interface PlanConfig {
	id: string;
	name: string;
	rateLimitPerMinute: number;
	/** Requests in flight at once, and jobs RUNNING at once. */
	concurrency: number;
	/** Jobs PENDING or RUNNING at once; past it a new job gets 429. */
	queueLimit: number;
}

export interface FailureConfig {
	/** HTTP status of an injected failure (default 500; 200 when only `malformed` is set). */
	status: number;
	/** Share of API requests that fail, 0..1 (default 1 once a failure is configured). */
	rate: number;
	/** Send a body that is not JSON. */
	malformed: boolean;
	/** Stop injecting after this many failures (unset: never stop). */
	count?: number;
	/** Only requests whose path starts with one of these fail (unset: every API path). */
	paths?: string[];
	/** Retry-After (seconds) sent with an injected 429 or 503. */
	retryAfter?: number;
	/** A Location header: with a 3xx status, the injected failure is a redirect (a hostile API). */
	location?: string;
	/** Only requests whose query has these values fail (`{domain: "globex.com"}`; case-free). */
	query?: Record<string, string>;
	/**
	 * The failure is reported inside a 200 answer, as brand, web and AI answers can (spec, Errors
	 * 3): `{success: true, data: {status: "error", code: <status>, message}}`.
	 */
	inBody?: boolean;
}

export interface SandboxConfig {
	/** 0 picks a free port. */
	port: number;
	apiKeys: string[];
	/** Past the plan's concurrency: refuse with 429, or queue up to `plan.queueLimit` requests. */
	overload: OverloadModel;
	/** How the usage read (GET /account) stands against the plan's concurrency. */
	accountRead: AccountReadModel;
	/** Which requests count against the plan's concurrency (GET /account: `accountRead`). */
	concurrencyCounts: ConcurrencyCounts;
	/** When the usage read takes the usage it reports: as it arrives, or after `latencyMs`. */
	usageAt: UsageAt;
	/** Added to every API request (inside the in-flight window, so it counts for concurrency). */
	latencyMs: number;
	/** Default duration of a job from creation to its terminal state. */
	jobDurationMs: number;
	/** Results per page of GET /crawl/{id}. */
	crawlPageSize: number;
	/** A crawl page's `next`: the page number (`"2"`), or a URL (`http://host/crawl/{id}?page=2`). */
	crawlNext: 'page' | 'url';
	failure: FailureConfig | null;
	plan: PlanConfig;
	/** The account's starting balance. */
	credits: number;
	/** Extra delivery attempts after a failed webhook delivery. */
	webhookRetries: number;
	webhookRetryDelayMs: number;
	webhookTimeoutMs: number;
	/** Parse every response with its zod schema and answer 500 on a mismatch (on in tests). */
	checkResponses: boolean;
}

export type FailureOverride = Partial<FailureConfig> | null;

export interface SandboxConfigOverrides extends Partial<Omit<SandboxConfig, 'plan' | 'failure'>> {
	plan?: Partial<PlanConfig>;
	failure?: FailureOverride;
}

export const DEFAULT_PLAN: PlanConfig = {
	id: 'plan_sandbox',
	name: 'Sandbox',
	rateLimitPerMinute: 600,
	concurrency: 10,
	queueLimit: 50,
};

export function defaultConfig(): SandboxConfig {
	return {
		port: DEFAULT_PORT,
		apiKeys: [DEMO_API_KEY],
		overload: 'refuse',
		accountRead: 'counted',
		concurrencyCounts: 'every request',
		usageAt: 'answer',
		latencyMs: 0,
		jobDurationMs: 2000,
		crawlPageSize: 3,
		crawlNext: 'page',
		failure: null,
		plan: { ...DEFAULT_PLAN },
		credits: 10000,
		webhookRetries: 2,
		webhookRetryDelayMs: 500,
		webhookTimeoutMs: 5000,
		checkResponses: false,
	};
}

export function normalizeFailure(failure: FailureOverride | undefined): FailureConfig | null {
	if (!failure) return null;
	const malformed = failure.malformed === true;
	const rate = failure.rate ?? 1;
	if (!(rate >= 0 && rate <= 1)) throw new Error('failure.rate must be between 0 and 1');
	const status = failure.status ?? (malformed ? 200 : 500);
	if (!Number.isInteger(status) || status < 100 || status > 599)
		throw new Error('failure.status must be an HTTP status');
	return { ...failure, status, rate, malformed };
}

/** A new config: `base` with `overrides` applied (plan merged, failure replaced). */
export function mergeConfig(
	base: SandboxConfig,
	overrides: SandboxConfigOverrides = {},
): SandboxConfig {
	const known = Object.keys(defaultConfig());
	const unknown = Object.keys(overrides).filter((key) => !known.includes(key));
	if (unknown.length > 0)
		throw new Error(`unknown config keys: ${unknown.join(', ')} (known: ${known.join(', ')})`);
	const { plan, failure, ...rest } = overrides;
	const merged: SandboxConfig = {
		...base,
		...stripUndefined(rest),
		plan: { ...base.plan, ...stripUndefined(plan ?? {}) },
		apiKeys: [...(rest.apiKeys ?? base.apiKeys)],
		failure: failure === undefined ? base.failure : normalizeFailure(failure),
	};
	for (const key of ['rateLimitPerMinute', 'concurrency', 'queueLimit'] as const) {
		if (!Number.isInteger(merged.plan[key]) || merged.plan[key] < 1)
			throw new Error(`plan.${key} must be a positive integer`);
	}
	for (const key of [
		'latencyMs',
		'jobDurationMs',
		'credits',
		'webhookRetries',
		'webhookRetryDelayMs',
	] as const) {
		if (typeof merged[key] !== 'number' || !(merged[key] >= 0))
			throw new Error(`${key} must be a number >= 0`);
	}
	if (merged.overload !== 'refuse' && merged.overload !== 'queue')
		throw new Error("overload must be 'refuse' or 'queue'");
	if (!['counted', 'uncounted', 'free'].includes(merged.accountRead))
		throw new Error("accountRead must be 'counted', 'uncounted' or 'free'");
	if (merged.concurrencyCounts !== 'every request' && merged.concurrencyCounts !== 'scrapes')
		throw new Error("concurrencyCounts must be 'every request' or 'scrapes'");
	if (merged.usageAt !== 'arrival' && merged.usageAt !== 'answer')
		throw new Error("usageAt must be 'arrival' or 'answer'");
	if (!Number.isInteger(merged.crawlPageSize) || merged.crawlPageSize < 1)
		throw new Error('crawlPageSize must be a positive integer');
	if (merged.crawlNext !== 'page' && merged.crawlNext !== 'url')
		throw new Error("crawlNext must be 'page' or 'url'");
	if (
		!Array.isArray(merged.apiKeys) ||
		merged.apiKeys.some((key) => typeof key !== 'string' || !key.startsWith('bc_'))
	) {
		throw new Error('apiKeys must be strings starting with bc_');
	}
	return merged;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const num = (value: string | undefined): number | undefined =>
	value === undefined || value.trim() === '' ? undefined : Number(value);

/** Overrides from WEBDATA_SANDBOX_* variables; WEBDATA_SANDBOX_CONFIG (a JSON object) wins. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfigOverrides {
	const out: SandboxConfigOverrides = {
		port: num(env.WEBDATA_SANDBOX_PORT),
		latencyMs: num(env.WEBDATA_SANDBOX_LATENCY_MS),
		overload: (env.WEBDATA_SANDBOX_OVERLOAD || undefined) as OverloadModel | undefined,
		accountRead: (env.WEBDATA_SANDBOX_ACCOUNT_READ || undefined) as AccountReadModel | undefined,
		concurrencyCounts: (env.WEBDATA_SANDBOX_CONCURRENCY_COUNTS || undefined) as
			| ConcurrencyCounts
			| undefined,
		usageAt: (env.WEBDATA_SANDBOX_USAGE_AT || undefined) as UsageAt | undefined,
		jobDurationMs: num(env.WEBDATA_SANDBOX_JOB_DURATION_MS),
		credits: num(env.WEBDATA_SANDBOX_CREDITS),
		apiKeys: env.WEBDATA_SANDBOX_API_KEYS
			? env.WEBDATA_SANDBOX_API_KEYS.split(',')
					.map((k) => k.trim())
					.filter(Boolean)
			: undefined,
		plan: {
			rateLimitPerMinute: num(env.WEBDATA_SANDBOX_RATE_LIMIT),
			concurrency: num(env.WEBDATA_SANDBOX_CONCURRENCY),
			queueLimit: num(env.WEBDATA_SANDBOX_QUEUE_LIMIT),
		},
	};
	const failureStatus = num(env.WEBDATA_SANDBOX_FAILURE_STATUS);
	const failureRate = num(env.WEBDATA_SANDBOX_FAILURE_RATE);
	const malformed =
		env.WEBDATA_SANDBOX_FAILURE_MALFORMED === 'true' ||
		env.WEBDATA_SANDBOX_FAILURE_MALFORMED === '1';
	if (failureStatus !== undefined || failureRate !== undefined || malformed) {
		out.failure = { status: failureStatus, rate: failureRate, malformed };
	}
	if (env.WEBDATA_SANDBOX_CONFIG) {
		return combine(out, parseJsonObject(env.WEBDATA_SANDBOX_CONFIG, 'WEBDATA_SANDBOX_CONFIG'));
	}
	return out;
}

export function configFromFile(path: string): SandboxConfigOverrides {
	return parseJsonObject(readFileSync(path, 'utf8'), path);
}

/** Two override objects as one; `later` wins, plans merge. */
export function combine(
	earlier: SandboxConfigOverrides,
	later: SandboxConfigOverrides,
): SandboxConfigOverrides {
	return {
		...stripUndefined(earlier),
		...stripUndefined(later),
		plan: { ...stripUndefined(earlier.plan ?? {}), ...stripUndefined(later.plan ?? {}) },
	};
}

function parseJsonObject(text: string, where: string): SandboxConfigOverrides {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		throw new Error(`${where} is not valid JSON`);
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
		throw new Error(`${where} must hold a JSON object`);
	return parsed as SandboxConfigOverrides;
}
