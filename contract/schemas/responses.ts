/**
 * Response shapes of the Web Data Service, written once from the spec's "Resources and their
 * fields". The sandbox answers with these shapes, and contract tests parse its answers with them.
 * Where the spec marks nothing as required, every listed field is required unless the spec
 * says a value may be absent (or the sandbox cannot know it yet, such as `completedAt`).
 * Objects are not strict: a response may carry more than the spec lists.
 *
 * Dev only: the sandbox and the tests parse with these; the nodes see only the types inferred
 * from them (../responseTypes.ts). This file is a TypeScript project of its own (tsconfig.json
 * beside it) that imports nothing but zod, so the package build reads its declarations and
 * never compiles it into dist/.
 */
import { z } from 'zod';

const int = z.number().int();
const dateTime = z.string().datetime();
const uri = z.string().url();

/** `{success, data}`, the envelope most responses use. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
	z.object({ success: z.boolean(), data });

export const ErrorResponse = z.object({
	success: z.literal(false),
	error: z.string().min(1),
	issues: z
		.array(
			z.object({
				field: z.string(),
				in: z.enum(['path', 'query', 'body']),
				message: z.string(),
				value: z.unknown(),
			}),
		)
		.optional(),
});

// Account

export const Plan = z.object({
	id: z.string(),
	name: z.string(),
	rateLimitPerMinute: int,
	concurrency: int,
	queueLimit: int,
});

export const Account = z.object({
	id: z.string(),
	email: z.string().email(),
	credits: int,
	lifetimeSpendUsd: z.number(),
	createdAt: dateTime,
	plan: Plan,
	queue: z.object({ active: int, waiting: int }),
});

export const AccountResponse = envelope(Account);

// Brand profile (POST /brand)

export const BrandAsset = z.object({
	url: uri,
	type: z.string(),
	width: int.optional(),
	height: int.optional(),
	theme: z.string().optional(),
});

const BrandComponentStyle = z.object({
	background: z.string().optional(),
	borderColor: z.string().optional(),
	borderRadius: z.string().optional(),
	shadow: z.string().optional(),
	textColor: z.string().optional(),
});

export const BrandDesignSystem = z.object({
	colorScheme: z.enum(['light', 'dark']),
	colors: z.object({
		accent: z.string().optional(),
		background: z.string().optional(),
		link: z.string().optional(),
		primary: z.string().optional(),
		secondary: z.string().optional(),
		textPrimary: z.string().optional(),
	}),
	typography: z.object({
		fontFamilies: z.object({ heading: z.string().optional(), primary: z.string().optional() }),
		fontStacks: z.object({
			heading: z.array(z.string()),
			body: z.array(z.string()),
			paragraph: z.array(z.string()),
		}),
		fontSizes: z.object({
			body: z.string().optional(),
			h1: z.string().optional(),
			h2: z.string().optional(),
		}),
	}),
	spacing: z.object({ baseUnit: z.number(), borderRadius: z.string().optional() }),
	components: z.object({
		buttonPrimary: BrandComponentStyle.optional(),
		buttonSecondary: BrandComponentStyle.optional(),
		input: BrandComponentStyle.optional(),
	}),
	images: z.object({ favicon: uri.optional(), logo: uri.optional(), ogImage: uri.optional() }),
});

export const BrandProfile = z.object({
	brand: z.object({
		name: z.string(),
		domain: z.string(),
		logos: z.array(BrandAsset),
		images: z.array(BrandAsset),
		colors: z.array(z.object({ hex: z.string(), name: z.string().optional() })),
		fonts: z.array(z.object({ family: z.string(), weights: z.array(z.string()).optional() })),
		socials: z.array(z.object({ network: z.string(), url: uri })),
		description: z.string().optional(),
		tagline: z.string().optional(),
		language: z.string().nullable().optional(),
		branding: BrandDesignSystem.optional(),
	}),
	meta: z.object({ sourceUrl: uri, fetchedAt: dateTime, cached: z.boolean(), creditsUsed: int }),
});

export const BrandProfileResponse = envelope(BrandProfile);

// Brand intelligence record (GET /brand/retrieve*)

export const KeyMetadata = z.object({ credits_consumed: int, credits_remaining: int });

const Resolution = z.object({ width: int, height: int, aspect_ratio: z.number() });
const nullableUrl = z.string().nullable();

export const BrandRecord = z.object({
	status: z.string(),
	code: int,
	brand: z.object({
		domain: z.string(),
		title: z.string(),
		description: z.string(),
		slogan: z.string(),
		primary_language: z.string(),
		colors: z.array(z.object({ hex: z.string() })),
		logos: z.array(
			z.object({
				url: z.string(),
				type: z.string(),
				mode: z.string(),
				resolution: Resolution,
				colors: z.array(z.object({ hex: z.string() })),
			}),
		),
		backdrops: z.array(
			z.object({
				url: z.string(),
				resolution: Resolution,
				colors: z.array(z.object({ hex: z.string() })),
			}),
		),
		resolution: Resolution,
		socials: z.array(z.object({ type: z.string(), url: z.string() })),
		stock: z.unknown().nullable(),
		is_nsfw: z.boolean(),
		email: z.string().nullable(),
		phone: z.string().nullable(),
		links: z.object({
			careers: nullableUrl,
			privacy: nullableUrl,
			terms: nullableUrl,
			contact: nullableUrl,
			blog: nullableUrl,
			pricing: nullableUrl,
		}),
	}),
	key_metadata: KeyMetadata,
});

export const BrandRecordResponse = envelope(BrandRecord);

// Other result records

const Source = z.object({ url: z.string(), title: z.string() });

export const AiQueryResult = z.object({
	status: z.string(),
	code: int,
	answer: z.string(),
	source: Source,
	key_metadata: KeyMetadata,
});

export const Product = z.object({
	name: z.string(),
	price: z.number(),
	currency: z.string(),
	images: z.array(z.string()),
	description: z.string(),
	sku: z.string(),
	availability: z.string(),
	url: z.string(),
});

export const ProductResult = z.object({
	status: z.string(),
	code: int,
	product: Product,
	source: Source,
	key_metadata: KeyMetadata,
});

export const ProductsJob = z.object({
	success: z.boolean(),
	id: z.string(),
	status: z.string(),
	domain: z.string(),
	limit: int,
});

export const FontsResult = z.object({
	status: z.string(),
	code: int,
	domain: z.string(),
	fonts: z.array(
		z.object({
			family: z.string(),
			source: z.string(),
			url: z.string(),
			weights: z.array(z.string()),
		}),
	),
	key_metadata: KeyMetadata,
});

export const CompetitorsResult = z.object({
	status: z.string(),
	code: int,
	domain: z.string(),
	competitors: z.array(z.object({ domain: z.string(), url: z.string(), title: z.string() })),
	key_metadata: KeyMetadata,
});

export const AiQueryResponse = envelope(AiQueryResult);
export const ProductResponse = envelope(ProductResult);
export const ProductsJobResponse = envelope(ProductsJob);
export const FontsResponse = envelope(FontsResult);
export const CompetitorsResponse = envelope(CompetitorsResult);

export const TranscriptMetadata = z.object({
	authorName: z.string(),
	authorUrl: uri,
	contentType: z.string(),
	durationSeconds: z.number(),
	durationText: z.string(),
	language: z.string(),
	source: z.string(),
	statusCode: int,
	thumbnailUrl: uri,
	timestamp: dateTime,
	title: z.string(),
	url: uri,
	videoId: z.string(),
});

/** A failure sets `error` and carries `credits.used`; a success carries the metadata. */
export const TranscriptResponse = z
	.object({
		success: z.boolean(),
		error: z.string().optional(),
		credits: z.object({ used: int }),
		data: z.record(z.unknown()),
		metadata: TranscriptMetadata.optional(),
	})
	.superRefine((value, ctx) => {
		if (value.success && !value.metadata)
			ctx.addIssue({ code: 'custom', path: ['metadata'], message: 'a success carries metadata' });
		if (!value.success && !value.error)
			ctx.addIssue({ code: 'custom', path: ['error'], message: 'a failure sets error' });
	});

