/**
 * Runs one item's operation: the request, then what the row adds (waiting for a job, following
 * pages, simplifying). Returns the item's output records.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationSpec } from './endpoints/types';
import { allJobs, crawlWithAllPages, jobWithAllResults } from './jobs/pagination';
import { POLL_PAGE, statusPath, waitForJob } from './jobs/polling';
import type { PreparedItem } from './parameters';
import { SIMPLIFIERS } from './simplify';
import type { WebDataClient } from './transport/client';

type Obj = IDataObject;

async function finishJob(client: WebDataClient, op: OperationSpec, item: PreparedItem, created: Obj, itemIndex: number): Promise<Obj[]> {
	const id = String(created.id ?? (created.data as Obj | undefined)?.id ?? '');
	const kind = op.job!;
	const done = await waitForJob(client, kind, id, item.behaviour, itemIndex);
	if (kind === 'extract') {
		const { data, ...status } = done.body;
		return [{ ...status, ...((data as Obj | undefined) ?? {}) }];
	}
	const detail = await jobWithAllResults(client, { method: 'GET', path: statusPath('jobs', id), qs: { ...POLL_PAGE } }, itemIndex, done.body);
	const data = detail.data ?? {};
	const results = ((data.results as Obj[] | undefined) ?? []).map((result) => ({ ...result, jobId: id }));
	const errors = ((data.errors as Obj[] | undefined) ?? []).map(({ url, error }) => ({ jobId: id, url, error, success: false }));
	const records = [...results, ...errors];
	// A completed job with nothing to show still yields one item, so the workflow goes on.
	return records.length > 0 ? records : [{ jobId: id, status: done.status, results: [], errors: [] }];
}

export async function runOperation(client: WebDataClient, op: OperationSpec, item: PreparedItem, itemIndex: number): Promise<Obj[]> {
	const { request, behaviour } = item;
	if (op.paginate && behaviour.returnAll) {
		if (op.paginate === 'jobList') return await allJobs(client, request, itemIndex);
		if (op.paginate === 'jobResults') return [await jobWithAllResults(client, request, itemIndex)];
		return [await crawlWithAllPages(client, request, itemIndex)];
	}
	const body = await client.request<Obj>(request, itemIndex);
	if (op.paginate === 'jobList') return ((body.data as Obj | undefined)?.jobs as Obj[] | undefined) ?? [];
	if (op.job && behaviour.waitForCompletion) return await finishJob(client, op, item, body, itemIndex);
	if (op.simplify && behaviour.simplify) return [SIMPLIFIERS[op.simplify](body)];
	return [body];
}
