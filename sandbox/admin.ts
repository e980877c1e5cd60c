/**
 * The admin API under /__sandbox: a loopback test tool, without auth, limits, latency, failure
 * injection or credits, and not recorded in the request log.
 */
import { randomUUID } from 'node:crypto';

import { z } from 'zod';

import { BrandEditBody } from './brandEdits';
import type { SandboxConfigOverrides } from './config';
import * as content from './content';
import type { SandboxCore } from './core';
import { HttpError } from './http';
import type { Reply } from './http';
import { jobDetail } from './jobs';
import type { Job, JobType, TerminalStatus } from './state';

export const ADMIN_PREFIX = '/__sandbox';

const AdminJobBody = z.object({
	type: z.enum(['crawl', 'batch_scrape', 'extract', 'products']),
	durationMs: z.number().min(0).optional(),
	fail: z.boolean().optional(),
	cancel: z.boolean().optional(),
	/** Crawl root, batch base URL, extract URL, or products domain. */
	url: z.string().optional(),
	/** Number of results (crawl pages, batch pages, products); large crawls are for benchmarks. */
	pages: z.number().int().min(0).max(100_000).optional(),
	/** Pads each crawl page's markdown to this many characters (the size of real pages). */
	markdownBytes: z.number().int().min(0).max(100_000).optional(),
	webhook: z
		.object({
			url: z.string().url(),
			events: z.array(z.string()).optional(),
			headers: z.record(z.string()).optional(),
			metadata: z.unknown().optional(),
		})
		.optional(),
});

export type AdminJobInput = z.infer<typeof AdminJobBody>;

const DEFAULT_PAGES: Record<JobType, number> = {
	crawl: 7,
	batch_scrape: 3,
	extract: 0,
	products: 5,
};

const FILLER = 'Sandbox filler text standing in for the body of a real page. ';

function padMarkdown(page: Record<string, unknown>, size: number): Record<string, unknown> {
	const markdown = String(page.markdown ?? '');
	if (markdown.length >= size) return page;
	return {
		...page,
		markdown: (markdown + FILLER.repeat(Math.ceil(size / FILLER.length))).slice(0, size),
	};
}

/** A job that runs to its terminal state like any other and delivers its event. */
export function createAdminJob(core: SandboxCore, input: AdminJobInput): Job {
	const type = input.type;
	const base = input.url ?? 'https://example.com';
	const pages = input.pages ?? DEFAULT_PAGES[type];
	const outcome: TerminalStatus = input.fail ? 'FAILED' : input.cancel ? 'CANCELLED' : 'COMPLETED';
	let plannedResults: Array<Record<string, unknown>> = [];
	let completedResult: unknown = null;
	let extract: Job['extract'];
	if (type === 'crawl')
		plannedResults = content
			.crawlPages(base, pages)
			.map((page) => padMarkdown(page, input.markdownBytes ?? 0));
	if (type === 'batch_scrape')
		plannedResults = Array.from({ length: pages }, (_, i) =>
			content.pageResult(`${base.replace(/\/$/, '')}/page-${i + 1}`),
		);
	if (type === 'products') {
		const domain = content.domainOf(base);
		plannedResults = content.productUrls(domain, pages).map((url) => content.product(url));
		completedResult = { domain, limit: pages, productsFound: pages };
	}
	if (type === 'extract') {
		const extracted = content.extracted('Sandbox admin job', undefined, [base]);
		completedResult = extracted;
		extract = { extracted, tokenUsage: { inputTokens: 1000, outputTokens: 40 } };
	}
	return core.createJob({
		type,
		durationMs: input.durationMs,
		outcome,
		...(input.fail
			? {
					error: 'Job failed (requested through the admin API)',
					errors: [{ url: base, error: 'Failure requested through the admin API' }],
				}
			: {}),
		...(input.cancel ? { error: 'Job was cancelled' } : {}),
		plannedResults,
		completedResult,
		extract,
		webhook: input.webhook,
	});
}

function adminJobView(job: Job) {
	return {
		...jobDetail(job, { page: 1, limit: Math.max(1, job.plannedResults.length) }),
		jobType: job.type,
		webhook: job.webhook ?? null,
	};
}

function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
	const parsed = schema.safeParse(body ?? {});
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new HttpError(
			400,
			`Invalid admin request: ${issue.path.join('.') || 'body'} ${issue.message}`,
		);
	}
	return parsed.data;
}

function configOverrides(body: unknown): SandboxConfigOverrides {
	if (body === undefined) return {};
	if (!body || typeof body !== 'object' || Array.isArray(body))
		throw new HttpError(
			400,
			'Invalid admin request: the body must be a JSON object of config overrides',
		);
	return body as SandboxConfigOverrides;
}

