/**
 * bench:n8n in one long-running `n8n start`: the bare client (the ceiling), Web Data Brand at
 * SIZES, two executions at once and, optionally, n8n's HTTP Request node, on one sandbox.
 */
import * as path from 'node:path';

import { bareClient, type BareClientResult } from '../bareClient';
import type { Sandbox } from '../../devkit/sandbox';
import { headerAuthCredential, sandboxCredential } from '../../devkit/setup';
import { stepper, withCpu, type MeasuredStep } from './measure';
import { SETTINGS, brandWorkflow, domains, httpRequestWorkflow, withN8n } from './setup';

export const SIZES = [200, 1000];
export const PAIR_ITEMS = 200;
const WARM_UP_ITEMS = 1000;

export async function singleProcess(sandbox: Sandbox, httpRequest: boolean) {
	const brand = brandWorkflow();
	const http = httpRequest
		? [httpRequestWorkflow(sandbox.baseUrl, false), httpRequestWorkflow(sandbox.baseUrl, true)]
		: [];
	const n8nOptions = {
		logFile: path.join(SETTINGS.artifactsDir, 'n8n.log'),
		credentials: [
			sandboxCredential(sandbox.baseUrl, sandbox.apiKey),
			headerAuthCredential(sandbox.apiKey),
		],
		workflows: [brand, ...http].map((w) => w.workflow),
	};
	return await withN8n(n8nOptions, async (n8n) => {
		const step = stepper(n8n, sandbox);
		// Warm-up: reads the plan into this process's pacer, warms n8n's paths. WARM_UP_ITEMS, not
		// a handful: V8 compiles the hot paths meanwhile (its compiler threads used 0.5 ms per item
		// in a first execution of 1000 items, 0.1 ms later), which a long-running n8n has done long
		// before, and which would otherwise land in the steps' CPU.
		await step('warm-up', brand, [domains('warmup', WARM_UP_ITEMS)]);
		for (const w of http) await step('warm-up', w, [domains(`warmup-${w.id}`, 5)]);
		const loops = SETTINGS.concurrency;
		await bareClient(sandbox, { count: 20, loops, prefix: 'bare-warmup' });

		const bare: Record<number, BareClientResult & { cpuMs: Record<string, number> }> = {};
		const sizes: Record<number, MeasuredStep> = {};
		for (const count of SIZES) {
			const measured = await withCpu({ bench: process.pid, sandbox: sandbox.pid }, () =>
				bareClient(sandbox, { count, loops, prefix: `bare${count}-` }),
			);
			bare[count] = { ...measured.result, cpuMs: measured.cpuMs };
			sizes[count] = await step(`${count} items`, brand, [domains(`one${count}`, count)]);
		}
		const pair = await step(`2 executions x ${PAIR_ITEMS} items at once`, brand, [
			domains('pairA', PAIR_ITEMS),
			domains('pairB', PAIR_ITEMS),
		]);
		const comparisons = [];
		for (const w of http) comparisons.push(await step(w.label, w, [domains(w.id, PAIR_ITEMS)]));
		return { bare, brand: sizes, pair, http: comparisons };
	});
}

export type SingleResult = Awaited<ReturnType<typeof singleProcess>>;
