/**
 * A job's results as records: one per result and one per failed URL, each carrying the job's ID
 * (and its status where known) to route on. Batch Scrape's wait and Job > Get both use it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { JobDetail } from '../../../contract';

type Obj = IDataObject;
/** A job detail's `data` as the records read it: every field where present. */
type Detail = Partial<JobDetail>;

const COUNTS = ['total', 'completed', 'failed', 'creditsUsed'] as const;

/** The IDs every record of a job carries: its ID, and its status where known. */
export const jobIds = (jobId: string, status?: string): Obj =>
	status === undefined ? { jobId } : { jobId, status };

/** A page's results, each with the job's IDs. A result's fields are open: the spec shows none. */
export const jobResultRecords = (ids: Obj, data: Detail): Obj[] =>
	((data.results ?? []) as Obj[]).map((result) => ({ ...result, ...ids }));

/** The job's failed URLs, each as a record `{url, error, success: false}` with the job's IDs. */
export const failedUrlRecords = (ids: Obj, data: Detail): Obj[] =>
	(data.errors ?? []).map(({ url, error }) => ({
		...ids,
		url,
		error,
		success: false,
	}));

/** A job's counts as the API gives them (total, completed, failed, creditsUsed). */
export const jobCounts = (data: Detail): Obj =>
	Object.fromEntries(COUNTS.filter((key) => key in data).map((k) => [k, data[k]]));

/** `data` of a job detail (GET /jobs/{id}) as records; `status` is added to each when given. */
export function jobRecords(jobId: string, data: Detail, status?: string): Obj[] {
	const ids = jobIds(jobId, status);
	const records = [...jobResultRecords(ids, data), ...failedUrlRecords(ids, data)];
	if (records.length > 0) return records;
	// A job with nothing to show still yields one item (status and counts), so the workflow goes on;
	// an extraction's `result` is all it has, so it is kept (whatever the job made: open).
	const result =
		data.result === undefined || data.result === null ? {} : { result: data.result as Obj[string] };
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
