/**
 * Cases for every endpoint (an action-node operation each), keyed by endpoint id so that the
 * compiler names an endpoint without one, run inside real n8n as one linear workflow (every node
 * `executeOnce`, `alwaysOutputData`, errors as output so one failure does not hide the rest),
 * and the check that its output matches what the sandbox holds.
 *
 * Node parameters use the nodes' own names: `operation`, required API fields at the top level,
 * optional ones in `options`, and the behaviours' parameters (waitForCompletion, returnAll, simplify).
 */
import { ok as assert } from 'node:assert';
import { isDeepStrictEqual } from 'node:util';

import type { EndpointId } from '../../contract';
import type { RecordedRequest, Sandbox } from '../../devkit/sandbox';
import { OPERATIONS } from '../../test/helpers/table';

type Json = Record<string, unknown>;

export interface CheckContext {
	output: Json[];
	/** Every other case's output, by case title. */
	outputs: Map<string, Json[]>;
	/** Requests the sandbox recorded for this case's method and path. */
	requests: RecordedRequest[];
	sandbox: Sandbox;
}

export interface Sent {
	query?: Record<string, string | string[]>;
	body?: unknown;
}

/** A request as the sandbox recorded it, or as a case expects it: no query is {}, no body undefined. */
export function onTheWire({ query = {}, body }: Sent): Sent {
	const empty = typeof body === 'object' && !Array.isArray(body) && !Object.keys(body ?? {}).length;
	return { query, body: body === '' || empty ? undefined : body };
}

export interface OpCase {
	/** Node name in the workflow; unique. */
	title: string;
	/** Its endpoint's row: the node type without the package prefix, the operation value. */
	node: string;
	operation: string;
	parameters: Json;
	/** The request the node must have sent: its endpoint's (path: the ID parameter, or given). */
	method: string;
	path: (outputs: Map<string, Json[]>) => string;
	/**
	 * What the parameters above must put on the wire, one entry per request to that method and
	 * path, in order: the query as the sandbox parsed it (every value a string) and the JSON body
	 * (undefined: none). A dropped, renamed or mis-encoded option fails here. Default: sentAsNamed.
	 */
	sends: Sent[];
	/** Default: the node's one item is what its request answers when sent again. */
	check: (ctx: CheckContext) => Promise<void>;
}

type CaseRow = Pick<OpCase, 'title' | 'parameters'> & Partial<Omit<OpCase, 'node' | 'operation'>>;

/**
 * Each case's own requests in the sandbox's log (plan read left out): the workflow runs its nodes
 * one after the other, so a case's requests are the first ones to its method and path after the
 * previous case's. Two cases on one path (both extractions) each get their own.
 */
export function requestsByCase(
	cases: OpCase[],
	sent: RecordedRequest[],
	outputs: Map<string, Json[]>,
): Map<string, RecordedRequest[]> {
	const own = new Map<string, RecordedRequest[]>();
	let cursor = -1;
	for (const c of cases) {
		const path = c.path(outputs);
		const taken: RecordedRequest[] = [];
		for (let i = cursor + 1; i < sent.length && taken.length < c.sends.length; i++) {
			if (sent[i].method !== c.method || sent[i].path !== path) continue;
			taken.push(sent[i]);
			cursor = i;
		}
		own.set(c.title, taken);
	}
	return own;
}

/** A status poll of a waited-for job, as the waiting nodes send it (GET /jobs/{id} asks for the first, largest page). */
export function isJobPoll(request: RecordedRequest): boolean {
	if (request.method !== 'GET') return false;
	const wire = onTheWire(request);
	if (/^\/jobs\/[^/]+$/.test(request.path))
		return isDeepStrictEqual(wire, { query: { page: '1', limit: '100' }, body: undefined });
	if (/^\/extract\/[^/]+$/.test(request.path))
		return isDeepStrictEqual(wire, { query: {}, body: undefined });
	return false;
}

/** Values that differ between two identical calls (time, credits left, cache hits). */
const VOLATILE = new Set([
	...['credits_remaining', 'fetchedAt', 'cached', 'timestamp', 'lifetimeSpendUsd'],
	...['createdAt', 'updatedAt', 'startedAt', 'completedAt', 'expiresAt'],
]);

