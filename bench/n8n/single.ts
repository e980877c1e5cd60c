/**
 * One long-running `n8n start` (regular mode, SQLite): the workflows are published and called
 * over HTTP, so every measured execution runs in a process that has already read the plan (a
 * warm-up execution reads it first). Measures, against the same sandbox:
 *   - the bare fetch client at 200 and 1000 requests (the ceiling),
 *   - Web Data Brand at 200 and 1000 items, one execution each,
 *   - the minimal node on n8n's httpRequestWithAuthentication (bench/minimalNode) at the same sizes:
 *     the ceiling of n8n's own machinery,
 *   - two executions of 200 items started at once,
 *   - optionally n8n's HTTP Request node, default settings and batched,
 *   - Web Data Brand at 200 items through the connection stand-in (bench/tlsProxy.ts), over plain
 *     HTTP and over HTTPS with a CA trusted through NODE_EXTRA_CA_CERTS, and the bare client over
 *     the same HTTPS door with and without keep-alive: what a new connection per request costs.
 */
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';

import { bareAgentClient, bareClient, type BareClientResult } from '../bareClient';
import { installMinimalNode } from '../minimalNode/install';
import { TlsProxy, type ConnectionCounts } from '../tlsProxy';
import { N8n } from '../../devkit/n8n';
import { freePortBlock, type Sandbox } from '../../devkit/sandbox';
import { killOnExit } from '../../devkit/services';
import { headerAuthCredential, sandboxCredential } from '../../devkit/setup';
import { Steps, withCpu, type MeasuredStep } from './measure';
import {
	brandWorkflow,
	domains,
	httpRequestWorkflow,
	minimalWorkflow,
	type BenchWorkflow,
} from './workflows';

export interface BenchSettings {
	latencyMs: number;
	concurrency: number;
	ratePerMinute: number;
	/** Where logs go. */
	artifactsDir: string;
	/** For experiments: install the package packed from here (npm pack) instead of the checkout. */
	packageFrom?: string;
	/** For experiments: extra environment for every n8n process. */
	n8nEnv?: Record<string, string>;
}

/** What the connection stand-in saw during a run over one of its doors. */
export interface ConnectionRun {
	label: string;
	transport: 'HTTP' | 'HTTPS';
	counts: ConnectionCounts;
	requests: number;
}

export interface SingleResult {
	bare: Record<number, BareClientResult & { cpuMs: Record<string, number> }>;
	brand: Record<number, MeasuredStep>;
	/** The minimal node on n8n's helper. */
	minimal: Record<number, MeasuredStep>;
	pair: MeasuredStep;
	http: MeasuredStep[];
	connections: {
		connectDelayMs: number;
		/** Web Data Brand through the stand-in, plain and TLS. */
		brand: Array<ConnectionRun & { step: MeasuredStep }>;
		/** The bare client over TLS, keep-alive and not. */
		bare: Array<ConnectionRun & { result: BareClientResult }>;
	};
	timings: Record<string, number>;
}

export const SIZES = [200, 1000];
export const PAIR_ITEMS = 200;
export const CONNECTION_ITEMS = 200;
/** Items of each warm-up execution of Web Data Brand and the minimal node. */
export const WARM_UP_ITEMS = 1000;
/** A round trip of 20 ms; a new connection costs two (TCP, then a TLS 1.3 handshake). */
export const CONNECT_DELAY_MS = 40;

