/**
 * A job's results as records: one per result and one per failed URL, each carrying the job's ID
 * (and its status where known) to route on. Batch Scrape's wait and Job > Get both use it.
 */
import type { IDataObject } from 'n8n-workflow';

type Obj = IDataObject;

const COUNTS = ['total', 'completed', 'failed', 'creditsUsed'] as const;

/** The IDs every record of a job carries: its ID, and its status where known. */
export const jobIds = (jobId: string, status?: string): Obj =>
	status === undefined ? { jobId } : { jobId, status };

/** A page's results, each with the job's IDs. */
export const jobResultRecords = (ids: Obj, data: Obj): Obj[] =>
	((data.results as Obj[] | undefined) ?? []).map((result) => ({ ...result, ...ids }));

/** The job's failed URLs, each as a record `{url, error, success: false}` with the job's IDs. */
export const failedUrlRecords = (ids: Obj, data: Obj): Obj[] =>
	((data.errors as Obj[] | undefined) ?? []).map(({ url, error }) => ({
		...ids,
		url,
		error,
		success: false,
	}));

/** A job's counts as the API gives them (total, completed, failed, creditsUsed). */
export const jobCounts = (data: Obj): Obj =>
	Object.fromEntries(COUNTS.filter((key) => key in data).map((k) => [k, data[k]]));

/** `data` of a job detail (GET /jobs/{id}) as records; `status` is added to each when given. */
export function jobRecords(jobId: string, data: Obj, status?: string): Obj[] {
	const ids = jobIds(jobId, status);
	const records = [...jobResultRecords(ids, data), ...failedUrlRecords(ids, data)];
	if (records.length > 0) return records;
	// A job with nothing to show still yields one item (status and counts), so the workflow goes on;
	// an extraction's `result` is all it has, so it is kept.
	const result = data.result === undefined || data.result === null ? {} : { result: data.result };
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