function stateSummary(core: SandboxCore) {
	const jobs = [...core.state.jobs.values()];
	const count = (key: (job: Job) => string) =>
		jobs.reduce<Record<string, number>>(
			(acc, job) => ({ ...acc, [key(job)]: (acc[key(job)] ?? 0) + 1 }),
			{},
		);
	return {
		account: { ...core.state.account, plan: core.config.plan, queue: core.jobs.queue() },
		jobs: {
			total: jobs.length,
			byStatus: count((j) => j.status),
			byType: count((j) => j.type),
			ids: jobs.map((j) => j.id),
		},
		webhooks: core.state.webhooks.size,
		requests: core.state.requests.length,
		deliveries: core.state.deliveries.length,
		limits: {
			requestsInFlight: core.limiter.requestsInFlight,
			requestsInWindow: core.limiter.requestsInWindow(),
		},
		config: core.config,
	};
}

/** POST /__sandbox/webhooks: the service's API has no route that creates a webhook. */
const WebhookBody = z.object({
	url: z.string().url(),
	events: z.array(z.string()).min(1),
	isActive: z.boolean().default(true),
	secret: z.string().min(1).optional(),
});

function createWebhook(
	core: SandboxCore,
	input: { url: string; events: string[]; isActive?: boolean; secret?: string },
) {
	const now = new Date().toISOString();
	const webhook = {
		id: `wh_${randomUUID().slice(0, 8)}`,
		url: input.url,
		events: [...input.events],
		isActive: input.isActive ?? true,
		secret: input.secret ?? `whsec_${randomUUID().replace(/-/g, '')}`,
		createdAt: now,
		updatedAt: now,
		deliveries: [],
	};
	core.state.webhooks.set(webhook.id, webhook);
	return webhook;
}

/** Answers an admin request (`path` is below /__sandbox). */
export function handleAdmin(core: SandboxCore, method: string, path: string, body: unknown): Reply {
	const ok = (data: unknown): Reply => ({ status: 200, body: data });
	const guard = (fn: () => unknown): Reply => {
		try {
			return ok(fn());
		} catch (error) {
			if (error instanceof HttpError) throw error;
			throw new HttpError(400, `Invalid admin request: ${(error as Error).message}`);
		}
	};
	const jobMatch = /^\/jobs\/([^/]+)(\/cancel)?$/.exec(path);
	const route = `${method} ${jobMatch ? (jobMatch[2] ? '/jobs/{id}/cancel' : '/jobs/{id}') : path}`;
	switch (route) {
		case 'POST /reset':
			return guard(() => {
				core.reset(configOverrides(body));
				return { success: true, config: core.config };
			});
		case 'GET /requests':
			return ok(core.state.requests);
		case 'DELETE /requests':
			core.state.requests.length = 0;
			return ok({ success: true });
		case 'GET /config':
			return ok(core.config);
		case 'PATCH /config':
			return guard(() => core.setConfig(configOverrides(body)));
		case 'GET /webhooks':
			return ok([...core.state.webhooks.values()]);
		case 'POST /webhooks':
			return ok(createWebhook(core, parse(WebhookBody, body)));
		case 'GET /deliveries':
			return ok(core.state.deliveries);
		case 'DELETE /deliveries':
			core.state.deliveries.length = 0;
			for (const webhook of core.state.webhooks.values()) webhook.deliveries.length = 0;
			return ok({ success: true });
		case 'GET /jobs':
			return ok([...core.state.jobs.values()].map(adminJobView));
		case 'POST /jobs': {
			const job = createAdminJob(core, parse(AdminJobBody, body));
			return ok({ id: job.id, type: job.type, status: job.status });
		}
		case 'GET /jobs/{id}':
		case 'POST /jobs/{id}/cancel': {
			const job = core.state.jobs.get(decodeURIComponent(jobMatch![1]));
			if (!job) throw new HttpError(404, `Job ${jobMatch![1]} not found`);
			if (route.startsWith('POST') && !core.jobs.cancel(job))
				throw new HttpError(409, `Job ${job.id} already ended with status ${job.status}`);
			return ok(adminJobView(job));
		}
		case 'GET /brands':
			return ok(Object.fromEntries(core.state.brandEdits));
		case 'POST /brands': {
			const { domain: input, ...edit } = parse(BrandEditBody, body);
			const domain = content.domainOf(input);
			const merged = { ...core.state.brandEdits.get(domain), ...edit };
			core.state.brandEdits.set(domain, merged);
			return ok({ domain, ...merged });
		}
		case 'GET /state':
			return ok(stateSummary(core));
		default:
			throw new HttpError(404, `No admin endpoint ${method} ${ADMIN_PREFIX}${path}`);
	}
}
