/**
 * The answers of the Web Data Service as the nodes read them: types inferred from the response
 * schemas (schemas/responses.ts), so that a schema change that breaks what a node reads fails
 * the build. Types only: the imports are erased, and the package build reads the schemas'
 * declarations through a project reference, so neither zod nor the schemas reach dist/.
 *
 * Nothing checks an answer against these at runtime: they are the contract's promise, and the
 * nodes still read answers defensively, as a changed or hostile API may send anything.
 */
import type { z } from 'zod';

import type * as schemas from './schemas/responses';

export type AccountResponse = z.infer<typeof schemas.AccountResponse>;

export type JobListResponse = z.infer<typeof schemas.JobListResponse>;
export type JobListItem = z.infer<typeof schemas.JobListItem>;

/**
 * What a job detail or an extract status may carry beyond the spec, read where present: the
 * job's own fields as a job list item has them (the spec's detail shows no `status`, so a
 * service may leave it out).
 */
type JobFieldsWherePresent = Partial<
	Pick<JobListItem, 'id' | 'status' | 'error' | 'total' | 'completed' | 'failed' | 'creditsUsed'>
>;

/** GET /jobs/{id}'s `data`. */
export type JobDetail = z.infer<typeof schemas.JobDetail> & JobFieldsWherePresent;
export type JobDetailResponse = Omit<z.infer<typeof schemas.JobDetailResponse>, 'data'> & {
	data: JobDetail;
};

/** GET /extract/{id}; a failed extraction's `errors` and `error` are read where present. */
export type ExtractStatus = z.infer<typeof schemas.ExtractStatus> &
	Pick<JobFieldsWherePresent, 'error'> &
	Partial<Pick<JobDetail, 'errors'>>;

export type CrawlStatus = z.infer<typeof schemas.CrawlStatus>;
export type CrawlStatusResponse = z.infer<typeof schemas.CrawlStatusResponse>;

export type MapResponse = z.infer<typeof schemas.MapResponse>;

/**
 * What starting a job answers, read as either shape: `{id, status, url}` (Batch Scrape, Extract)
 * or `{success, data: {id, ...}}` (Extract Products).
 */
export type JobStart = Partial<z.infer<typeof schemas.JobCreation>> &
	Partial<z.infer<typeof schemas.ProductsJobResponse>>;

export type BrandRecordResponse = z.infer<typeof schemas.BrandRecordResponse>;
export type BrandProfileResponse = z.infer<typeof schemas.BrandProfileResponse>;

export type WebhookResponse = z.infer<typeof schemas.WebhookResponse>;
export type WebhookTestResponse = z.infer<typeof schemas.WebhookTestResponse>;
