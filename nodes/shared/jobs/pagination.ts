/**
 * Following pages: the jobs list (`pagination.totalPages`), a job's results
 * (`resultPagination.totalPages`) and a crawl's `next` links. Each page is one request, and no
 * page past the last is asked for. Bounded: a few empty pages in a row end a chain, and more
 * than MAX_PAGES pages end in an error rather than a silent stop.
 */
import { NodeOperationError } from 'n8n-workflow';

import type {
	CrawlStatusResponse,
	JobDetail,
	JobDetailResponse,
	JobListItem,
	JobListResponse,
} from '../../../contract';
import type { ApiRequest } from '../transport/apiRequest';
import type { WebDataClient } from '../transport/client';

/**
 * What the pages are read through: the client, or paging's send below it (its node, for errors;
 * the credential's base URL, where a crawl's `next` is a URL to check against it).
 */
type PageReader = Pick<WebDataClient, 'node' | 'request'> & Partial<Pick<WebDataClient, 'baseUrl'>>;

/** Page size used when returning everything and the user set none: the API's maximum. */
export const MAX_PAGE_SIZE = 100;
/** The most pages one item reads: 200,000 results at the largest page size. */
export const MAX_PAGES = 2000;
/** Empty pages in a row that end a chain whose `next` still points somewhere. */
export const MAX_EMPTY_PAGES = 3;

function tooManyPages(client: PageReader, what: string): NodeOperationError {
	return new NodeOperationError(
		client.node,
		`Stopped after ${MAX_PAGES} pages of ${what}: the Web Data API still announced more`,
		{
			description:
				"Read large results in slices: turn off Return All and use Limit and Page (or the crawl's next page) in a loop.",
		},
	);
}

/** Adds a page's entries one by one: spreading a page into push() overflows the stack past ~125k. */
function append<T>(into: T[], page: readonly T[] | undefined): void {
	if (!Array.isArray(page)) return;
	for (const entry of page) into.push(entry);
}

function withQuery(request: ApiRequest, qs: Record<string, string | number | boolean>): ApiRequest {
	return { ...request, qs: { ...request.qs, ...qs } };
}

/**
 * The page to start from and the page size, as the item's values hold them (keyed by API name;
 * no page: the first, no size: the largest). The request is not read back for them.
 */
export type PageStart = Readonly<{ page?: unknown; limit?: unknown }>;

const pageSize = (start: PageStart) => Number(start.limit ?? MAX_PAGE_SIZE);

/** GET /jobs: every job from the requested page on, as a flat list. */
export async function allJobs(
	client: PageReader,
	request: ApiRequest,
	start: PageStart,
): Promise<JobListItem[]> {
	const jobs: JobListItem[] = [];
	const limit = pageSize(start);
	let page = Number(start.page ?? 1);
	for (let read = 1; ; read++, page++) {
		const body = await client.request<JobListResponse>(withQuery(request, { page, limit }));
		const onPage = body.data?.jobs;
		const list = Array.isArray(onPage) ? onPage : [];
		append(jobs, list);
		const totalPages = Number(body.data?.pagination?.totalPages ?? page);
		if (list.length === 0 || !(page < totalPages)) return jobs;
		if (read >= MAX_PAGES) throw tooManyPages(client, 'jobs');
	}
}

/**
 * GET /jobs/{id}, page by page as they arrive: the first page's envelope (the job detail), then
 * each further page's. `firstPage` is that page when the caller already has it (the last status
 * poll). Both the items output (jobWithAllResults) and the file output read it.
 */
export async function* jobResultPages(
	client: PageReader,
	request: ApiRequest,
	start: PageStart,
	firstPage?: JobDetailResponse,
): AsyncGenerator<JobDetailResponse> {
	const limit = pageSize(start);
	let page = Number(start.page ?? 1);
	const first =
		firstPage ?? (await client.request<JobDetailResponse>(withQuery(request, { page, limit })));
	const totalPages = Number(first.data?.resultPagination?.totalPages ?? page);
	yield first;
	for (let read = 1; page < totalPages; read++) {
		if (read >= MAX_PAGES) throw tooManyPages(client, 'job results');
		page++;
		const next = await client.request<JobDetailResponse>(withQuery(request, { page, limit }));
		if (resultsOf(next).length === 0) return;
		yield next;
	}
}

/** The results of one page of a job detail. */
export const resultsOf = (body: JobDetailResponse): JobDetail['results'] =>
	body.data?.results ?? [];

/** GET /jobs/{id}: the job detail of the first page with `results` of every page from it on. */
export async function jobWithAllResults(
	client: PageReader,
	request: ApiRequest,
	start: PageStart,
	firstPage?: JobDetailResponse,
): Promise<JobDetailResponse> {
	let first: JobDetailResponse | undefined;
	const results: JobDetail['results'] = [];
	for await (const body of jobResultPages(client, request, start, firstPage)) {
		first ??= body;
		append(results, resultsOf(body));
	}
	// jobResultPages yields the first page before any other, or throws.
	return { ...first!, data: { ...first!.data, results } };
}

