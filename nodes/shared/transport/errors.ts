/**
 * API failures as NodeApiError with the HTTP status and the API's own message. Errors are
 * built from the response body only, never from the request, so the API key cannot leak.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** The most of a text body, or of a list of messages, that goes into an error message. */
const MAX_MESSAGE_CHARS = 500;

/**
 * Texts that only name an HTTP status (the 4xx and 5xx reason phrases): frameworks put one in
 * `error` next to the `message` that says what went wrong.
 */
const REASON_PHRASES = new Set(
	[
		'bad request, unauthorized, payment required, forbidden, not found, method not allowed',
		'not acceptable, proxy authentication required, request timeout, conflict, gone',
		'length required, precondition failed, payload too large, content too large, uri too long',
		'unsupported media type, range not satisfiable, expectation failed, misdirected request',
		'unprocessable entity, unprocessable content, locked, failed dependency, too early',
		'upgrade required, precondition required, too many requests',
		'request header fields too large, unavailable for legal reasons, internal server error',
		'not implemented, bad gateway, service unavailable, gateway timeout',
		'http version not supported',
	]
		.join(', ')
		.split(', '),
);

/** An HTML page (a proxy's error page, say) as its title, else its text without tags. */
function pageText(html: string): string {
	// [^<>] keeps each match from running past the next tag: linear on any page.
	const title = /<title[^<>]*>([^<]*)<\/title>/i.exec(html)?.[1];
	return (title?.trim() ? title : html.replace(/<[^<>]*>/g, ' ')).replace(/\s+/g, ' ');
}

/** A text body as a message: trimmed, an HTML page made readable, cut to the bound. */
function textMessage(text: string): string | undefined {
	const readable = /^\s*</.test(text) ? pageText(text) : text;
	return readable.trim().slice(0, MAX_MESSAGE_CHARS) || undefined;
}

/** A list of messages (`errors: [{message}]`, `message: ["a", "b"]`) as one, each said once. */
function listMessage(list: unknown[]): string | undefined {
	const messages = list.map((entry) =>
		typeof entry === 'string' ? entry.trim() : apiMessage(entry),
	);
	const distinct = [...new Set(messages.filter(Boolean))];
	return distinct.join('; ').slice(0, MAX_MESSAGE_CHARS) || undefined;
}

/** The message a field of an error body holds, if any. */
function fieldMessage(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() !== '' ? value : undefined;
	if (Array.isArray(value)) return listMessage(value);
	// A number or null holds no message; an object may.
	return apiMessage(value);
}

/**
 * The API's own message from an error body, whatever its shape: the first field that holds one,
 * passing over a bare reason phrase ("Bad Request") when another field says more.
 */
export function apiMessage(body: unknown): string | undefined {
	if (typeof body === 'string') return textMessage(body);
	if (!(body instanceof Object)) return undefined;
	const record = body as Record<string, unknown>;
	const messages = ['error', 'errors', 'message', 'detail']
		.map((key) => fieldMessage(record[key]))
		.filter((message) => message !== undefined);
	return (
		messages.find((message) => !REASON_PHRASES.has(message.trim().toLowerCase())) ?? messages[0]
	);
}

const STATUS_HINTS: Record<number, string> = {
	400: 'The Web Data API rejected the request',
	401: 'The Web Data API refused the API key: check the Web Data API credential',
	402: 'The Web Data account is out of credits',
	403: 'The Web Data API key may not do this',
	404: 'The Web Data API found nothing at this address or ID',
	429: "The Web Data API's rate limit of your plan was hit, and retries did not get through",
};

export function apiError(
	node: INode,
	status: number,
	body: unknown,
	context?: string,
): NodeApiError {
	const message = apiMessage(body);
	const hint =
		STATUS_HINTS[status] ??
		(status >= 500 ? 'The Web Data API failed' : 'The Web Data API returned an error');
	const safeBody: JsonObject =
		typeof body === 'object' && body !== null ? (body as JsonObject) : { message: message ?? '' };
	return new NodeApiError(node, safeBody, {
		message: `${hint} (HTTP ${status})${message ? `: ${message}` : ''}`,
		description: [context, message].filter(Boolean).join(' - ') || undefined,
		httpCode: String(status),
	});
}

/**
 * A failure the service reports inside a 2xx answer (`data.status` / `data.code`, see
 * answers.ts): the item's error, with the service's code and message.
 */
export function reportedFailureError(
	node: INode,
	httpStatus: number,
	report: { status?: string; code?: number; message?: string },
	body: unknown,
	context?: string,
): NodeApiError {
	const said = [
		report.code === undefined ? undefined : `code ${report.code}`,
		report.status === undefined ? undefined : `status "${report.status}"`,
	].filter(Boolean);
	const message = report.message ?? apiMessage(body);
	return new NodeApiError(node, body as JsonObject, {
		message: `The Web Data API reported a failure (${[...said, `HTTP ${httpStatus}`].join(', ')})${message ? `: ${message}` : ''}`,
		description: [context, message].filter(Boolean).join(' - ') || undefined,
		httpCode: String(report.code ?? httpStatus),
	});
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new Map<string, RegExp>();

/** The secret with each character as itself or percent-encoded (any case): every URL spelling. */
const urlSpelling = (secret: string) =>
	[...secret]
		.map((char) => {
			const hex = Buffer.from(char).toString('hex').replace(/../g, '%$&');
			return `(?:${escapeRegExp(char)}|${hex})`;
		})
		.join('');

/**
 * The characters of `text`'s base64 that depend on `text` alone, at each of the 3 alignments a
 * longer string can put it at (its offset modulo 3): a base64 of any string containing `text`
 * contains one of them. The first and last characters, which mix in neighbouring bytes, are
 * left out.
 */
export function base64Cores(text: string): string[] {
	const bytes = Buffer.from(text);
	return [0, 1, 2].map((shift) =>
		Buffer.concat([Buffer.alloc(shift), bytes])
			.toString('base64')
			.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6)),
	);
}

