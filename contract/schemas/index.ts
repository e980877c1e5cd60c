/**
 * The response schemas (zod, dev only: the sandbox and the tests), and the success schema of
 * each endpoint of the contract. Never loaded by the nodes: they read the types inferred from
 * these schemas (../responseTypes.ts).
 */
import type { z } from 'zod';

import type { EndpointId } from '../endpoints';
import {
	AccountResponse,
	AiQueryResponse,
	BrandProfileResponse,
	BrandRecordResponse,
	CompetitorsResponse,
	CrawlStatusResponse,
	ExtractStatus,
	FontsResponse,
	JobCreation,
	JobDetailResponse,
	JobListResponse,
	MapResponse,
	ProductResponse,
	ProductsJobResponse,
	ScrapeResponse,
	TranscriptResponse,
	WebhookDeleteResponse,
	WebhookResponse,
	WebhookTestResponse,
} from './responses';

export * from './responses';

/** The success schema of every endpoint of the contract: the compiler names a missing one. */
export const RESPONSE_SCHEMAS = {
	brandProfile: BrandProfileResponse,
	brandRetrieve: BrandRecordResponse,
	brandRetrieveByName: BrandRecordResponse,
	brandRetrieveByTicker: BrandRecordResponse,
	brandRetrieveByEmail: BrandRecordResponse,
	brandRetrieveByIsin: BrandRecordResponse,
	brandAiQuery: AiQueryResponse,
	brandAiProducts: ProductsJobResponse,
	brandAiProduct: ProductResponse,
	youtubeTranscript: TranscriptResponse,
	map: MapResponse,
	account: AccountResponse,
	batchScrape: JobCreation,
	extract: JobCreation,
	jobList: JobListResponse,
	jobDetail: JobDetailResponse,
	crawlStatus: CrawlStatusResponse,
	extractStatus: ExtractStatus,
	webFonts: FontsResponse,
	webCompetitors: CompetitorsResponse,
	webhookUpdate: WebhookResponse,
	webhookTest: WebhookTestResponse,
	webhookDelete: WebhookDeleteResponse,
	scrape: ScrapeResponse,
	// Sandbox extensions for operations the spec does not show.
} satisfies Record<EndpointId, z.ZodTypeAny>;
