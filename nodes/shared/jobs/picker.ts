/**
 * Job pickers: the resource locator of a job ID (Job > Get, Crawl > Get Status, Extract > Get
 * Status). "From List" pages GET /jobs of the job type that fits, newest first; "By URL" takes the
 * `url` of the response that created the job; "By ID" the ID itself. Saved workflows from before
 * the pickers hold the ID as a plain string, which is read as it is.
 */
import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';

import type { JobListItem, JobListResponse } from '../../../contract';
import type { JobPickerType } from '../operations/types';
import { listOf } from '../transport/answers';
import { endpointRequest } from '../transport/apiRequest';
import { WebDataClient } from '../transport/client';

/** Jobs read per page of the list: one request each time the user scrolls to the end. */
export const PICKER_PAGE_SIZE = 50;
/** The editor waits at most this long for a page; one retry at most. */
const PICKER_TIMEOUT_MS = 15000;

/** A job's path, alone or in a URL: `/jobs/{id}`, `/extract/{id}`, `/crawl/{id}`. */
export const JOB_URL_REGEX = '(?:^|/)(?:jobs|extract|crawl)/([^/?#\\s]+)';

export const SEARCH_METHODS: Record<JobPickerType, string> = {
	any: 'searchJobs',
	crawl: 'searchCrawlJobs',
	extract: 'searchExtractJobs',
};

const TYPE_LABELS: Record<string, string> = { crawl: 'Crawl', extract: 'Extract' };

function entryName(job: JobListItem): string {
	const type = TYPE_LABELS[String(job.type)] ?? String(job.type ?? 'Job');
	const created = typeof job.createdAt === 'string' ? job.createdAt.replace(/\.\d+Z$/, 'Z') : '?';
	const counts =
		job.total !== undefined
			? ` · ${job.completed ?? 0}/${job.total} done${Number(job.failed) > 0 ? `, ${job.failed} failed` : ''}`
			: '';
	return `${type} · ${job.status ?? '?'} · ${created}${counts} · ${job.id}`;
}

const newestFirst = (a: JobListItem, b: JobListItem) =>
	String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''));

/** One page of the picker's list; the filter matches the ID, status or type within the page. */
export async function searchJobPage(
	ctx: ILoadOptionsFunctions,
	type: JobPickerType,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const requested = Number(paginationToken ?? 1);
	const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
	const values: Record<string, unknown> = { page, limit: PICKER_PAGE_SIZE };
	if (type !== 'any') values.type = type;
	const client = new WebDataClient(ctx);
	const body = await client.request<JobListResponse>(
		endpointRequest('jobList', values, { timeoutMs: PICKER_TIMEOUT_MS, maxAttempts: 2 }),
	);
	const data = body.data;
	const jobs = listOf(data?.jobs).filter((job) => typeof job.id === 'string');
	const needle = filter?.trim().toLowerCase();
	const results: INodeListSearchItems[] = [...jobs]
		.sort(newestFirst)
		.filter(
			(job) =>
				!needle ||
				[job.id, job.status, job.type].some((v) => String(v).toLowerCase().includes(needle)),
		)
		.map((job) => ({ name: entryName(job), value: job.id }));
	const more = Number(data?.pagination?.totalPages) > page;
	return { results, paginationToken: more ? String(page + 1) : undefined };
}

/** The listSearch methods of a node whose operations pick jobs. */
export const jobSearchMethods = Object.fromEntries(
	(Object.entries(SEARCH_METHODS) as Array<[JobPickerType, string]>).map(([type, method]) => [
		method,
		async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
			return await searchJobPage(this, type, filter, paginationToken);
		},
	]),
);

/** The ID a job ID parameter holds: a plain string (saved before the pickers) or a locator. */
export function jobIdValue(raw: unknown): { id: unknown } | { problem: string; got: unknown } {
	if (raw === null || typeof raw !== 'object' || !('__rl' in raw)) return { id: raw };
	const { mode, value } = raw as { mode?: string; value?: unknown };
	if (mode !== 'url') return { id: value };
	const match = typeof value === 'string' ? new RegExp(JOB_URL_REGEX).exec(value.trim()) : null;
	if (!match)
		return {
			problem: 'must be a job URL such as /jobs/{id} or https://.../extract/{id} (By URL)',
			got: value,
		};
	return { id: decoded(match[1]) };
}

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** The editor's resource locator for a job ID field. */
export function jobIdLocator(
	type: JobPickerType,
): Pick<INodeProperties, 'type' | 'default' | 'modes'> {
	return {
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: SEARCH_METHODS[type], searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 3f9c2a1e' },
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. /jobs/3f9c2a1e',
				extractValue: { type: 'regex', regex: JOB_URL_REGEX },
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `.*${JOB_URL_REGEX}.*`,
							errorMessage:
								'Paste the URL of the response that created the job, e.g. /jobs/3f9c2a1e',
						},
					},
				],
			},
		],
	};
}