/** The page value a crawl's `next` designates: a URL or path with a `page` query, or the value itself. */
export function nextCrawlPage(next: string): string {
	const match = /[?&]page=([^&#]*)/.exec(next);
	return match ? decodeURIComponent(match[1]) : next;
}

/** The next page's request, and what tells it from the pages already read. */
interface NextPage {
	key: string;
	request: ApiRequest;
}

function notFollowed(reader: PageReader, why: string, baseOrigin?: string): NodeOperationError {
	return new NodeOperationError(reader.node, `The crawl's next page ${why}: it was not followed`, {
		description: `Requests carrying the API key go only to the Base URL of the Web Data API credential${baseOrigin ? ` (${baseOrigin})` : ''}. The pages read so far are not output.`,
	});
}

/**
 * A `next` that is a URL: absolute (`https://...`, `//host/...`), or a path from the root with a
 * query or naming a crawl. Any other value from the root is a page token: standard base64 cursors
 * can start with `/`.
 */
const isUrl = (next: string) =>
	/^([a-z][a-z\d+.-]*:)?\/\//i.test(next) ||
	(next.startsWith('/') && (next.includes('?') || next.includes('/crawl/')));

/**
 * Where a crawl's `next` leads, whatever its form. A page token, or a `?page=` query, is the
 * `page` of the same request. A URL must be on the credential's origin (else it is refused, and
 * the key never leaves it): its `page` query is taken when it has one; otherwise it must be this
 * crawl's own address below the base URL, and its query is sent as it is (`?skip=10`).
 */
export async function nextCrawlRequest(
	reader: PageReader,
	request: ApiRequest,
	next: string,
): Promise<NextPage> {
	if (!isUrl(next)) {
		const page = nextCrawlPage(next);
		return { key: page, request: withQuery(request, { page }) };
	}
	const base = reader.baseUrl ? new URL(await reader.baseUrl()) : undefined;
	if (!base) throw notFollowed(reader, 'is a URL, and the base URL to check it against is unknown');
	let url: URL;
	try {
		url = new URL(next, base);
	} catch {
		throw notFollowed(reader, 'is not a valid URL', base.origin);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw notFollowed(reader, `is not an http(s) URL (${url.protocol})`, base.origin);
	if (url.origin !== base.origin)
		throw notFollowed(reader, `is on another origin (${url.origin})`, base.origin);
	const page = url.searchParams.get('page');
	if (page !== null) return { key: page, request: withQuery(request, { page }) };
	const basePath = base.pathname.replace(/\/+$/, '');
	if (url.pathname !== basePath + request.path.split('?')[0])
		throw notFollowed(reader, `is another address of the service (${url.pathname})`, base.origin);
	const qs = Object.fromEntries(url.searchParams);
	return { key: url.search, request: { ...request, qs } };
}

/** The page results of one crawl status page. */
export const crawlResultsOf = (body: CrawlStatusResponse): CrawlStatusResponse['data']['data'] =>
	body.data?.data ?? [];

/**
 * GET /crawl/{id}, page by page as they arrive, following `next` until null, or only until
 * `limit` page results are there (the endpoint has no page size: `limit` is ours, and no page
 * past the one that reaches it is asked for). The last page yielded is cut to the limit, and its
 * `next` is the service's: null only where the service said so, so a chain that stopped early (at
 * the limit, after empty pages, at a page already read) shows there is more.
 */
export async function* crawlStatusPages(
	client: PageReader,
	request: ApiRequest,
	start: PageStart,
	limit = Infinity,
): AsyncGenerator<CrawlStatusResponse> {
	const seen = new Set<string>([String(start.page ?? '')]);
	let body = await client.request<CrawlStatusResponse>(request);
	let count = 0;
	// Empty pages after the first one, in a row.
	let emptyInARow = 0;
	for (let read = 1; ; read++) {
		const results = crawlResultsOf(body);
		const next = body.data?.next;
		count += results.length;
		if (read > 1) emptyInARow = results.length === 0 ? emptyInARow + 1 : 0;
		const following =
			next && count < limit && emptyInARow < MAX_EMPTY_PAGES
				? await nextCrawlRequest(client, request, String(next))
				: undefined;
		const last = following === undefined || seen.has(following.key);
		if (!last && seen.size >= MAX_PAGES) throw tooManyPages(client, 'crawl results');
		if (last) {
			const kept = count > limit ? results.slice(0, results.length - (count - limit)) : results;
			yield { ...body, data: { ...body.data, data: kept, next: next ?? null } };
			return;
		}
		yield body;
		seen.add(following.key);
		body = await client.request<CrawlStatusResponse>(following.request);
	}
}

/**
 * GET /crawl/{id}: the crawl status with `data` of every page read by crawlStatusPages, and the
 * `next` of the last one.
 */
export async function crawlWithAllPages(
	client: PageReader,
	request: ApiRequest,
	start: PageStart,
	limit = Infinity,
): Promise<CrawlStatusResponse> {
	let first: CrawlStatusResponse | undefined;
	let next: string | null = null;
	const pages: CrawlStatusResponse['data']['data'] = [];
	for await (const body of crawlStatusPages(client, request, start, limit)) {
		first ??= body;
		append(pages, crawlResultsOf(body));
		next = body.data?.next ?? null;
	}
	// crawlStatusPages yields the first page before any other, or throws.
	return { ...first!, data: { ...first!.data, data: pages, next } };
}
