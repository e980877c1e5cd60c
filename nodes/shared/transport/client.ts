/**
 * The one way nodes talk to the Web Data API: the credential's key as a bearer header (set here,
 * read once per client), base URL, timeouts, capped JSON bodies, retries and pacing. Redirects
 * are never followed, so the key goes to the credential's origin only. Every node and the
 * trigger use it.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { isPlainObject, type AccountResponse } from '../../../contract';

import { DEFAULT_TIMEOUT_MS, type ApiRequest } from './apiRequest';
import { carriesServiceReport, reportsErrorText, reportsFailure, serviceReport } from './answers';
import {
	apiError,
	asNodeError,
	maskError,
	maskParsed,
	maskSecret,
	networkError,
	reportedFailureError,
} from './errors';
import { accountKey, accountPacer, readPlanWhenDue } from './accounts';
import { Pacer } from './pacer';
import { readPlan } from './plan';
import { Slots } from './slots';
import { isBodyStream, readCapped } from './body';
import {
	MAX_ATTEMPTS,
	backoffMs,
	isIdempotent,
	retryAfterMs,
	shouldRetry,
	type AttemptOutcome,
} from './retry';

export const CREDENTIAL_TYPE = 'webDataApi';

type Context = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions;

interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: string;
}

/** An attempt's outcome, with the response it got or the network error it met. */
type Attempt = { outcome: AttemptOutcome; pacer?: Pacer; grantedAt: number } & (
	| { response: FullResponse; error?: undefined }
	| { response?: undefined; error: Error }
);

/** Past this many bytes an answer is refused rather than read: large results come in pages. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface WebDataCredentials {
	apiKey: string;
	baseUrl: string;
}

/** Checks the credential before anything is sent: the key's prefix and the base URL's shape. */
export function checkCredentials(node: INode, raw: IDataObject): WebDataCredentials {
	const apiKey = String(raw.apiKey ?? '').trim();
	const baseUrl = String(raw.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!apiKey.startsWith('bc_')) {
		throw new NodeOperationError(node, 'The Web Data API key must start with bc_', {
			description: 'Open the Web Data API credential and paste the key exactly as issued.',
		});
	}
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
		throw new NodeOperationError(
			node,
			'The Web Data API credential needs a Base URL starting with http:// or https://',
		);
	}
	return { apiKey, baseUrl };
}

/** Whether a retry after `waitMs` would start before the request's `retryUntil`, if any. */
const retryEndsInTime = ({ retryUntil }: ApiRequest, waitMs: number) =>
	retryUntil === undefined || Date.now() + waitMs < retryUntil;

function parseBody(text: unknown): { ok: true; value: unknown } | { ok: false } {
	if (typeof text !== 'string') return { ok: true, value: text };
	if (text.trim() === '') return { ok: true, value: {} };
	try {
		// A byte order mark is no JSON, but some servers put one before it.
		return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
	} catch {
		return { ok: false };
	}
}

function describeRequest(request: ApiRequest): string {
	return `${request.method} ${request.path}`;
}

export interface ClientOptions {
	/**
	 * Pace with every other execution of this process that uses the same account, inside its
	 * plan. Off: one request at a time, for the trigger's few calls.
	 */
	shared?: boolean;
	/** This client's own cap on requests in flight (the node's Max Concurrent Requests). */
	cap?: number;
	/** Stops every request of the client; by default n8n's execution cancel signal. */
	signal?: AbortSignal;
}

export class WebDataClient {
	private credentials?: WebDataCredentials;

	/** Items start together: they share one read of the credential. */
	private credentialsRead?: Promise<WebDataCredentials>;

	private accountKey?: string;

	private readonly ownPacer?: Pacer;

	/** The node's cap (Max Concurrent Requests) on this client's requests in flight. */
	private readonly cap?: Slots;