/** The base64 and base64url forms of `text`: whole (with and without padding), and each core. */
function base64Forms(text: string): string[] {
	const whole = Buffer.from(text).toString('base64');
	const forms = [whole, whole.replace(/=/g, ''), ...base64Cores(text)];
	return forms.flatMap((form) => [form, form.replace(/\+/g, '-').replace(/\//g, '_')]);
}

/**
 * Every spelling of `secret` an echo may carry: as is or URL-encoded, and the base64 and
 * base64url of the key and of `Bearer <key>` at any offset, each in any letter case. Longer
 * forms come first, so that the widest match is masked: `Bearer <key>`'s forms are longer than
 * the key's, and base64Forms lists each text's from the widest. Cached per secret (one or two
 * keys per process in practice; capped).
 */
function secretPattern(secret: string): RegExp {
	let pattern = patterns.get(secret);
	if (!pattern) {
		const encoded = new Set([...base64Forms(`Bearer ${secret}`), ...base64Forms(secret)]);
		encoded.delete('');
		const alternatives = [...encoded].map(escapeRegExp);
		pattern = new RegExp([...alternatives, urlSpelling(secret)].join('|'), 'gi');
		if (patterns.size >= 16) patterns.clear();
		patterns.set(secret, pattern);
	}
	return pattern;
}

/** `text` with every spelling of `secret` masked. */
export function maskSecret(text: string, secret: string): string {
	return secret ? text.replace(secretPattern(secret), 'bc_***') : text;
}

/**
 * A parsed JSON answer with `mask` applied to every string in it, names included: JSON's escapes
 * (`\u0062c_...`) and any split across escapes are undone by parsing, so the raw text's mask does
 * not see them. Changes `value` in place (it is the caller's fresh parse) and returns it; walks
 * without recursion, so any depth JSON.parse accepts is fine.
 */
export function maskParsed(value: unknown, mask: (text: string) => string): unknown {
	if (typeof value === 'string') return mask(value);
	// Every object and array met so far; the loop reaches those it adds. An array is walked as an
	// object whose names are its indexes.
	const pending = value instanceof Object ? [value as Record<string, unknown>] : [];
	for (const record of pending) {
		for (const name of Object.keys(record)) {
			const entry = record[name];
			if (entry instanceof Object) pending.push(entry as Record<string, unknown>);
			const masked = typeof entry === 'string' ? mask(entry) : entry;
			const maskedName = mask(name);
			if (maskedName !== name) delete record[name];
			// Defined, not assigned: a name that masks to __proto__ stays a plain own property.
			Object.defineProperty(record, maskedName, {
				value: masked,
				writable: true,
				enumerable: true,
				configurable: true,
			});
		}
	}
	return value;
}

const MAX_DEPTH = 8;

/** `value` as plain JSON with `mask` applied to every string; an Error becomes {name, message}. */
function maskValue(value: unknown, mask: (text: string) => string, depth = 0): unknown {
	if (typeof value === 'string') return mask(value);
	if (typeof value !== 'object' || value === null) return value;
	if (depth >= MAX_DEPTH) return '[nested too deep]';
	if (value instanceof Error) return { name: value.name, message: mask(value.message) };
	if (Array.isArray(value)) return value.map((entry) => maskValue(entry, mask, depth + 1));
	const proto = Object.getPrototypeOf(value);
	if (proto !== Object.prototype && proto !== null) return mask(String(value));
	return Object.fromEntries(
		Object.entries(value).map(([k, v]) => [k, maskValue(v, mask, depth + 1)]),
	);
}

/**
 * `error`, changed in place, with `mask` applied to every field n8n shows, logs or saves:
 * message, stack, description, messages, context, errorResponse, extra and cause. A cause that
 * is an Error keeps only its name and masked message: a request library's error can carry the
 * request it failed on, body included.
 */
export function maskError<E extends Error>(error: E, mask: (text: string) => string): E {
	const target = error as unknown as Record<string, unknown>;
	error.message = mask(error.message);
	if (error.stack) error.stack = mask(error.stack);
	for (const field of ['description', 'messages', 'context', 'errorResponse', 'extra'])
		if (target[field] !== undefined) target[field] = maskValue(target[field], mask);
	if (error.cause !== undefined) {
		const cause =
			error.cause instanceof Error
				? Object.assign(new Error(mask(error.cause.message)), { name: error.cause.name })
				: maskValue(error.cause, mask);
		Object.defineProperty(error, 'cause', { value: cause, writable: true, configurable: true });
	}
	return error;
}

/** An error as n8n expects a node to throw it: n8n's own error classes pass through unchanged. */
export function asNodeError(node: INode, error: Error): NodeApiError | NodeOperationError {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(node, error);
}

/** Names the item a failure belongs to: the router does it once, where errors are mapped. */
export function atItem<E extends NodeApiError | NodeOperationError>(
	error: E,
	itemIndex: number,
): E {
	error.context.itemIndex ??= itemIndex;
	return error;
}

/** A failure before any HTTP status: timeouts, resets, refused connections. */
export function networkError(
	node: INode,
	code: string | undefined,
	detail: string,
	context: string,
): NodeApiError {
	return new NodeApiError(node, { message: detail, code: code ?? 'NETWORK' } as JsonObject, {
		message: `Could not reach the Web Data API${code ? ` (${code})` : ''}: ${detail}`,
		description: context,
	});
}
