/**
 * A job's results as records: one per result and one per failed URL, each carrying the job's ID
 * (and its status where known) to route on. Batch Scrape's wait and Job > Get both use it.
 */
import type { IDataObject } from 'n8n-workflow';

type Obj = IDataObject;

const COUNTS = ['total', 'completed', 'failed', 'creditsUsed'] as const;

/** `data` of a job detail (GET /jobs/{id}) as records; `status` is added to each when given. */
export function jobRecords(jobId: string, data: Obj, status?: string): Obj[] {
	const ids: Obj = status === undefined ? { jobId } : { jobId, status };
	const results = ((data.results as Obj[] | undefined) ?? []).map((result) => ({
		...result,
		...ids,
	}));
	const errors = ((data.errors as Obj[] | undefined) ?? []).map(({ url, error }) => ({
		...ids,
		url,
		error,
		success: false,
	}));
	const records = [...results, ...errors];
	if (records.length > 0) return records;
	// A job with nothing to show still yields one item (status and counts), so the workflow goes on;
	// an extraction's `result` is all it has, so it is kept.
	const counts = Object.fromEntries(COUNTS.filter((key) => key in data).map((k) => [k, data[k]]));
	const result = data.result === undefined || data.result === null ? {} : { result: data.result };
	return [{ jobId, status: status ?? data.status, ...counts, ...result, results: [], errors: [] }];
}