/** A JSON value without its volatile values, at any depth (a numeric `credits` is one too). */
function stable(value: unknown): unknown {
	const volatile = (key: string, v: unknown) =>
		VOLATILE.has(key) || (key === 'credits' && typeof v === 'number');
	const json = JSON.stringify(value, (key, v: unknown) => (volatile(key, v) ? undefined : v));
	return json === undefined ? undefined : JSON.parse(json);
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
	if (!isDeepStrictEqual(stable(actual), stable(expected))) {
		throw new Error(
			`${what}: n8n's output differs from the sandbox\n  n8n:     ${JSON.stringify(stable(actual)).slice(0, 800)}\n  sandbox: ${JSON.stringify(stable(expected)).slice(0, 800)}`,
		);
	}
}

function single(ctx: CheckContext): Json {
	assert(
		ctx.output.length === 1,
		`expected one output item, got ${ctx.output.length}: ${JSON.stringify(ctx.output).slice(0, 300)}`,
	);
	return ctx.output[0];
}

function firstOk(ctx: CheckContext): RecordedRequest {
	const ok = ctx.requests.find((r) => r.status >= 200 && r.status < 300);
	assert(
		ok,
		`the sandbox recorded no successful request for this operation (recorded: ${JSON.stringify(ctx.requests.map((r) => r.status))})`,
	);
	return ok;
}

/** Sends the request the node sent again, directly, and returns the answer. */
async function replay(ctx: CheckContext): Promise<Json> {
	const { method, path, query, body } = firstOk(ctx);
	const pairs = Object.entries(query).flatMap(([k, v]) =>
		[v].flat().map((x): [string, string] => [k, x]),
	);
	const qs = new URLSearchParams(pairs).toString();
	const route = qs ? `${path}?${qs}` : path;
	return await sandboxCall(ctx.sandbox, route, method, method === 'GET' ? undefined : body);
}

/** The node's one item is what the request it sent answers when sent again. */
async function sameAsReplay(ctx: CheckContext): Promise<void> {
	const { method, path } = firstOk(ctx);
	expectEqual(single(ctx), await replay(ctx), `${method} ${path}`);
}

