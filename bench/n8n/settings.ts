/** The plan every bench:n8n run measures against: the sandbox's latency, concurrency and rate. */
export const PLAN = { latencyMs: 100, concurrency: 10, ratePerMinute: 6000 };

/** The sandbox's configuration for that plan: reset with it before each part. */
export const SANDBOX_CONFIG = {
	latencyMs: PLAN.latencyMs,
	credits: 100_000_000,
	plan: { concurrency: PLAN.concurrency, rateLimitPerMinute: PLAN.ratePerMinute },
};

/** What the plan allows: items per second. */
export const LIMIT = Math.min(PLAN.concurrency / (PLAN.latencyMs / 1000), PLAN.ratePerMinute / 60);
