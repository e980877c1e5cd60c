/**
 * Following pages: the jobs list (`pagination.totalPages`), a job's results
 * (`resultPagination.totalPages`) and a crawl's `next` links. Each page is one request, and no
 * page past the last is asked for. Bounded: a few empty pages in a row end a chain, and more
 * than MAX_PAGES pages end in an error rather than a silent stop.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiRequest } from '../transport/apiRequest';
import type { WebDataClient } from '../transport/client';

/** Page size used when returning everything and the user set none: the API's maximum. */
export const MAX_PAGE_SIZE = 100;
/** The most pages one item reads: 200,000 results at the largest page size. */
export const MAX_PAGES = 2000;
/** Empty pages in a row that end a chain whose `next` still points somewhere. */
export const MAX_EMPTY_PAGES = 3;

function tooManyPages(client: WebDataClient, what: string): NodeOperationError {
	return new NodeOperationError(
		client.node,
		`Stopped after ${MAX_PAGES} pages of ${what}: the Web Data API still announced more`,
		{
			description:
				"Read large results in slices: turn off Return All and use Limit and Page (or the crawl's next page) in a loop.",
		},
	);
}

interface Pagination {
	page?: number;
	totalPages?: number;
}

type Envelope = { success?: boolean; data?: IDataObject };

function withQuery(request: ApiRequest, qs: Record<string, string | number | boolean>): ApiRequest {
	return { ...request, qs: { ...request.qs, ...qs } };
}

function pageSize(request: ApiRequest): number {
	return Number(request.qs?.limit ?? MAX_PAGE_SIZE);
}

/** GET /jobs: every job from the requested page on, as a flat list. */
export async function allJobs(client: WebDataClient, request: ApiRequest): Promise<IDataObject[]> {
	const jobs: IDataObject[] = [];
	const limit = pageSize(request);
	let page = Number(request.qs?.page ?? 1);
	for (let read = 1; ; read++, page++) {
		const body = await client.request<Envelope>(withQuery(request, { page, limit }));
		const list = (body.data?.jobs as IDataObject[] | undefined) ?? [];
		jobs.push(...list);
		const totalPages = Number(
			(body.data?.pagination as Pagination | undefined)?.totalPages ?? page,
		);
		if (list.length === 0 || !(page < totalPages)) return jobs;
		if (read >= MAX_PAGES) throw tooManyPages(client, 'jobs');
	}
}

/**
 * GET /jobs/{id}: the job detail of the first page with `results` of every page from it on.
 * `firstPage` is that page when the caller already has it (the last status poll).
 */
export async function jobWithAllResults(
	client: WebDataClient,
	request: ApiRequest,
	firstPage?: Envelope,
): Promise<Envelope> {
	const limit = pageSize(request);
	let page = Number(request.qs?.page ?? 1);
	const first = firstPage ?? (await client.request<Envelope>(withQuery(request, { page, limit })));
	const data = first.data ?? {};
	const results = [...((data.results as IDataObject[] | undefined) ?? [])];
	const totalPages = Number((data.resultPagination as Pagination | undefined)?.totalPages ?? page);
	for (let read = 1; page < totalPages; read++) {
		if (read >= MAX_PAGES) throw tooManyPages(client, 'job results');
		page++;
		const next = await client.request<Envelope>(withQuery(request, { page, limit }));
		const more = (next.data?.results as IDataObject[] | undefined) ?? [];
		if (more.length === 0) break;
		results.push(...more);
	}
	return { ...first, data: { ...data, results } };
}

/** The page value a crawl's `next` designates: a URL or path with a `page` query, or the value itself. */
export function nextCrawlPage(next: string): string {
	const match = /[?&]page=([^&#]*)/.exec(next);
	return match ? decodeURIComponent(match[1]) : next;
}

/**
 * GET /crawl/{id}: the crawl status with `data` of every page, following `next` until null, or
 * only until `limit` page results are there (the endpoint has no page size: `limit` is ours, and
 * no page past the one that reaches it is asked for). `next` is then the page after the last read.
 */
export async function crawlWithAllPages(
	client: WebDataClient,
	request: ApiRequest,
	limit = Infinity,
): Promise<Envelope> {
	const first = await client.request<Envelope>(request);
	const status = first.data ?? {};
	const pages = [...((status.data as IDataObject[] | undefined) ?? [])];
	const seen = new Set<string>([String(request.qs?.page ?? '')]);
	let next = status.next as string | null | undefined;
	let emptyInARow = 0;
	while (next && pages.length < limit && emptyInARow < MAX_EMPTY_PAGES) {
		const page = nextCrawlPage(next);
		if (seen.has(page)) break;
		if (seen.size >= MAX_PAGES) throw tooManyPages(client, 'crawl results');
		seen.add(page);
		const body = await client.request<Envelope>(withQuery(request, { page }));
		const results = (body.data?.data as IDataObject[] | undefined) ?? [];
		emptyInARow = results.length === 0 ? emptyInARow + 1 : 0;
		pages.push(...results);
		next = body.data?.next as string | null | undefined;
	}
	if (pages.length > limit) pages.length = limit;
	const more = Number.isFinite(limit) ? (next ?? null) : null;
	return { ...first, data: { ...status, data: pages, next: more } };
}