/** The pages of crawl_demo as the sandbox serves them, following `next` like a client would. */
export async function demoCrawl(sandbox: Sandbox): Promise<{ first: Json; pages: Json[] }> {
	const pages: Json[] = [];
	let next: string | null = '/crawl/crawl_demo?page=1';
	let first: Json | undefined;
	for (let i = 0; next && i < 50; i++) {
		const body: Json = await sandboxCall(sandbox, next);
		const page = body.data as Json;
		first ??= page;
		pages.push(...((page.data as Json[]) ?? []));
		// `next` is a page value, or a URL or path carrying `page=`.
		const link = page.next as string | null;
		const value = link ? (/[?&]page=([^&#]*)/.exec(link)?.[1] ?? link) : null;
		next = value ? `/crawl/crawl_demo?page=${value}` : null;
	}
	return { first: first ?? {}, pages };
}

/** The sandbox's answer to a request of the service API, which must succeed. */
async function sandboxCall(sandbox: Sandbox, path: string, method = 'GET', body?: unknown) {
	const res = await sandbox.api<Json>(method, path, body);
	assert(
		res.status >= 200 && res.status < 300,
		`${method} ${path} on the sandbox: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
	);
	return res.body;
}

/** GET /extract/{id} as the sandbox answers it now. */
const extractJob = (ctx: CheckContext, id: unknown) =>
	sandboxCall(ctx.sandbox, `/extract/${encodeURIComponent(String(id))}`);

const firstOf = (outputs: Map<string, Json[]>, title: string): Json =>
	outputs.get(title)?.[0] ?? {};

/** Asserts every item carries `key` = `id` and the job's `status`; returns them without both. */
function routed(items: Json[], key: string, id: string, status: unknown): Json[] {
	const stray = items.filter((item) => item[key] !== id || item.status !== status);
	assert(stray.length === 0, `items without ${key} ${id} and status ${String(status)}`);
	return items.map(({ [key]: _id, status: _status, ...rest }) => rest);
}

/** Checks a waited-for job's items against GET /jobs/{id} (results and per-URL errors). */
async function sameAsJobResults(ctx: CheckContext): Promise<void> {
	const jobId = String(ctx.output[0]?.jobId ?? '');
	assert(jobId, `no jobId on the output items: ${JSON.stringify(ctx.output[0]).slice(0, 300)}`);
	const detail = (await sandboxCall(ctx.sandbox, `/jobs/${encodeURIComponent(jobId)}?limit=100`))
		.data as Json;
	const items = routed(ctx.output, 'jobId', jobId, detail.status);
	const failed = (item: Json) => item.success === false && item.error !== undefined;
	const errorsOf = (list: Json[]) => list.map(({ url, error }) => ({ url, error }));
	const [ok, bad] = [items.filter((item) => !failed(item)), items.filter(failed)];
	expectEqual(ok, detail.results ?? [], `results of job ${jobId}`);
	expectEqual(errorsOf(bad), errorsOf((detail.errors as Json[]) ?? []), `errors of job ${jobId}`);
}

/**
 * Which state an extract job (GET /extract/{id} as it is now) was in at `at`: PENDING before
 * `startedAt`, RUNNING before `completedAt`, then its end state. At a boundary (same millisecond)
 * either side is right, and `claimed` is kept if it is one of them.
 */
function extractStateAt(now: Json, at: number, claimed: string): string {
	const startedAt = typeof now.startedAt === 'string' ? Date.parse(now.startedAt) : Infinity;
	const completedAt = typeof now.completedAt === 'string' ? Date.parse(now.completedAt) : Infinity;
	const states: string[] = [];
	if (at <= startedAt) states.push('PENDING');
	if (at >= startedAt && at <= completedAt) states.push('RUNNING');
	if (at >= completedAt) states.push(String(now.status));
	return states.includes(claimed) ? claimed : states.join(' or ');
}

/** GET /extract/{id} of this job as the sandbox answers it in `state` (the spec's ExtractStatus). */
function extractStatusIn(now: Json, state: string): Json {
	if (state === now.status) return now;
	const { data: _data, completedAt: _completedAt, startedAt, ...rest } = now;
	return {
		...rest,
		status: state,
		// Until it completes, an extraction has nothing extracted and has used no tokens.
		data: { extracted: {}, tokenUsage: { inputTokens: 0, outputTokens: 0 } },
		...(state === 'RUNNING' ? { startedAt } : {}),
	};
}

/** Parameters that steer the nodes' behaviours (waiting, paging) or fill the path: never sent. */
const NOT_SENT = new Set(['id', 'waitForCompletion', 'returnAll', 'pollInterval', 'maxWait']);

/**
 * The default of `sends`: one request carrying every other field and option under its own name,
 * in the query for GET (every value a string, as the sandbox parses it), else in the JSON body.
 */
function sentAsNamed(method: string, { options, ...fields }: Json): Sent[] {
	const named = Object.entries({ ...fields, ...(options as Json) }).filter(
		([k]) => !NOT_SENT.has(k),
	);
	if (method === 'GET')
		return [{ query: Object.fromEntries(named.map(([k, v]) => [k, String(v)])) }];
	return [{ body: named.length > 0 ? Object.fromEntries(named) : undefined }];
}

/** A case of fields at the top level and options in `options`, sent as sentAsNamed says. */
function asNamed(title: string, fields: Json, options?: Json): CaseRow {
	return { title, parameters: options ? { ...fields, options } : fields };
}

/** How the waiting cases poll. */
const WAIT = { pollInterval: 0.3, maxWait: 60 };

/** What Webhook update sends: its options, the events one per line in the editor. */
const WEBHOOK_UPDATE = {
	url: 'https://hooks.example.com/webdata',
	events: ['crawl.completed', 'crawl.failed'],
	isActive: false,
};

/**
 * The cases by endpoint id, at least one each: an endpoint of the contract without a case fails
 * to compile. A case's node and operation are its endpoint's row in the operations table. The
 * workflow runs the cases in this order, and a case may read an earlier one's output.
 */
const CASES = {
	account: [{ title: 'Account get', parameters: {} }],
	scrape: [asNamed('Scrape one URL', { url: 'https://example.com/docs/start' })],
	batchScrape: [
		{
			title: 'Batch scrape',
			parameters: {
				urls: 'https://example.com/a\nhttps://example.com/b\nhttps://example.com/c',
				waitForCompletion: true,
				options: { formats: ['markdown'], ...WAIT },
			},
			sends: [
				{
					body: {
						urls: ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'],
						formats: ['markdown'],
					},
				},
			],
			check: sameAsJobResults,
		},
	],
	map: [
		{
			title: 'Map a site',
			parameters: { url: 'https://example.com', options: { limit: 5, sitemap: 'include' } },
			// One item per link.
			check: async (ctx) => expectEqual(ctx.output, (await replay(ctx)).data, 'map links'),
		},
	],
	extract: [
		{
			title: 'Extract and wait',
			parameters: {
				prompt: 'The company name and what it sells',
				waitForCompletion: true,
				options: { urls: 'https://example.com', ...WAIT },
			},
			sends: [
				{ body: { prompt: 'The company name and what it sells', urls: ['https://example.com'] } },
			],
			check: async (ctx) => {
				const out = single(ctx);
				assert(out.status === 'COMPLETED', `status ${String(out.status)}`);
				const data = (await extractJob(ctx, out.id)).data as Json;
				expectEqual(out.extracted, data.extracted, `extracted of ${String(out.id)}`);
				expectEqual(out.tokenUsage, data.tokenUsage, `tokenUsage of ${String(out.id)}`);
			},
		},
		{
			title: 'Extract (start only)',
			parameters: {
				prompt: 'The pricing plans',
				waitForCompletion: false,
				options: { urls: 'https://example.com/pricing' },
			},
			sends: [{ body: { prompt: 'The pricing plans', urls: ['https://example.com/pricing'] } }],
			check: async (ctx) => {
				const out = single(ctx);
				const status = await extractJob(ctx, out.id);
				assert(status.id === out.id, `the sandbox does not know extract job ${String(out.id)}`);
			},
		},
		{
			title: 'Extract with a schema from an example',
			parameters: {
				prompt: 'The company and its plans',
				waitForCompletion: false,
				schemaType: 'fromExample',
				jsonExample: '{"company": "Acme", "plans": [{"name": "Pro", "price": 10}]}',
				options: { urls: 'https://example.com/pricing' },
			},
			// The schema the sandbox receives is the one derived from the example: types from the
			// values, arrays from their first element, every key required.
			sends: [
				{
					body: {
						prompt: 'The company and its plans',
						urls: ['https://example.com/pricing'],
						schema: {
							type: 'object',
							properties: {
								company: { type: 'string' },
								plans: {
									type: 'array',
									items: {
										type: 'object',
										properties: { name: { type: 'string' }, price: { type: 'number' } },
										required: ['name', 'price'],
									},
								},
							},
							required: ['company', 'plans'],
						},
					},
				},
			],
			check: async (ctx) => {
				const out = single(ctx);
				assert(typeof out.id === 'string' && out.id, `no job id in ${JSON.stringify(out)}`);
				assert(
					(out.generatedSchema as Json | undefined)?.type === 'object',
					`the item does not show the derived schema: ${JSON.stringify(out).slice(0, 200)}`,
				);
			},
		},
	],
	extractStatus: [
		{
			title: 'Extract get status',
			// The picker By URL, given the url of the response that created the job.
			parameters: {
				id: { __rl: true, mode: 'url', value: "={{ $('Extract (start only)').first().json.url }}" },
			},
			path: (o) => `/extract/${firstOf(o, 'Extract (start only)').id}`,
			check: async (ctx) => {
				const out = single(ctx);
				const id = String(firstOf(ctx.outputs, 'Extract (start only)').id);
				assert(out.id === id, `asked for ${id}, got ${JSON.stringify(out).slice(0, 200)}`);
				const now = await extractJob(ctx, id);
				const status = String(out.status);
				assert(['PENDING', 'RUNNING', 'COMPLETED'].includes(status), `status ${status}`);
				// The job has moved on since the node read it; its times say which state it was in when
				// the sandbox recorded the node's GET, and what it answered in that state.
				const readAt = Date.parse(firstOk(ctx).at);
				expectEqual(status, extractStateAt(now, readAt, status), `status of ${id} when read`);
				expectEqual(out, extractStatusIn(now, status), `extract ${id} (${status})`);
			},
		},
	],
	crawlStatus: [
		{
			title: 'Crawl get status',
			// The picker From List (as the editor saves a pick); the next case keeps a plain string ID.
			parameters: {
				id: {
					__rl: true,
					mode: 'list',
					value: 'crawl_demo',
					cachedResultName: 'Crawl · crawl_demo',
				},
				page: '1',
				returnAll: true,
			},
			// Page 1 as asked, then each `next` (the seeded crawl: 7 results, 3 per page).
			sends: [{ query: { page: '1' } }, { query: { page: '2' } }, { query: { page: '3' } }],
			// One item per page result, each with the crawl's ID and status.
			check: async (ctx) => {
				const { first, pages } = await demoCrawl(ctx.sandbox);
				const items = routed(ctx.output, 'crawlId', 'crawl_demo', first.status);
				expectEqual(items, pages, 'crawl pages');
			},
		},
		{
			title: 'Crawl get status, whole response, limit 4',
			parameters: { id: 'crawl_demo', page: '1', limit: 4, options: { output: 'whole' } },
			// 4 results need pages 1 and 2 (3 each); page 3 is not asked for.
			sends: [{ query: { page: '1' } }, { query: { page: '2' } }],
			check: async (ctx) => {
				const data = (single(ctx).data ?? {}) as Json;
				const { first, pages } = await demoCrawl(ctx.sandbox);
				assert(data.id === 'crawl_demo', `crawl id ${String(data.id)}`);
				assert(data.total === first.total, `total ${String(data.total)} vs ${String(first.total)}`);
				expectEqual(data.data, pages.slice(0, 4), 'the first 4 crawl pages');
			},
		},
	],
	brandProfile: [asNamed('Brand profile', { url: 'https://example.com' }, { timeout: 30000 })],
	brandRetrieve: [asNamed('Brand retrieve', { domain: 'example.com' }, { maxAgeMs: 86400000 })],
	brandRetrieveByName: [
		asNamed('Brand retrieve by name', { name: 'Example Corp' }, { country_gl: 'us' }),
	],
	brandRetrieveByTicker: [
		asNamed('Brand retrieve by ticker', { ticker: 'AAPL' }, { ticker_exchange: 'NASDAQ' }),
	],
	brandRetrieveByEmail: [asNamed('Brand retrieve by email', { email: 'jane@example.com' })],
	brandRetrieveByIsin: [asNamed('Brand retrieve by ISIN', { isin: 'US0378331005' })],
	brandAiQuery: [
		asNamed('Brand AI query', { query: 'What does the company sell?' }, { domain: 'example.com' }),
	],
	brandAiProduct: [
		asNamed('Brand AI product', { url: 'https://shop.example.com/products/blue-widget' }),
	],
	brandAiProducts: [
		{
			title: 'Brand AI products',
			parameters: {
				domain: 'shop.example.com',
				waitForCompletion: true,
				options: { limit: 3, ...WAIT },
			},
			check: sameAsJobResults,
		},
	],
	youtubeTranscript: [
		asNamed('YouTube transcript', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
	],
	webFonts: [asNamed('Website fonts', { domain: 'example.com' })],
	webCompetitors: [asNamed('Website competitors', { domain: 'example.com' }, { limit: 3 })],
	jobList: [
		{
			title: 'Job list',
			parameters: { returnAll: true },
			// Return All: every page from the first, at the largest page size.
			sends: [{ query: { page: '1', limit: '100' } }],
			check: async (ctx) => {
				const ids = ctx.output.map((job) => job.id).sort();
				const listed: unknown[] = [];
				for (let page = 1; page < 20; page++) {
					const body = (await sandboxCall(ctx.sandbox, `/jobs?page=${page}&limit=100`))
						.data as Json;
					listed.push(...((body.jobs as Json[]) ?? []).map((job) => job.id));
					if (page >= Number((body.pagination as Json)?.totalPages ?? 1)) break;
				}
				expectEqual(ids, listed.sort(), 'job ids');
				const batchJob = firstOf(ctx.outputs, 'Batch scrape').jobId;
				assert(ids.includes(batchJob), `the list lacks the batch job ${String(batchJob)}`);
			},
		},
	],
	jobDetail: [
		{
			title: 'Job get',
			parameters: {
				id: { __rl: true, mode: 'id', value: "={{ $('Batch scrape').first().json.jobId }}" },
				returnAll: true,
			},
			path: (o) => `/jobs/${firstOf(o, 'Batch scrape').jobId}`,
			// Return All: the first page of results at the largest page size.
			sends: [{ query: { page: '1', limit: '100' } }],
			// One item per result and per failed URL, as Batch Scrape gives them.
			check: async (ctx) => {
				const id = String(firstOf(ctx.outputs, 'Batch scrape').jobId);
				assert(ctx.output[0]?.jobId === id, `read ${String(ctx.output[0]?.jobId)}, not ${id}`);
				await sameAsJobResults(ctx);
			},
		},
	],
	webhookTest: [
		{
			title: 'Webhook test',
			parameters: { id: 'wh_demo', event: 'crawl.completed' },
			check: async (ctx) => {
				const out = single(ctx);
				assert(
					out.success === true && out.event === 'crawl.completed',
					`got ${JSON.stringify(out).slice(0, 300)}`,
				);
				firstOk(ctx);
			},
		},
	],
	webhookUpdate: [
		{
			title: 'Webhook update',
			parameters: {
				id: 'wh_demo',
				options: { ...WEBHOOK_UPDATE, events: WEBHOOK_UPDATE.events.join('\n') },
			},
			sends: [{ body: WEBHOOK_UPDATE }],
			check: async (ctx) => {
				const data = (single(ctx).data ?? {}) as Json;
				// The next case deletes wh_demo: `sends` holds the PATCH to WEBHOOK_UPDATE, this its answer.
				expectEqual(
					{ id: data.id, url: data.url, events: data.events, isActive: data.isActive },
					{ id: 'wh_demo', ...WEBHOOK_UPDATE },
					'webhook after update',
				);
			},
		},
	],
	webhookDelete: [
		{
			title: 'Webhook delete',
			parameters: { id: 'wh_demo' },
			check: async (ctx) => {
				assert(single(ctx).success === true, `got ${JSON.stringify(ctx.output).slice(0, 300)}`);
				const held = await ctx.sandbox.webhooks();
				assert(!held.some((w) => w.id === 'wh_demo'), 'wh_demo is still in the sandbox');
			},
		},
	],
} satisfies Record<EndpointId, readonly [CaseRow, ...CaseRow[]]>;

export const OP_CASES: OpCase[] = (
	Object.entries(CASES) as Array<[EndpointId, readonly CaseRow[]]>
).flatMap(([endpoint, rows]) => {
	const row = OPERATIONS.find(({ op }) => op.endpoint === endpoint);
	if (!row) throw new Error(`No operation of the operations table runs ${endpoint}`);
	const { node } = row.nodeSpec;
	const { value: operation, method, path } = row.op;
	return rows.map((c) => {
		// A path's {id} is the case's ID parameter (a plain string, or the picker's value).
		const id = (c.parameters.id as { value?: unknown } | undefined)?.value ?? c.parameters.id;
		const own = { path: () => path.replace('{id}', String(id)) };
		const sends = sentAsNamed(method, c.parameters);
		return { node, operation, method, ...own, sends, check: sameAsReplay, ...c };
	});
});