export const MapResponse = z.object({
	success: z.boolean(),
	total: int,
	creditsUsed: int,
	data: z.array(z.object({ url: z.string(), title: z.string(), description: z.string() })),
});

// Jobs

export const JobStatus = z.enum(['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED']);

export const JobCreation = z.object({ id: z.string(), status: z.string(), url: z.string() });

const Pagination = z.object({ limit: int, page: int, total: int, totalPages: int });

export const JobDetail = z.object({
	errors: z.array(z.object({ error: z.string(), url: z.string() })),
	result: z.unknown().nullable(),
	results: z.array(z.record(z.unknown())),
	resultPagination: Pagination,
});

export const JobDetailResponse = envelope(JobDetail);

export const JobListItem = z.object({
	completed: int,
	failed: int,
	total: int,
	creditsUsed: int,
	id: z.string(),
	status: z.string(),
	type: z.enum(['crawl', 'extract']),
	error: z.string().optional(),
	createdAt: dateTime,
	startedAt: dateTime.optional(),
	completedAt: dateTime.optional(),
});

export const JobListResponse = envelope(
	z.object({ jobs: z.array(JobListItem), pagination: Pagination }),
);

/** One scraped page: GET /scrape's data, a batch result, a crawl page. Not shown in the spec. */
export const PageResult = z.object({
	url: z.string(),
	markdown: z.string().optional(),
	html: z.string().optional(),
	rawHtml: z.string().optional(),
	links: z.array(z.string()).optional(),
	screenshot: z.string().optional(),
	metadata: z.object({ title: z.string(), statusCode: int, sourceURL: z.string() }).passthrough(),
});

export const ScrapeResponse = envelope(PageResult);

export const CrawlStatus = z.object({
	id: z.string(),
	status: z.string(),
	total: int,
	completed: int,
	creditsUsed: int,
	data: z.array(z.record(z.unknown())),
	next: z.string().nullable(),
	expiresAt: dateTime,
});

export const CrawlStatusResponse = envelope(CrawlStatus);

export const ExtractStatus = z.object({
	id: z.string(),
	status: z.string(),
	data: z.object({
		extracted: z.record(z.unknown()),
		tokenUsage: z.object({ inputTokens: int, outputTokens: int }),
	}),
	startedAt: dateTime.optional(),
	completedAt: dateTime.optional(),
});

// Webhooks

export const Webhook = z.object({
	id: z.string(),
	url: uri,
	events: z.array(z.string()),
	isActive: z.boolean(),
	secret: z.string(),
	createdAt: dateTime,
	updatedAt: dateTime,
	recentDeliveries: z.array(z.record(z.unknown())),
});

export const WebhookResponse = envelope(Webhook);

export const WebhookTestResponse = z.object({
	success: z.boolean(),
	event: z.string(),
	message: z.string(),
	payload: z.record(z.unknown()),
});

export const WebhookDeleteResponse = z.object({ success: z.boolean(), message: z.string() });

/** What the sandbox POSTs to a webhook (the spec does not show the payload). */
export const WebhookEventPayload = z.object({
	event: z.string(),
	jobId: z.string(),
	job: z.record(z.unknown()),
	timestamp: dateTime,
	test: z.boolean().optional(),
	payload: z.unknown().optional(),
});
