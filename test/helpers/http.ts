/**
 * nock (14) helpers: an API double that records every request it answers, and a check that
 * nothing else was attempted; interceptors that record when each request arrived, and the API's
 * bodies. Net connect is disabled globally (test/setup/env.ts).
 *
 *   const api = mockApi();                         // answers everything with {success: true, data: {}}
 *   await runNode(...);
 *   expect(api.requests).toEqual([...]);           // exactly what was sent
 *   api.expectNothingSent();                       // for validation failures
 */
import nock from 'nock';

import { API_KEY, BASE_URL } from '../helpers/runNode';
import { sleep } from '../../devkit/wait';

export interface NockedRequest {
	method: string;
	path: string;
	/** The query string as the server parses it: every value a string. */
	query: Record<string, string>;
	/** The parsed JSON body; undefined when the request carried none. */
	body: unknown;
	headers: Record<string, string>;
}

export type NockReply = [status: number, body?: unknown, headers?: Record<string, string>];
export type Responder = (request: NockedRequest) => NockReply;

/** GET /account as the plan read of a run sees it, with `plan` over the defaults. */
export function account(
	plan: Partial<{ concurrency: number; rateLimitPerMinute: number; queueLimit: number }> = {},
) {
	const defaults = { id: 'pro', name: 'Pro', rateLimitPerMinute: 6000, concurrency: 10 };
	return {
		success: true,
		data: {
			...{ id: 'acct_1', email: 'owner@example.com', credits: 1000, lifetimeSpendUsd: 0 },
			createdAt: '2026-01-01T00:00:00.000Z',
			plan: { ...defaults, queueLimit: 100, ...plan },
			queue: { active: 0, waiting: 0 },
		},
	};
}

export const ACCOUNT_BODY = account();

export const OK_REPLY: Responder = (request) =>
	request.path === '/account' ? [200, ACCOUNT_BODY] : [200, { success: true, data: {} }];

/** The body as JSON, or as given when it is not JSON; undefined when there is none. */
export function parseJson(body: unknown): unknown {
	if (body === undefined || body === '') return undefined;
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

type NockHeaders = Record<string, string | string[] | undefined>;

/**
 * A nock reply function (nock 14: called with the uri and the body, the request in `this.req`)
 * answering from `handler`, which may be async, with the request as every double here reads it.
 */
export function replyWith(handler: (request: NockedRequest) => NockReply | Promise<NockReply>) {
	return async function (
		this: { req: { method: string; headers: NockHeaders } },
		uri: string,
		body: nock.Body,
	): Promise<readonly [number, nock.Body, Record<string, string>]> {
		const url = new URL(uri, BASE_URL);
		// nock has lowercased the names already.
		const headers = Object.entries(this.req.headers).map(([name, value]) => [name, String(value)]);
		const [status, payload, replyHeaders] = await handler({
			method: this.req.method.toUpperCase(),
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			body: parseJson(body),
			headers: Object.fromEntries(headers),
		});
		return [status, payload as nock.Body, replyHeaders ?? {}];
	};
}

/**
 * A double of the whole API at BASE_URL: every request is recorded and answered by `respond`
 * (which may answer later: a promise).
 */
export function mockApi(
	respond: (request: NockedRequest) => NockReply | Promise<NockReply> = OK_REPLY,
) {
	const requests: NockedRequest[] = [];
	const unmatched: string[] = [];
	// nock hands 'no match' listeners request options or a request, depending on the path taken.
	nock.emitter.on('no match', (req: Partial<Record<string, string>>) => {
		const where = req.href ?? `${req.hostname ?? req.host ?? ''}${req.path ?? ''}`;
		unmatched.push(`${req.method ?? ''} ${where}`);
	});
	const scope = nock(BASE_URL).persist();
	for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
		scope
			.intercept(() => true, method)
			.query(true)
			.reply(
				replyWith(async (request) => {
					requests.push(request);
					return await respond(request);
				}),
			);
	}
	return {
		requests,
		/** Requests nock could not match at all (another host, or no double installed). */
		unmatched,
		/**
		 * The requests the operation sent: all but the plan read, the first GET /account of a
		 * process (each test starts as a fresh process). An Account > Get keeps its own.
		 */
		apiRequests: () => {
			const planRead = requests.findIndex((r) => r.method === 'GET' && r.path.endsWith('/account'));
			return requests.filter((_, i) => i !== planRead);
		},
		expectNothingSent() {
			expect(requests).toEqual([]);
			expect(unmatched).toEqual([]);
		},
	};
}

export type MockApi = ReturnType<typeof mockApi>;

export const BEARER = `Bearer ${API_KEY}`;

/** Drops every interceptor, every reply still pending and mockApi's listeners. */
export function resetNock(): void {
	nock.abortPendingRequests();
	nock.cleanAll();
	nock.emitter.removeAllListeners('no match');
}

export const useNock = () => afterEach(resetNock);

/** A request as nock saw it, and Date.now() then. */
export type Seen = NockedRequest & { at: number };

/** Every request the interceptors of `answer` saw. */
export class Recorder {
	readonly seen: Seen[] = [];

	to(path: string, method?: string): Seen[] {
		return this.seen.filter((s) => s.path === path && (!method || s.method === method));
	}
}

/**
 * A nock interceptor answering from a function of the request, recording it first (with the
 * time it arrived); `delayMs` holds the answer back, the request counting as in flight meanwhile.
 */
export function answer(
	recorder: Recorder,
	method: 'get' | 'post' | 'patch' | 'delete',
	path: string | RegExp,
	reply: (seen: Seen, index: number) => NockReply,
	{ times = 1, delayMs }: { times?: number; delayMs?: (seen: Seen, index: number) => number } = {},
): nock.Scope {
	let index = 0;
	return nock(BASE_URL)
		[method](path)
		.query(true)
		.times(times)
		.reply(
			replyWith(async (request) => {
				const seen = { ...request, at: Date.now() };
				recorder.seen.push(seen);
				const i = index++;
				const result = reply(seen, i);
				const delay = delayMs?.(seen, i) ?? 0;
				if (delay > 0) await sleep(delay);
				return result;
			}),
		);
}
/** Answers GET /account with `plan`, recording each read. */
export function accountScope(
	recorder: Recorder,
	plan: Parameters<typeof account>[0] = {},
	times = 1,
): nock.Scope {
	return answer(recorder, 'get', '/account', () => [200, account(plan)], { times });
}

/** GET /jobs/{id} body in a status, with results and per-URL errors. */
export function jobDetail(
	status: string,
	given: {
		results?: object[];
		errors?: object[];
		page?: number;
		totalPages?: number;
		total?: number;
	} = {},
) {
	const { results = [], errors = [], page = 1, totalPages = 1 } = given;
	const resultPagination = { limit: 100, page, total: given.total ?? results.length, totalPages };
	return { success: true, data: { status, errors, result: null, results, resultPagination } };
}

export function created(id: string) {
	return { id, status: 'PENDING', url: `/jobs/${id}` };
}
