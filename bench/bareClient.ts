/**
 * The practical ceiling of a server: `loops` bare `fetch` loops (Node's keep-alive agent, no n8n,
 * no pacing) each sending GET /brand/retrieve until `count` requests are done. Used by
 * `npm run bench` and `npm run bench:n8n`.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { performance } from 'node:perf_hooks';

export interface BareClientResult {
	count: number;
	ok: number;
	seconds: number;
	perSecond: number;
}

/** `loops` loops that share `count` requests; `once(i)` sends request i and says if it was ok. */
async function runLoops(
	count: number,
	loops: number,
	once: (i: number) => Promise<boolean>,
): Promise<BareClientResult> {
	let next = 0;
	let ok = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: loops }, async () => {
			while (next < count) if (await once(next++)) ok++;
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	return { count, ok, seconds, perSecond: ok / seconds };
}

export async function bareClient(
	server: { baseUrl: string; apiKey: string },
	{ count, loops, prefix = 'bare' }: { count: number; loops: number; prefix?: string },
): Promise<BareClientResult> {
	const headers = { authorization: `Bearer ${server.apiKey}` };
	return await runLoops(count, loops, async (i) => {
		const response = await fetch(`${server.baseUrl}/brand/retrieve?domain=${prefix}${i}.example`, {
			headers,
		});
		await response.text();
		return response.ok;
	});
}

/**
 * The same loops on Node's `http`/`https` with an agent of the caller's choosing (keep-alive or
 * not, a private CA): the bare client over HTTPS, with and without connection reuse.
 */
export async function bareAgentClient(
	server: { baseUrl: string; apiKey: string },
	agent: http.Agent,
	{ count, loops, prefix = 'bare' }: { count: number; loops: number; prefix?: string },
): Promise<BareClientResult> {
	const headers = { authorization: `Bearer ${server.apiKey}` };
	const get = server.baseUrl.startsWith('https:') ? https.get : http.get;
	const once = (url: string) =>
		new Promise<number>((resolve, reject) => {
			get(url, { agent, headers }, (response) => {
				response.resume();
				response.on('end', () => resolve(response.statusCode ?? 0));
				response.on('error', reject);
			}).on('error', reject);
		});
	return await runLoops(count, loops, async (i) => {
		const status = await once(`${server.baseUrl}/brand/retrieve?domain=${prefix}${i}.example`);
		return status >= 200 && status < 300;
	});
}
