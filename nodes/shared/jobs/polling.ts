/**
 * Waiting for a job: poll its status with a backoff that starts at the poll interval, stop at a
 * terminal status, honour the execution's cancel signal, and give up past Max Wait.
 */
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { ExtractStatus, JobDetailResponse } from '../../../contract';
import type { JobKind } from '../operations/types';
import { urlErrorsOf } from '../records';
import { endpointRequest, type ApiRequest } from '../transport/apiRequest';
import { listOf } from '../transport/answers';
import type { WebDataClient } from '../transport/client';
import { apiMessage } from '../transport/errors';
import { MAX_PAGE_SIZE } from './pagination';

const BACKOFF_FACTOR = 1.5;
const MAX_POLL_GAP_MS = 10000;
/** The most of an error object's JSON that goes into a job failure's message. */
const MAX_ERROR_CHARS = 500;

/** Polls of GET /jobs/{id} ask for the first, largest page of results: it is reused as page 1. */
export const POLL_PAGE = { page: 1, limit: MAX_PAGE_SIZE };

export interface WaitOptions {
	maxWaitMs: number;
	pollIntervalMs: number;
}

/** A status body of a job: GET /jobs/{id}'s envelope or GET /extract/{id}'s status. */
export type JobStatusBody =
	| { kind: 'jobs'; body: JobDetailResponse }
	| { kind: 'extract'; body: ExtractStatus };

/** The job's terminal status and its last status body. */
export type FinishedJob = { status: string } & JobStatusBody;

/** What holds a job's status and errors: the job detail's `data`, or the extract status. */
const statusHolder = (polled: JobStatusBody) =>
	polled.kind === 'extract' ? polled.body : polled.body.data;

/**
 * The job's status. The spec's job detail (GET /jobs/{id}) lists no `status`; where a service
 * leaves it out, a detail whose URLs are all accounted for (results and failed URLs together
 * reach `resultPagination.total`, at least one) counts as COMPLETED, so waiting cannot run into
 * Max Wait for nothing. A full first page of results stands for the rest: no more fit on it.
 */
function statusOf(polled: JobStatusBody): string {
	const status = statusHolder(polled)?.status;
	if (status !== undefined && status !== null) {
		const upper = String(status).toUpperCase();
		// The spec spells it CANCELLED; CANCELED, the American spelling, means the same.
		return upper === 'CANCELED' ? 'CANCELLED' : upper;
	}
	if (polled.kind === 'extract') return 'UNKNOWN';
	const detail = polled.body.data;
	const total = Number(detail?.resultPagination?.total ?? NaN);
	const results = listOf(detail?.results).length;
	const failed = urlErrorsOf(detail).length;
	const done = results + failed >= total || results >= POLL_PAGE.limit;
	return total > 0 && done ? 'COMPLETED' : 'UNKNOWN';
}

/** One status poll, its body typed by the job's kind; no retry of it waits past Max Wait. */
async function poll(
	client: WebDataClient,
	kind: JobKind,
	id: string,
	retryUntil: number,
): Promise<JobStatusBody> {
	const request = { ...statusRequest(kind, id), retryUntil };
	return kind === 'jobs'
		? { kind, body: await client.request<JobDetailResponse>(request) }
		: { kind, body: await client.request<ExtractStatus>(request) };
}

/** The status request of a job: GET /jobs/{id} (first page of results) or GET /extract/{id}. */
export function statusRequest(kind: JobKind, id: string): ApiRequest {
	return kind === 'jobs'
		? endpointRequest('jobDetail', { id, ...POLL_PAGE })
		: endpointRequest('extractStatus', { id });
}

/** The delays between polls: interval, then growing by half each time, capped. */
export function pollDelays(intervalMs: number): () => number {
	let next = intervalMs;
	return () => {
		const delay = next;
		next = Math.min(next * BACKOFF_FACTOR, Math.max(MAX_POLL_GAP_MS, intervalMs));
		return delay;
	};
}

/** A job's error as text: its message as an error body would give it, else its JSON, cut. */
const errorText = (error: unknown): string =>
	apiMessage(error) ?? (error == null ? '' : JSON.stringify(error).slice(0, MAX_ERROR_CHARS));

/** The word a job failure carries in its own field (`jobStatus`): it is no HTTP code. */
export type JobFailureStatus = 'failed' | 'cancelled';

/**
 * A job that ended FAILED or CANCELLED: the job's state in `context.jobStatus` (the error item's
 * `jobStatus` under Continue On Fail), no HTTP code (every poll was answered 200).
 */
function jobFailure(
	client: WebDataClient,
	id: string,
	status: string,
	errors: unknown[],
	detail: string,
): NodeApiError {
	const jobStatus = status.toLowerCase() as JobFailureStatus;
	// No `status` in the body: n8n would take it for the HTTP code.
	const error = new NodeApiError(client.node, { jobId: id, jobStatus, errors } as JsonObject, {
		message: `Job ${id} ended ${status}${detail ? `: ${detail}` : ''}`,
		description: `Job ID ${id}. ${errors.length} error(s) reported by the Web Data API.`,
	});
	error.context.jobStatus = jobStatus;
	return error;
}

export async function waitForJob(
	client: WebDataClient,
	kind: JobKind,
	id: string,
	options: WaitOptions,
): Promise<FinishedJob> {
	const deadline = Date.now() + options.maxWaitMs;
	const nextDelay = pollDelays(options.pollIntervalMs);
	let status = 'PENDING';
	for (;;) {
		const remaining = deadline - Date.now();
		if (remaining <= 0) break;
		await sleep(Math.min(nextDelay(), remaining), client.signal);
		const polled = await poll(client, kind, id, deadline);
		status = statusOf(polled);
		if (status === 'COMPLETED') return { status, ...polled };
		if (status === 'FAILED' || status === 'CANCELLED') {
			const data = statusHolder(polled);
			const errors = urlErrorsOf(data);
			const detail =
				errors.map((e) => `${e.url ?? ''} ${errorText(e.error)}`.trim()).join('; ') ||
				errorText(data?.error);
			throw jobFailure(client, id, status, errors, detail);
		}
	}
	throw new NodeOperationError(
		client.node,
		`Job ${id} is still ${status} after ${Math.round(options.maxWaitMs / 1000)} s (Max Wait)`,
		{
			description: `The job keeps running on the Web Data Service. Fetch it later with Web Data Job > Get and ID ${id}, or raise Max Wait.`,
		},
	);
}
