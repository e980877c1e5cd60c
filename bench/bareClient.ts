/**
 * The practical ceiling of a server: `loops` bare `fetch` loops (Node's keep-alive agent, no n8n,
 * no pacing) each sending GET /brand/retrieve until `count` requests are done.
 */
import { performance } from 'node:perf_hooks';

export async function bareClient(
	server: { baseUrl: string; apiKey: string },
	{ count, loops, prefix = 'bare' }: { count: number; loops: number; prefix?: string },
) {
	const headers = { authorization: `Bearer ${server.apiKey}` };
	let next = 0;
	let ok = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: loops }, async () => {
			while (next < count) {
				const url = `${server.baseUrl}/brand/retrieve?domain=${prefix}${next++}.example`;
				const response = await fetch(url, { headers });
				await response.text();
				if (response.ok) ok++;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	return { count, ok, seconds, perSecond: ok / seconds };
}

export type BareClientResult = Awaited<ReturnType<typeof bareClient>>;
