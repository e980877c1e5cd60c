/**
 * One handler per endpoint, keyed like the routes (`METHOD /path/{template}`). Handlers get
 * validated values, spend credits through the core, and answer with the spec's shapes.
 */
import { randomUUID } from 'node:crypto';

import { z } from 'zod';

import type { EndpointId } from '../contract';

import { editBrand } from './brandEdits';
import * as content from './content';
import type { SandboxCore } from './core';
import { HttpError } from './http';
import type { Reply } from './http';
import { crawlStatus, extractStatus, jobDetail, jobListItem, listType, paginate } from './jobs';
import type { Job, JobWebhook, TerminalStatus } from './state';
import { isLoopbackUrl, REFUSED, webhookView } from './webhooks';

/** Credits each endpoint spends on success (see README). Unlisted endpoints are free. */
export const CREDIT_COSTS = {
	scrape: 1,
	batchScrapePerUrl: 1,
	map: 1,
	extract: 5,
	brandProfile: 5,
	brandRetrieve: 1,
	aiQuery: 2,
	aiProduct: 2,
	aiProductsPerPage: 1,
	transcript: 5,
	fonts: 1,
	competitors: 1,
} as const;

export interface HandlerInput {
	params: Record<string, string>;
	query: Record<string, string | string[]>;
	body: unknown;
	/** Validated, coerced values of the contract's fields (keyed by API name). */
	values: Record<string, unknown>;
	/** The sandbox's own origin, as the request reached it (`http://127.0.0.1:5680`). */
	origin?: string;
	/** The usage as the request arrived (config `usageAt: "arrival"`); unset: as it answers. */
	usageAtArrival?: { active: number; waiting: number };
}

export type Handler = (core: SandboxCore, req: HandlerInput) => Reply;

const ok = (body: unknown): Reply => ({ status: 200, body });

/** Marker words in inputs that make the sandbox fail on purpose (see README). */
const wants = (word: string, ...inputs: unknown[]) =>
	inputs.some((input) => typeof input === 'string' && input.toLowerCase().includes(word));

function notFound(what: string): never {
	throw new HttpError(404, `${what} not found`);
}

function findJob(core: SandboxCore, id: string, accept: (job: Job) => boolean, what: string): Job {
	const job = core.state.jobs.get(id);
	if (!job || !accept(job)) notFound(`${what} ${id}`);
	return job;
}

function keyMetadata(core: SandboxCore, consumed: number) {
	return { credits_consumed: consumed, credits_remaining: core.state.account.credits };
}

function brandLookup(
	core: SandboxCore,
	lookup: string,
	domain: string,
	stock: Record<string, unknown> | null,
): Reply {
	if (wants('notfound', lookup)) {
		throw new HttpError(404, `No brand found for ${lookup}`, {
			data: { status: 'not_found', code: 404 },
		});
	}
	core.spend(CREDIT_COSTS.brandRetrieve);
	const record = content.brandRecord(domain, stock);
	return ok({
		success: true,
		data: {
			...record,
			brand: editBrand(record.brand, core.state.brandEdits.get(domain), 'title'),
			key_metadata: keyMetadata(core, CREDIT_COSTS.brandRetrieve),
		},
	});
}

/** A job's `webhook` object: only `url` (loopback or not), `events`, `headers` and `metadata` are used. */
function jobWebhook(value: unknown): JobWebhook | undefined {
	if (value === undefined) return undefined;
	const parsed = z
		.object({
			url: z.string().url(),
			events: z.array(z.string()).optional(),
			headers: z.record(z.string()).optional(),
			metadata: z.unknown().optional(),
		})
		.safeParse(value);
	if (!parsed.success) {
		throw new HttpError(
			400,
			'Invalid request: webhook must be an object with a url (http or https), and optional events, headers and metadata',
		);
	}
	return parsed.data as JobWebhook;
}

/** Splits URLs into valid and invalid ones; with ignoreInvalidURLs false an invalid one is a 400. */
function checkUrls(urls: readonly string[], ignoreInvalid: boolean) {
	const valid = urls.filter((url) => content.isScrapableUrl(url));
	const invalid = urls.filter((url) => !content.isScrapableUrl(url));
	if (!ignoreInvalid && invalid.length > 0) {
		throw new HttpError(
			400,
			`Invalid URLs: ${invalid.join(', ')} (set ignoreInvalidURLs to true to skip them)`,
			{ invalidURLs: invalid },
		);
	}
	return { valid, errors: invalid.map((url) => ({ url, error: 'Invalid URL' })) };
}