	constructor(
		private readonly ctx: Context,
		{ shared = false, cap, signal }: ClientOptions = {},
	) {
		this.signal =
			signal ?? ('getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined);
		if (!shared) this.ownPacer = new Pacer({ concurrency: cap ?? 1 });
		else if (cap) this.cap = new Slots(cap);
	}

	get node(): INode {
		return this.ctx.getNode();
	}

	readonly signal?: AbortSignal;

	async baseUrl(): Promise<string> {
		this.credentialsRead ??= this.readCredentials();
		return (await this.credentialsRead).baseUrl;
	}

	private async readCredentials(): Promise<WebDataCredentials> {
		const data = await this.ctx.getCredentials(CREDENTIAL_TYPE);
		this.credentials = checkCredentials(this.node, data);
		this.accountKey = accountKey(this.credentials.apiKey, this.credentials.baseUrl);
		return this.credentials;
	}

	/** The text with the API key masked: an error must never carry it, even if the service echoes it. */
	private readonly redact = (text: string): string =>
		this.credentials ? maskSecret(text, this.credentials.apiKey) : text;

	/**
	 * A parsed answer with the key masked in every string. Parsing changes a string only through
	 * a backslash escape, so without one, a raw text the mask leaves alone has nothing to mask.
	 */
	private redactParsed(value: unknown, raw: string): unknown {
		if (!this.credentials || (!raw.includes('\\') && this.redact(raw) === raw)) return value;
		return maskParsed(value, this.redact);
	}

	/** The pacer a request goes through: the client's own, or the account's shared one. */
	private pacer(): Pacer {
		return this.ownPacer ?? accountPacer(this.accountKey!);
	}

	/** Starts a read of the account's plan or usage when one is due (accounts.ts). */
	private readPlanWhenDue(): void {
		if (this.ownPacer) return;
		readPlanWhenDue(
			this.accountKey!,
			async () =>
				await readPlan(
					async (request) => await this.request<AccountResponse>(request),
					this.signal,
				),
			this.signal,
		);
	}

	/**
	 * A slot of this client's own cap, then one of the pacer's; released in reverse. A read of the
	 * plan or usage that is due goes first: it takes the pacer's next free slot ahead of this
	 * request. Items wait for slots all at once, so a read is also looked for at each release.
	 * Resolves with when the pacer granted its slot.
	 */
	private async acquire(pacer: Pacer): Promise<number> {
		this.readPlanWhenDue();
		await this.cap?.acquire(this.signal);
		let acquired = false;
		try {
			const grantedAt = await pacer.acquire(this.signal);
			acquired = true;
			return grantedAt;
		} finally {
			if (!acquired) this.cap?.release();
		}
	}

	private release(pacer: Pacer): void {
		this.readPlanWhenDue();
		pacer.release();
		this.cap?.release();
	}

	/**
	 * Sends one request, retrying what is safe to retry, and returns the parsed JSON body. The key
	 * is masked in the answer and in every field of any error thrown, whatever the answer held.
	 */
	async request<T = IDataObject>(request: ApiRequest): Promise<T> {
		try {
			return await this.exchange<T>(request);
		} catch (error) {
			throw error instanceof Error ? maskError(error, this.redact) : error;
		}
	}

	private async exchange<T>(request: ApiRequest): Promise<T> {
		const url = (await this.baseUrl()) + request.path;
		const maxAttempts = request.maxAttempts ?? MAX_ATTEMPTS;
		for (let attempt = 1; ; attempt++) {
			const result = await this.attempt(url, request);
			const decision = shouldRetry(result.outcome, attempt, maxAttempts, request.method);
			if (result.outcome.kind === 'response' && result.outcome.status === 429) {
				const waitMs = decision.retry
					? decision.waitMs
					: (retryAfterMs(result.outcome.retryAfter) ?? backoffMs(attempt));
				result.pacer?.onRateLimited(result.grantedAt, waitMs);
			}
			if (!decision.retry || !retryEndsInTime(request, decision.waitMs))
				return this.settle<T>(result, request, attempt);
			this.ctx.logger?.debug('Web Data API request retried', {
				method: request.method,
				path: request.path.split('?')[0],
				...(result.outcome.kind === 'response'
					? { status: result.outcome.status }
					: { code: result.outcome.code }),
				attempt,
				waitMs: decision.waitMs,
			});
			await sleep(decision.waitMs, this.signal);
		}
	}

	/** One attempt: a pacer slot, the HTTP exchange, the body read within its caps. */
	private async attempt(url: string, request: ApiRequest): Promise<Attempt> {
		const pacer = request.unpaced ? undefined : this.pacer();
		const grantedAt = pacer ? await this.acquire(pacer) : Date.now();
		try {
			if (this.signal?.aborted) throw asNodeError(this.node, this.signal.reason);
			const response = await this.httpCall(url, request);
			if ('failure' in response) {
				if (response.failure === 'tooLarge') throw this.tooLarge(request);
				if (response.failure === 'aborted') throw asNodeError(this.node, this.signal?.reason);
				const error = new Error(`the answer did not arrive whole (${response.failure})`);
				const code = response.failure === 'timedOut' ? 'ETIMEDOUT' : 'ECONNRESET';
				return { outcome: { kind: 'network', code }, error, pacer, grantedAt };
			}
			const { statusCode, headers } = response;
			if (statusCode >= 200 && statusCode < 300) pacer?.onSuccess();
			const outcome: AttemptOutcome = {
				kind: 'response',
				status: statusCode,
				retryAfter: headers['retry-after'],
			};
			return { outcome, response, pacer, grantedAt };
		} catch (error) {
			if (this.signal?.aborted) throw asNodeError(this.node, this.signal.reason ?? error);
			if (error instanceof NodeApiError || error instanceof NodeOperationError)
				throw asNodeError(this.node, error);
			const code = (error.code ?? error.cause?.code) as string | undefined;
			if (!code?.startsWith('E'))
				throw new NodeOperationError(this.node, this.redact(String(error.message ?? error)));
			return { outcome: { kind: 'network', code }, error, pacer, grantedAt };
		} finally {
			if (pacer) this.release(pacer);
		}
	}

	/** The attempt's answer as the caller gets it: the parsed body, or the error that explains it. */
	private settle<T>(result: Attempt, request: ApiRequest, attempt: number): T {
		const what = describeRequest(request);
		if (!result.response) {
			const { error } = result;
			const code = result.outcome.kind === 'network' ? result.outcome.code : undefined;
			const context = isIdempotent(request.method)
				? `${what} failed ${attempt} times`
				: `${what} was not retried: it may have reached the service, and repeating it could start a duplicate job or spend credits twice`;
			throw networkError(this.node, code, this.redact(String(error?.message ?? error)), context);
		}
		const { statusCode, headers } = result.response;
		if (statusCode >= 300 && statusCode < 400) throw this.redirected(request, statusCode, headers);
		const raw = result.response.body;
		const parsed = parseBody(raw);
		const payload = parsed.ok ? this.redactParsed(parsed.value, raw) : this.redact(raw);
		const tried = attempt > 1 ? `${what}: gave up after ${attempt} attempts` : what;
		if (statusCode < 200 || statusCode >= 300)
			throw apiError(this.node, statusCode, payload, tried);
		// Every answer the spec shows is a JSON object: anything else would pass as no item, or as
		// one n8n cannot hold.
		if (!parsed.ok || !isPlainObject(payload)) {
			const why = parsed.ok ? 'is not a JSON object' : 'is not valid JSON';
			throw new NodeApiError(
				this.node,
				{ message: 'Malformed response body' },
				{
					message: `The Web Data API answered ${what} with a body that ${why} (HTTP ${statusCode})`,
					description: `The body starts with: ${this.redact(raw).slice(0, 200)}`,
					httpCode: String(statusCode),
				},
			);
		}
		// Some failures arrive with a 2xx status and `success: false`, or, from the transcript, an
		// `error` text alone.
		if (payload.success === false || reportsErrorText(request.path, payload))
			throw apiError(this.node, statusCode, payload, what);
		// Or with `data.status` / `data.code` saying so (brand, web and AI answers).
		if (carriesServiceReport(request.path)) {
			const report = serviceReport(payload);
			if (report && reportsFailure(report))
				throw reportedFailureError(this.node, statusCode, report, payload, what);
		}
		return payload as T;
	}

	/** A 3xx is never followed: the key must not reach another origin, nor its body our output. */
	private redirected(
		request: ApiRequest,
		status: number,
		headers: Record<string, unknown>,
	): NodeApiError {
		let target = 'an address it did not give';
		try {
			const location = String(headers.location ?? '');
			if (location) target = new URL(location, this.credentials!.baseUrl).origin;
		} catch {
			target = 'an invalid address';
		}
		return new NodeApiError(
			this.node,
			{ message: `HTTP ${status} redirect` },
			{
				message: `The Web Data API answered ${describeRequest(request)} with a redirect (HTTP ${status}) to ${this.redact(target)}; it was not followed`,
				description: `Requests carrying the API key go only to the credential's Base URL (${new URL(this.credentials!.baseUrl).origin}). If the service has moved, change the Base URL of the Web Data API credential.`,
				httpCode: String(status),
			},
		);
	}

	private tooLarge(request: ApiRequest, maxBytes = MAX_RESPONSE_BYTES): NodeApiError {
		return new NodeApiError(
			this.node,
			{ message: 'Response too large' },
			{
				message: `The Web Data API's answer to ${describeRequest(request)} is larger than ${Math.round(maxBytes / 1048576)} MB; it was not read`,
				description:
					'Read large results in slices: turn off Return All and use Limit (crawls, job results), Page, or fewer formats per page.',
			},
		);
	}

	/** One HTTP call through n8n's helper (not a send: a send gives records), its body capped. */
	private async httpCall(
		url: string,
		request: ApiRequest,
	): Promise<FullResponse | { failure: 'tooLarge' | 'timedOut' | 'aborted' | 'failed' }> {
		const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		const deadline = Date.now() + timeoutMs;
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs: request.qs,
			body: request.body,
			json: true,
			encoding: 'stream',
			headers: { Authorization: `Bearer ${this.credentials!.apiKey}` },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: timeoutMs,
			abortSignal: this.signal,
		};
		const response = (await this.ctx.helpers.httpRequest(options)) as {
			statusCode: number;
			headers: Record<string, unknown>;
			body: unknown;
		};
		let body: string;
		if (isBodyStream(response.body)) {
			const read = await readCapped(response.body, {
				maxBytes: MAX_RESPONSE_BYTES,
				deadline,
				signal: this.signal,
			});
			if (!read.ok) return { failure: read.reason };
			body = read.data.toString('utf8');
		} else
			body =
				typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
		return { statusCode: response.statusCode, headers: response.headers ?? {}, body };
	}
}
