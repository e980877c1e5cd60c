/**
 * Every answer as records (a record is one output unit): a map's links, a crawl page's results,
 * a job's results and failed URLs, each carrying the IDs to route on. The items output
 * (behaviours/output.ts), the file output and the wait for a job all read answers here, each as
 * the contract types the answer of its row's endpoint (a page of it under paging).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	isPlainObject,
	type CrawlStatus,
	type CrawlStatusResponse,
	type JobDetail,
	type JobDetailResponse,
	type MapResponse,
} from '../../contract';
import type { ItemValues, OperationFlags } from './operations/types';
import { listOf } from './transport/answers';

/** A job detail's `data` as the records read it: every field where present. */
type Detail = Partial<JobDetail>;
/** The JSON of one record (an `OutputRecord`'s `json`): what an answer is split into here. */
export type RecordJson = IDataObject;
/** The kinds of records an operation can output (its row's `recordKind`). */
export type RecordKind = NonNullable<OperationFlags['recordKind']>;

/** The item's own ID (a crawl's or a job's): for a response that leaves it out. */
export const itemId = (values: ItemValues) => String(values.id ?? '');

/** Map's answer: its links, and the rest (counts) for a map without links. */
export function mapLinks(json: IDataObject) {
	const { data, ...counts } = json as MapResponse;
	return { links: listOf(data), counts };
}

/**
 * A page of Crawl > Get Status: the crawl's ID (the item's where the answer leaves it out), its
 * status fields, and its page results, each tagged with the ID and status. The results are this
 * request's own parsed objects: tagged in place, as a copy of every page would cost memory in
 * crawls of many thousands.
 */
export function crawlPage(json: IDataObject, values: ItemValues) {
	const crawl: Partial<CrawlStatus> = (json as CrawlStatusResponse).data ?? {};
	const { data, id, ...status } = crawl;
	const crawlId = String(id ?? itemId(values));
	// A page result's fields are open: the spec does not show them.
	const results = (listOf(data) as IDataObject[]).map((result) =>
		Object.assign(result, { crawlId, status: status.status }),
	);
	return { crawlId, status, results };
}

/** Job > Get's `data`, each field where present. */
export const jobDetailOf = (json: IDataObject): Detail => (json as JobDetailResponse).data ?? {};

const COUNTS = ['total', 'completed', 'failed', 'creditsUsed'] as const;

/** The IDs every record of a job carries: its ID, and its status where known. */
export const jobIds = (jobId: string, status?: string): IDataObject =>
	status === undefined ? { jobId } : { jobId, status };

/** A page's results, each with the job's IDs. A result's fields are open: the spec shows none. */
export const jobResultRecords = (ids: IDataObject, data: Detail): RecordJson[] =>
	((data.results ?? []) as IDataObject[]).map((result) => ({ ...result, ...ids }));

/** The entries of a job's `errors` that are objects: a null or a bare text names no URL. */
export const urlErrorsOf = (data: Pick<Detail, 'errors'> | undefined): JobDetail['errors'] =>
	listOf(data?.errors).filter(isPlainObject);

/** The job's failed URLs, each as a record `{url, error, success: false}` with the job's IDs. */
export const failedUrlRecords = (ids: IDataObject, data: Detail): RecordJson[] =>
	urlErrorsOf(data).map(({ url, error }) => ({
		...ids,
		url,
		error,
		success: false,
	}));

/** A job's counts as the API gives them (total, completed, failed, creditsUsed). */
export const jobCounts = (data: Detail): IDataObject =>
	Object.fromEntries(COUNTS.filter((key) => key in data).map((k) => [k, data[k]]));

/**
 * The job's own `result` (an extraction's; whatever the job made: open) as one record with the
 * job's IDs and counts, first of its records. None when it has no `result`, or has results: then
 * the results are what it made, and a `result` beside them sums them up (a products job's).
 */
export const ownResultRecords = (ids: IDataObject, data: Detail): RecordJson[] =>
	data.result === undefined || data.result === null || listOf(data.results).length > 0
		? []
		: [{ ...ids, ...jobCounts(data), result: data.result as IDataObject[string] }];

/** `data` of a job detail (GET /jobs/{id}) as records; `status` is added to each when given. */
export function jobRecords(jobId: string, data: Detail, status?: string): RecordJson[] {
	const ids = jobIds(jobId, status);
	const records = [...jobResultRecords(ids, data), ...failedUrlRecords(ids, data)];
	if (records.length > 0) return [...ownResultRecords(ids, data), ...records];
	// A job with nothing to show still yields one item (status and counts), so the workflow goes on;
	// an extraction's `result` is all it has, so it is kept (whatever the job made: open).
	const result =
		data.result === undefined || data.result === null
			? {}
			: { result: data.result as IDataObject[string] };
	return [
		{
			jobId,
			status: status ?? data.status,
			...jobCounts(data),
			...result,
			results: [],
			errors: [],
		},
	];
}

/** Each kind: the Output option's label for a record, and how a whole answer becomes records. */
export const SPLITTERS: Record<
	RecordKind,
	{ record: string; split(json: IDataObject, values: ItemValues): RecordJson[] }
> = {
	links: {
		record: 'Link',
		split(json) {
			const { links, counts } = mapLinks(json);
			return links.length > 0 ? links : [{ ...counts }];
		},
	},
	crawlPages: {
		record: 'Page Result',
		split(json, values) {
			const { crawlId, status, results } = crawlPage(json, values);
			return results.length > 0 ? results : [{ crawlId, ...status }];
		},
	},
	jobResults: {
		record: 'Result',
		split(json, values) {
			const data = jobDetailOf(json);
			const status = data.status === undefined ? undefined : String(data.status);
			return jobRecords(String(data.id ?? itemId(values)), data, status);
		},
	},
};