/** The planned end of a page-fetching job, from the marker words in its URLs. */
function plannedOutcome(
	urls: readonly string[],
	errors: Array<{ url: string; error: string }>,
	noneMessage: string,
) {
	if (urls.length === 0) return { outcome: 'FAILED' as TerminalStatus, error: noneMessage };
	const failing = urls.find((url) => wants('fail', url));
	if (failing) {
		errors.push({ url: failing, error: `Scrape failed: ${failing} answered HTTP 500` });
		return {
			outcome: 'FAILED' as TerminalStatus,
			error: `Job failed: could not scrape ${failing}`,
		};
	}
	if (urls.some((url) => wants('cancel', url)))
		return { outcome: 'CANCELLED' as TerminalStatus, error: 'Job was cancelled' };
	return { outcome: 'COMPLETED' as TerminalStatus };
}

function findWebhook(core: SandboxCore, id: string) {
	return core.state.webhooks.get(id) ?? notFound(`Webhook ${id}`);
}

/** One handler per endpoint of the contract: the compiler names a missing one. */
export const HANDLERS = {
	account: (core, { usageAtArrival }) => {
		const { account } = core.state;
		const { plan } = core.config;
		return ok({
			success: true,
			data: {
				id: account.id,
				email: account.email,
				credits: account.credits,
				lifetimeSpendUsd: account.lifetimeSpendUsd,
				createdAt: account.createdAt,
				plan: {
					id: plan.id,
					name: plan.name,
					rateLimitPerMinute: plan.rateLimitPerMinute,
					concurrency: plan.concurrency,
					queueLimit: plan.queueLimit,
				},
				queue: usageAtArrival ?? core.usage(),
			},
		});
	},

	scrape: (core, { values }) => {
		const url = values.url as string;
		if (wants('fail', url)) throw new HttpError(422, `Scrape failed: ${url} answered HTTP 500`);
		core.spend(CREDIT_COSTS.scrape);
		return ok({ success: true, data: content.pageResult(url) });
	},

	batchScrape: (core, { values }) => {
		const { valid, errors } = checkUrls(
			values.urls as string[],
			values.ignoreInvalidURLs !== false,
		);
		const webhook = jobWebhook(values.webhook);
		core.ensureQueueRoom();
		const cost = valid.length * CREDIT_COSTS.batchScrapePerUrl;
		core.spend(cost);
		const planned = plannedOutcome(valid, errors, 'No valid URLs to scrape');
		const options = {
			formats: values.formats as string[] | undefined,
			onlyMainContent: values.onlyMainContent as boolean | undefined,
		};
		const job = core.createJob({
			type: 'batch_scrape',
			...planned,
			plannedResults: valid.map((url) => content.pageResult(url, options)),
			errors,
			creditsUsed: cost,
			webhook,
		});
		return ok({ success: true, id: job.id, status: job.status, url: `/jobs/${job.id}` });
	},

	crawlStatus: (core, { params, values, origin }) => {
		const job = findJob(core, params.id, (j) => listType(j) === 'crawl', 'Crawl job');
		const page = String(values.page);
		if (!/^[1-9]\d*$/.test(page))
			throw new HttpError(
				400,
				`Invalid request: page must be a positive whole number, got ${JSON.stringify(page)}`,
			);
		const data = crawlStatus(job, Number(page), core.config.crawlPageSize);
		if (data.next !== null && core.config.crawlNext === 'url')
			data.next = `${origin}/crawl/${encodeURIComponent(job.id)}?page=${data.next}`;
		return ok({ success: true, data });
	},

	map: (core, { values }) => {
		const links = content.siteMap(values.url as string, {
			search: values.search as string | undefined,
			limit: (values.limit as number | undefined) ?? 100,
			sitemap: values.sitemap as string | undefined,
			includeSubdomains: values.includeSubdomains as boolean | undefined,
		});
		core.spend(CREDIT_COSTS.map);
		return ok({ success: true, total: links.length, creditsUsed: CREDIT_COSTS.map, data: links });
	},

	extract: (core, { values }) => {
		const urls = (values.urls as string[] | undefined) ?? [];
		const webSearch = values.enableWebSearch === true;
		if (urls.length === 0 && !webSearch)
			throw new HttpError(400, 'Invalid request: give urls, or set enableWebSearch to true');
		const { valid, errors } = checkUrls(urls, values.ignoreInvalidURLs !== false);
		const webhook = jobWebhook(values.webhook);
		core.ensureQueueRoom();
		core.spend(CREDIT_COSTS.extract);
		const planned =
			webSearch && valid.length === 0
				? { outcome: 'COMPLETED' as TerminalStatus }
				: plannedOutcome(valid, errors, 'No valid URLs to extract from');
		const prompt = values.prompt as string;
		const extracted = content.extracted(prompt, values.schema, valid);
		const job = core.createJob({
			type: 'extract',
			...planned,
			errors,
			creditsUsed: CREDIT_COSTS.extract,
			completedResult: extracted,
			extract: {
				extracted,
				tokenUsage: {
					inputTokens: 1000 * Math.max(1, valid.length) + prompt.length,
					outputTokens: Math.ceil(JSON.stringify(extracted).length / 4),
				},
			},
			webhook,
		});
		return ok({ success: true, id: job.id, status: job.status, url: `/extract/${job.id}` });
	},

	extractStatus: (core, { params }) =>
		ok(extractStatus(findJob(core, params.id, (j) => j.type === 'extract', 'Extract job'))),

	brandProfile: (core, { values }) => {
		const url = values.url as string;
		const domain = content.domainOf(url);
		const cached = values.refresh !== true && core.state.brandProfiles.has(domain);
		core.spend(CREDIT_COSTS.brandProfile);
		core.state.brandProfiles.add(domain);
		const profile = content.brandProfile(domain, url);
		return ok({
			success: true,
			data: {
				brand: editBrand(profile.brand, core.state.brandEdits.get(domain), 'name'),
				meta: { ...profile.meta, cached, creditsUsed: CREDIT_COSTS.brandProfile },
			},
		});
	},

	brandRetrieve: (core, { values }) => {
		const domain = values.domain as string;
		return brandLookup(core, domain, content.domainOf(domain), null);
	},

	brandRetrieveByName: (core, { values }) => {
		const name = values.name as string;
		return brandLookup(core, name, content.domainForName(name), null);
	},

	brandRetrieveByTicker: (core, { values }) => {
		const ticker = (values.ticker as string).toUpperCase();
		const known = content.KNOWN_TICKERS[ticker];
		const exchange = (values.ticker_exchange as string | undefined) ?? known?.exchange ?? 'NASDAQ';
		return brandLookup(core, ticker, known?.domain ?? `${ticker.toLowerCase()}.com`, {
			ticker,
			exchange,
		});
	},

	brandRetrieveByEmail: (core, { values }) => {
		const email = values.email as string;
		return brandLookup(core, email, content.domainOf(email), null);
	},

	brandRetrieveByIsin: (core, { values }) => {
		const isin = (values.isin as string).toUpperCase();
		const ticker = content.KNOWN_ISINS[isin];
		const known = ticker ? content.KNOWN_TICKERS[ticker] : undefined;
		const stock = known
			? { ticker, exchange: known.exchange, isin }
			: { ticker: null, exchange: null, isin };
		return brandLookup(core, isin, known?.domain ?? `${isin.toLowerCase()}.com`, stock);
	},

	brandAiQuery: (core, { values }) => {
		const url =
			(values.url as string | undefined) ??
			(values.domain ? `https://${content.domainOf(values.domain as string)}` : undefined);
		if (!url) throw new HttpError(400, 'Invalid request: give url, or domain');
		core.spend(CREDIT_COSTS.aiQuery);
		const { answer, source } = content.aiAnswer(values.query as string, url);
		return ok({
			success: true,
			data: {
				status: 'ok',
				code: 200,
				answer,
				source,
				key_metadata: keyMetadata(core, CREDIT_COSTS.aiQuery),
			},
		});
	},

	brandAiProduct: (core, { values }) => {
		const url = values.url as string;
		if (wants('fail', url)) {
			throw new HttpError(422, `Could not extract a product from ${url}`, {
				data: { status: 'failed', code: 422 },
			});
		}
		core.spend(CREDIT_COSTS.aiProduct);
		return ok({
			success: true,
			data: {
				status: 'ok',
				code: 200,
				product: content.product(url),
				source: { url, title: content.pageTitle(url) },
				key_metadata: keyMetadata(core, CREDIT_COSTS.aiProduct),
			},
		});
	},

	brandAiProducts: (core, { values }) => {
		const domain = content.domainOf(values.domain as string);
		const limit = (values.limit as number | undefined) ?? 10;
		const webhook = jobWebhook(values.webhook);
		core.ensureQueueRoom();
		const cost = limit * CREDIT_COSTS.aiProductsPerPage;
		core.spend(cost);
		const products = content.productUrls(domain, limit).map((url) => content.product(url));
		const failing = wants('fail', domain);
		const job = core.createJob({
			type: 'products',
			outcome: failing ? 'FAILED' : wants('cancel', domain) ? 'CANCELLED' : 'COMPLETED',
			...(failing ? { error: `Job failed: could not read the product pages of ${domain}` } : {}),
			errors: failing
				? [
						{
							url: `https://${domain}`,
							error: `Scrape failed: https://${domain} answered HTTP 500`,
						},
					]
				: [],
			plannedResults: products,
			creditsUsed: cost,
			completedResult: { domain, limit, productsFound: products.length },
			webhook,
		});
		return ok({
			success: true,
			data: { success: true, id: job.id, status: job.status, domain, limit },
		});
	},

	youtubeTranscript: (core, { values }) => {
		const url = values.url as string;
		const videoId = content.videoIdOf(url);
		const failure = (status: number, error: string) => ({
			status,
			body: { success: false, error, credits: { used: 0 }, data: {} },
		});
		if (!videoId)
			return failure(
				400,
				`Unsupported video URL: ${url} (use a YouTube watch, Shorts, live, embed or youtu.be link)`,
			);
		if (wants('fail', videoId) || wants('unavailable', videoId))
			return failure(404, `Video ${videoId} not found or has no transcript`);
		core.spend(CREDIT_COSTS.transcript);
		const { data, metadata } = content.transcript(
			videoId,
			url,
			(values.formats as unknown[] | undefined) ?? ['markdown'],
		);
		return ok({ success: true, credits: { used: CREDIT_COSTS.transcript }, data, metadata });
	},

	webFonts: (core, { values }) => {
		const domain = content.domainOf(
			(values.directUrl as string | undefined) ?? (values.domain as string),
		);
		core.spend(CREDIT_COSTS.fonts);
		return ok({
			success: true,
			data: {
				status: 'ok',
				code: 200,
				domain,
				fonts: content.fonts(domain),
				key_metadata: keyMetadata(core, CREDIT_COSTS.fonts),
			},
		});
	},

	webCompetitors: (core, { values }) => {
		const domain = content.domainOf(values.domain as string);
		const limit =
			(values.limit as number | undefined) ?? (values.numCompetitors as number | undefined) ?? 10;
		core.spend(CREDIT_COSTS.competitors);
		return ok({
			success: true,
			data: {
				status: 'ok',
				code: 200,
				domain,
				competitors: content.competitors(domain, limit),
				key_metadata: keyMetadata(core, CREDIT_COSTS.competitors),
			},
		});
	},

	jobList: (core, { values }) => {
		const jobs = [...core.state.jobs.values()]
			.filter((job) => values.type === undefined || listType(job) === values.type)
			.filter((job) => values.status === undefined || job.status === values.status)
			.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
		const { items, pagination } = paginate(jobs, {
			page: (values.page as number | undefined) ?? 1,
			limit: (values.limit as number | undefined) ?? 25,
		});
		return ok({ success: true, data: { jobs: items.map(jobListItem), pagination } });
	},

	jobDetail: (core, { params, values }) => {
		const job = findJob(core, params.id, () => true, 'Job');
		return ok({
			success: true,
			data: jobDetail(job, {
				page: (values.page as number | undefined) ?? 1,
				limit: (values.limit as number | undefined) ?? 50,
			}),
		});
	},

	webhookUpdate: (core, { params, values }) => {
		const webhook = findWebhook(core, params.id);
		if (values.url !== undefined) webhook.url = values.url as string;
		if (values.events !== undefined) webhook.events = [...(values.events as string[])];
		if (values.isActive !== undefined) webhook.isActive = values.isActive as boolean;
		webhook.updatedAt = new Date().toISOString();
		return ok({ success: true, data: webhookView(webhook) });
	},

	webhookTest: (core, { params, values }) => {
		const webhook = findWebhook(core, params.id);
		const event = values.event as string;
		const type = event.includes('.') ? event.slice(0, event.lastIndexOf('.')) : 'crawl';
		const jobId = `test_${randomUUID()}`;
		const payload: Record<string, unknown> = {
			event,
			jobId,
			job: {
				id: jobId,
				type,
				status: (event.slice(event.lastIndexOf('.') + 1) || 'completed').toUpperCase(),
				test: true,
			},
			timestamp: new Date().toISOString(),
			test: true,
			...(values.payload !== undefined ? { payload: values.payload } : {}),
		};
		core.sendTest(webhook, event, payload);
		if (!isLoopbackUrl(webhook.url)) {
			return ok({
				success: false,
				event,
				message: `Not sent to ${webhook.url}: ${REFUSED} (the refusal is recorded as a delivery)`,
				payload,
			});
		}
		return ok({
			success: true,
			event,
			message: `Test delivery of ${event} sent to ${webhook.url}`,
			payload,
		});
	},

	webhookDelete: (core, { params }) => {
		const webhook = findWebhook(core, params.id);
		core.state.webhooks.delete(webhook.id);
		return ok({ success: true, message: `Webhook ${webhook.id} deleted` });
	},
} satisfies Record<EndpointId, Handler>;
