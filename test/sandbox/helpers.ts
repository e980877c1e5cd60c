/** Helpers for the sandbox tests: HTTP calls on loopback, a webhook listener, polling. */
import type http from 'node:http';

import { serveLoopback } from '../../devkit/loopback';
import type { SandboxConfigOverrides } from '../../sandbox/config';
import { startSandbox } from '../../sandbox/server';
import type { SandboxHandle } from '../../sandbox/server';

type Sandbox = Pick<SandboxHandle, 'baseUrl' | 'apiKey'>;

/**
 * One request on its own connection (no keep-alive sockets left behind when a server closes).
 * `rawBody` is sent as is; `key` null sends no Authorization header (default: the sandbox's key).
 */
export async function call(
	sandbox: Sandbox,
	method: string,
	path: string,
	options: { body?: unknown; rawBody?: string; key?: string | null } & {
		query?: Record<string, string | number | boolean>;
	} = {},
) {
	const url = new URL(path, sandbox.baseUrl);
	for (const [name, value] of Object.entries(options.query ?? {}))
		url.searchParams.set(name, String(value));
	const headers: Record<string, string> = { connection: 'close' };
	const key = options.key === undefined ? sandbox.apiKey : options.key;
	if (key !== null) headers.authorization = `Bearer ${key}`;
	const body = options.body === undefined ? options.rawBody : JSON.stringify(options.body);
	if (body !== undefined) headers['content-type'] = 'application/json';
	const response = await fetch(url, { method, headers, body });
	const text = await response.text();
	let parsed: any;
	try {
		parsed = JSON.parse(text);
	} catch {
		// not JSON: no body
	}
	return { status: response.status, headers: response.headers, text, body: parsed };
}

export const admin = (sandbox: Sandbox, method: string, path: string, body?: unknown) =>
	call(sandbox, method, `/__sandbox${path}`, { body, key: null });

export function withSandbox(config: SandboxConfigOverrides = {}) {
	const holder = {} as { sandbox: SandboxHandle };
	beforeAll(async () => {
		holder.sandbox = await startSandbox(config);
	});
	afterAll(() => holder.sandbox?.close());
	return holder;
}

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: any };

/**
 * A webhook receiver on 127.0.0.1 (`url`): what it `received`, answered with `statuses` in
 * turn, 200 once they run out.
 */
export async function startListener() {
	const received: Received[] = [];
	const statuses: number[] = [];
	const server = await serveLoopback((req, text, res) => {
		let body: unknown = text;
		try {
			body = JSON.parse(text);
		} catch {
			// keep the text
		}
		received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
		res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' });
		res.end('{"ok":true}');
	});
	return { ...server, received, statuses };
}

export type Listener = Awaited<ReturnType<typeof startListener>>;
