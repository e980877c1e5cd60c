/** Small HTTP helpers: JSON answers, error answers, reading bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A JSON answer: status, body and extra headers. */
export interface Reply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** Send `body` as is (a string), not as JSON: for malformed-body injection. */
	raw?: boolean;
}

/** Thrown by handlers; becomes `{success: false, error, ...extra}`. */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly extra: Record<string, unknown> = {},
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}

	toReply(): Reply {
		return {
			status: this.status,
			body: { success: false, error: this.message, ...this.extra },
			headers: this.headers,
		};
	}
}

export function errorReply(status: number, error: string, headers?: Record<string, string>): Reply {
	return { status, body: { success: false, error }, headers };
}

export function send(res: ServerResponse, reply: Reply): void {
	const text = reply.raw ? String(reply.body) : JSON.stringify(reply.body);
	res.writeHead(reply.status, {
		'content-type': 'application/json; charset=utf-8',
		'content-length': Buffer.byteLength(text),
		...reply.headers,
	});
	res.end(text);
}

export type BodyResult = { ok: true; text: string } | { ok: false; tooLarge: true };

export function readBody(req: IncomingMessage): Promise<BodyResult> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) tooLarge = true;
			else chunks.push(chunk);
		});
		req.on('end', () =>
			resolve(
				tooLarge
					? { ok: false, tooLarge: true }
					: { ok: true, text: Buffer.concat(chunks).toString('utf8') },
			),
		);
		req.on('error', reject);
	});
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: string };

/** An empty body is `undefined`; anything else must be JSON. */
export function parseJsonBody(text: string): ParsedBody {
	if (text.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false, error: 'The request body is not valid JSON' };
	}
}

/** Query parameters as an object; a repeated name becomes an array. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const [key, value] of params) {
		const existing = out[key];
		if (existing === undefined) out[key] = value;
		else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
	}
	return out;
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
