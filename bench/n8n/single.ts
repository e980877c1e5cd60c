/**
 * One long-running `n8n start` (regular mode, SQLite): the workflows are published and called
 * over HTTP, so every measured execution runs in a process that has already read the plan (a
 * warm-up execution reads it first). Measures, against the same sandbox:
 *   - the bare fetch client at 200 and 1000 requests (the ceiling),
 *   - Web Data Brand at 200 and 1000 items, one execution each,
 *   - two executions of 200 items started at once,
 *   - optionally n8n's HTTP Request node, default settings and batched.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { bareClient, type BareClientResult } from '../bareClient';
import { N8n } from '../../devkit/n8n';
import { freePort } from '../../devkit/loopback';
import { cleanUpOnExit } from '../../devkit/proc';
import type { Sandbox } from '../../devkit/sandbox';
import { headerAuthCredential, sandboxCredential } from '../../devkit/setup';
import { Steps, withCpu, type MeasuredStep } from './measure';
import { brandWorkflow, domains, httpRequestWorkflow } from './workflows';

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

export interface SingleResult {
	bare: Record<number, BareClientResult & { cpuMs: Record<string, number> }>;
	brand: Record<number, MeasuredStep>;
	pair: MeasuredStep;
	http: MeasuredStep[];
}

export const SIZES = [200, 1000];
export const PAIR_ITEMS = 200;
/** Items of the warm-up execution of Web Data Brand. */
export const WARM_UP_ITEMS = 1000;

export async function singleProcess(
	sandbox: Sandbox,
	settings: BenchSettings,
	{ httpRequest = true } = {},
): Promise<SingleResult> {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-bench-'));
	const release = cleanUpOnExit(undefined, [userFolder]);
	const n8n = new N8n({
		userFolder,
		port: await freePort(3),
		logFile: path.join(settings.artifactsDir, 'n8n.log'),
		env: settings.n8nEnv,
	});
	const brand = brandWorkflow();
	const http = httpRequest
		? [httpRequestWorkflow(sandbox.baseUrl, false), httpRequestWorkflow(sandbox.baseUrl, true)]
		: [];
	try {
		n8n.installPackage(settings.packageFrom);
		await n8n.importCredentials([
			sandboxCredential(sandbox.baseUrl, sandbox.apiKey),
			headerAuthCredential(sandbox.apiKey),
		]);
		await n8n.importWorkflows([brand, ...http].map((w) => w.workflow));
		await n8n.start();
		for (const w of [brand, ...http]) await n8n.activate(w.id);
		const { step } = new Steps(n8n, sandbox);

		// Warm-up: loads the node, reads the plan into this process's pacer, warms n8n's paths.
		// WARM_UP_ITEMS, not a handful: V8 compiles the hot paths meanwhile (its compiler threads
		// used 0.5 ms per item in a first execution of 1000 items, 0.1 ms later), which a
		// long-running n8n has done long before, and which would otherwise land in the steps' CPU.
		await step('warm-up', brand, [domains('warmup', WARM_UP_ITEMS)]);
		for (const w of http) await step('warm-up', w, [domains(`warmup-${w.id}`, 5)]);
		await bareClient(sandbox, { count: 20, loops: settings.concurrency, prefix: 'bare-warmup' });

		const result: SingleResult = { bare: {}, brand: {}, pair: undefined!, http: [] };
		for (const count of SIZES) {
			const bare = await withCpu({ bench: process.pid, sandbox: sandbox.pid }, () =>
				bareClient(sandbox, { count, loops: settings.concurrency, prefix: `bare${count}-` }),
			);
			result.bare[count] = { ...bare.result, cpuMs: bare.cpuMs };
			result.brand[count] = await step(`${count} items`, brand, [domains(`one${count}`, count)]);
		}
		result.pair = await step(`2 executions x ${PAIR_ITEMS} items at once`, brand, [
			domains('pairA', PAIR_ITEMS),
			domains('pairB', PAIR_ITEMS),
		]);
		for (const w of http) result.http.push(await step(w.label, w, [domains(w.id, PAIR_ITEMS)]));
		return result;
	} finally {
		await n8n.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
		release();
	}
}
