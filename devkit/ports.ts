/** Free TCP ports on 127.0.0.1, for every server the devkit, the tests and the benchmarks start. */
import * as net from 'node:net';

/** Whether `port` can be bound on 127.0.0.1 now. */
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
