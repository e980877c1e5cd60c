/**
 * 127.0.0.1 for the devkit, the tests and the benchmarks: free ports for the servers they start,
 * JSON calls to them, and small HTTP servers of their own (webhook receivers, a logo host, a
 * scripted model).
 */
import * as http from 'node:http';
import * as net from 'node:net';

export function isPortFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/** Ports this process handed out: a server may not have bound its port yet. */
const handedOut = new Set<number>();

/**
 * A port p with p .. p + count - 1 all free on 127.0.0.1 and not handed out before by this
 * process (n8n takes its port and the next two, for its task brokers).
 */
export async function freePort(count = 1): Promise<number> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const base = 20000 + Math.floor(Math.random() * 30000);
		const block = Array.from({ length: count }, (_, i) => base + i);
		if (block.some((p) => handedOut.has(p))) continue;
		if ((await Promise.all(block.map(isPortFree))).every(Boolean)) {
			block.forEach((p) => handedOut.add(p));
			return base;
		}
	}
	throw new Error(`no block of ${count} free ports found on 127.0.0.1`);
}

/** fetch() with a JSON body when one is given; the answer, its body parsed when it is JSON. */
export async function fetchJson<T = unknown>(
	url: string,
	{ method = 'GET', body, headers = {} }: { method?: string; body?: unknown; headers?: object },
): Promise<{ ok: boolean; status: number; headers: Headers; text: string; body: T }> {
	const json: object = body === undefined ? {} : { 'content-type': 'application/json' };
	const send = () =>
		fetch(url, {
			method,
			headers: { ...headers, ...json } as Record<string, string>,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	// A kept-alive socket the server closed while a synchronous step (npm pack, npm install) held
	// the event loop fails at once with "other side closed", the request unread: sent once more.
	const res = await send().catch((error: Error & { cause?: { code?: string } }) => {
		if (error.cause?.code !== 'UND_ERR_SOCKET') throw error;
		return send();
	});
	const text = await res.text();
	let parsed: unknown = text;
	try {
		parsed = JSON.parse(text);
	} catch {
		// left as text
	}
	return { ok: res.ok, status: res.status, headers: res.headers, text, body: parsed as T };
}

export interface LoopbackServer {
	/** http://127.0.0.1:PORT */
	url: string;
	close(): Promise<void>;
}

/** An HTTP server on a free port of 127.0.0.1, handing `handle` each request with its whole body. */
export async function serveLoopback(
	handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => unknown,
): Promise<LoopbackServer> {
	const server = http.createServer(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		await handle(req, Buffer.concat(chunks).toString('utf8'), res);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as net.AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
