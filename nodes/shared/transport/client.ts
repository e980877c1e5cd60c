/**
 * The one way nodes talk to the Web Data API: authentication through the credential, base URL,
 * timeouts, JSON parsing, retries and pacing. Every node and the trigger use it.
 */
import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	INode,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS, type ApiRequest } from './apiRequest';
import { apiError, asNodeError, networkError, redactSecret } from './errors';
import { accountKey, accountPacer } from './accounts';
import { Pacer } from './pacer';
import { readPlanLimits } from './plan';
import { Slots } from './slots';
import { MAX_ATTEMPTS, backoffMs, isIdempotent, neverSent, retryAfterMs } from './retry';

export const CREDENTIAL_TYPE = 'webDataApi';

type Context = IExecuteFunctions | IHookFunctions;

interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

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

function parseBody(text: unknown): { ok: true; value: unknown } | { ok: false } {
	if (typeof text !== 'string') return { ok: true, value: text };
	if (text.trim() === '') return { ok: true, value: {} };
	try {
		return { ok: true, value: JSON.parse(text) };
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
	maxConcurrent?: number;
	/** Stops every request of the client; by default n8n's execution cancel signal. */
	signal?: AbortSignal;
}

export class WebDataClient {
	private credentials?: WebDataCredentials;

	/** Items start together: they share one read of the credential. */
	private credentialsRead?: Promise<WebDataCredentials>;

	/** The credential as n8n decrypted it, read once per client and handed to every request. */
	private decrypted?: ICredentialsDecrypted;

	private accountKey?: string;

	private readonly ownPacer?: Pacer;

	private readonly lane?: Slots;

	constructor(
		private readonly ctx: Context,
		{ shared = false, maxConcurrent, signal }: ClientOptions = {},
	) {
		this.signal =
			signal ?? ('getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined);
		if (!shared) this.ownPacer = new Pacer({ concurrency: maxConcurrent ?? 1 });
		else if (maxConcurrent) this.lane = new Slots(maxConcurrent);
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
		const ref = this.node.credentials?.[CREDENTIAL_TYPE];
		this.decrypted = { id: ref?.id ?? '', name: ref?.name ?? '', type: CREDENTIAL_TYPE, data };
		return this.credentials;
	}

	/** The body or text with the API key masked: an error must never carry it, even if the service echoes it. */
	private redact<T>(value: T): T {
		return this.credentials ? redactSecret(value, this.credentials.apiKey) : value;
	}

	/** The pacer a request goes through; the shared one also has the plan read when it is due. */
	private pacer(): Pacer {
		return this.ownPacer ?? accountPacer(this.accountKey!, async () => await readPlanLimits(this));
	}

	/** A slot of this client's own cap, then one of the pacer's; released in reverse. */
	private async acquire(pacer: Pacer): Promise<void> {
		await this.lane?.acquire(this.signal);
		let acquired = false;
		try {
			await pacer.acquire(this.signal);
			acquired = true;
		} finally {
			if (!acquired) this.lane?.release();
		}
	}

	private release(pacer: Pacer): void {
		pacer.release();
		this.lane?.release();
	}

	/** Sends one request, retrying what is safe to retry, and returns the parsed JSON body. */
	async request<T = IDataObject>(request: ApiRequest): Promise<T> {
		const url = (await this.baseUrl()) + request.path;
		for (let attempt = 1; ; attempt++) {
			const last = attempt >= (request.maxAttempts ?? MAX_ATTEMPTS);
			const pacer = request.unpaced ? undefined : this.pacer();
			if (pacer) await this.acquire(pacer);
			const startedAt = Date.now();
			if (this.signal?.aborted) {
				if (pacer) this.release(pacer);
				throw asNodeError(this.node, this.signal.reason);
			}
			let response: FullResponse;
			try {
				response = await this.send(url, request);
			} catch (error) {
				const code = (error.code ?? error.cause?.code) as string | undefined;
				if (this.signal?.aborted) throw asNodeError(this.node, this.signal.reason ?? error);
				if (!code?.startsWith('E')) throw asNodeError(this.node, error);
				const retry = !last && (neverSent(code) || isIdempotent(request.method));
				if (!retry) {
					const context = isIdempotent(request.method)
						? `${describeRequest(request)} failed ${attempt} times`
						: `${describeRequest(request)} was not retried: it may have reached the service, and repeating it could start a duplicate job or spend credits twice`;
					throw networkError(this.node, code, this.redact(String(error.message ?? error)), context);
				}
				await sleep(backoffMs(attempt), this.signal);
				continue;
			} finally {
				if (pacer) this.release(pacer);
			}
			const { statusCode, headers } = response;
			const text = this.redact(response.body);
			const parsed = parseBody(text);
			const payload = parsed.ok ? parsed.value : text;
			if (statusCode === 429) {
				const waitMs = retryAfterMs(headers['retry-after']) ?? backoffMs(attempt);
				pacer?.onRateLimited(startedAt, waitMs);
				if (last)
					throw apiError(
						this.node,
						429,
						payload,
						`${describeRequest(request)}: gave up after ${attempt} attempts`,
					);
				await sleep(waitMs, this.signal);
				continue;
			}
			if (statusCode >= 500 && !last && isIdempotent(request.method)) {
				await sleep(retryAfterMs(headers['retry-after']) ?? backoffMs(attempt), this.signal);
				continue;
			}
			if (statusCode < 200 || statusCode >= 300) {
				throw apiError(this.node, statusCode, payload, describeRequest(request));
			}
			if (!parsed.ok) {
				throw new NodeApiError(
					this.node,
					{ message: 'Malformed response body' },
					{
						message: `The Web Data API answered ${describeRequest(request)} with a body that is not valid JSON (HTTP ${statusCode})`,
						description: `The body starts with: ${String(text).slice(0, 200)}`,
						httpCode: String(statusCode),
					},
				);
			}
			pacer?.onSuccess();
			// Some failures arrive with a 2xx status and `success: false` (a failed transcript, say).
			if ((payload as IDataObject | null)?.success === false) {
				throw apiError(this.node, statusCode, payload, describeRequest(request));
			}
			return payload as T;
		}
	}

	private async send(url: string, request: ApiRequest): Promise<FullResponse> {
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs: request.qs,
			body: request.body,
			json: true,
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
			abortSignal: this.signal,
		};
		// Passing the decrypted credential spares n8n a database read and a decryption per request.
		return (await this.ctx.helpers.httpRequestWithAuthentication.call(
			this.ctx,
			CREDENTIAL_TYPE,
			options,
			{
				credentialsDecrypted: this.decrypted,
			},
		)) as FullResponse;
	}
}