export async function singleProcess(
	sandbox: Sandbox,
	settings: BenchSettings,
	{ httpRequest = true } = {},
): Promise<SingleResult> {
	const timings: Record<string, number> = {};
	let t = Date.now();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-bench-'));
	const sandboxUrl = new URL(sandbox.baseUrl);
	const proxy = new TlsProxy(
		{ host: sandboxUrl.hostname, port: Number(sandboxUrl.port) },
		CONNECT_DELAY_MS,
	);
	const unhook = killOnExit(undefined, { dirs: [userFolder, proxy.dir] });
	await proxy.start();
	const n8n = new N8n({
		userFolder,
		port: await freePortBlock(3),
		logFile: path.join(settings.artifactsDir, 'n8n.log'),
		// n8n's documented way to trust a private CA.
		env: { ...settings.n8nEnv, NODE_EXTRA_CA_CERTS: proxy.caFile },
	});
	const brand = brandWorkflow();
	const minimal = minimalWorkflow(sandbox.baseUrl);
	const http = httpRequest
		? [httpRequestWorkflow(sandbox.baseUrl, false), httpRequestWorkflow(sandbox.baseUrl, true)]
		: [];
	const doors = (['HTTP', 'HTTPS'] as const).map((transport) => {
		const credential = {
			...(sandboxCredential(
				transport === 'HTTP' ? proxy.httpUrl : proxy.httpsUrl,
				sandbox.apiKey,
			) as { id: string; name: string }),
		};
		credential.id += transport;
		credential.name += ` via the ${transport} stand-in`;
		const workflow = brandWorkflow({ tag: transport, credential });
		return { transport, credential, workflow };
	});
	try {
		n8n.installPackage(settings.packageFrom);
		installMinimalNode(userFolder);
		await n8n.importCredentials([
			sandboxCredential(sandbox.baseUrl, sandbox.apiKey),
			headerAuthCredential(sandbox.apiKey),
			...doors.map((d) => d.credential),
		]);
		await n8n.importWorkflows(
			[brand, minimal, ...http, ...doors.map((d) => d.workflow)].map((w) => w.workflow),
		);
		timings['imports'] = Date.now() - t;
		t = Date.now();
		const ready = n8n.start();
		const unhookN8n = killOnExit(n8n.pid);
		await ready;
		timings['n8n start -> ready'] = Date.now() - t;
		t = Date.now();
		for (const w of [brand, minimal, ...http, ...doors.map((d) => d.workflow)])
			await n8n.activate(w.id);
		const measure = new Steps(n8n, sandbox, settings.latencyMs);
		const step = measure.step.bind(measure);

		// Warm-up: loads the node, reads the plan into this process's pacer, warms n8n's paths.
		// WARM_UP_ITEMS, not a handful: V8 compiles the hot paths meanwhile (its compiler threads
		// used 0.5 ms per item in a first execution of 1000 items, 0.1 ms later), which a
		// long-running n8n has done long before, and which would otherwise land in the steps' CPU.
		await step('warm-up', brand, [domains('warmup', WARM_UP_ITEMS)]);
		await step('warm-up', minimal, [domains('warmup-minimal', WARM_UP_ITEMS)]);
		for (const w of http) await step('warm-up', w, [domains(`warmup-${w.id}`, 5)]);
		for (const { workflow } of doors)
			await step('warm-up', workflow, [domains(`warmup-${workflow.id}`, 20)]);
		await bareClient(sandbox, { count: 20, loops: settings.concurrency, prefix: 'bare-warmup' });
		timings['warm-up'] = Date.now() - t;

		t = Date.now();
		const result: SingleResult = {
			bare: {},
			brand: {},
			minimal: {},
			pair: undefined!,
			http: [],
			connections: { connectDelayMs: CONNECT_DELAY_MS, brand: [], bare: [] },
			timings,
		};
		for (const count of SIZES) {
			const bare = await withCpu({ bench: process.pid, sandbox: sandbox.pid }, () =>
				bareClient(sandbox, { count, loops: settings.concurrency, prefix: `bare${count}-` }),
			);
			result.bare[count] = { ...bare.result, cpuMs: bare.cpuMs };
			result.brand[count] = await step(`${count} items`, brand, [domains(`one${count}`, count)]);
			result.minimal[count] = await step(`minimal node, ${count} items`, minimal, [
				domains(`min${count}`, count),
			]);
		}
		result.pair = await step(`2 executions x ${PAIR_ITEMS} items at once`, brand, [
			domains('pairA', PAIR_ITEMS),
			domains('pairB', PAIR_ITEMS),
		]);
		for (const w of http) result.http.push(await step(w.label, w, [domains(w.id, PAIR_ITEMS)]));
		for (const { transport, workflow } of doors) {
			const label = `Web Data Brand over ${transport}, ${CONNECTION_ITEMS} items`;
			proxy.take();
			const got = await step(label, workflow, [domains(workflow.id, CONNECTION_ITEMS)]);
			const counts = proxy.take();
			result.connections.brand.push({
				label,
				transport,
				counts,
				requests: got.traffic.requests,
				step: got,
			});
		}
		for (const keepAlive of [true, false]) {
			const label = `bare client over HTTPS, ${keepAlive ? 'keep-alive' : 'no keep-alive'}`;
			const agent = new https.Agent({ ca: proxy.ca, keepAlive, maxSockets: settings.concurrency });
			proxy.take();
			const bare = await bareAgentClient(
				{ baseUrl: proxy.httpsUrl, apiKey: sandbox.apiKey },
				agent,
				{
					count: CONNECTION_ITEMS,
					loops: settings.concurrency,
					prefix: `bare-tls-${keepAlive}-`,
				},
			);
			agent.destroy();
			const counts = proxy.take();
			result.connections.bare.push({
				label,
				transport: 'HTTPS',
				counts,
				requests: bare.count,
				result: bare,
			});
		}
		timings['measurements'] = Date.now() - t;
		unhookN8n();
		return result;
	} finally {
		t = Date.now();
		await n8n.stop();
		timings['n8n stop'] = Date.now() - t;
		fs.rmSync(userFolder, { recursive: true, force: true });
		await proxy.stop();
		unhook();
	}
}
