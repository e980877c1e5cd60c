/**
 * `npm run bench:memory` (devkit/commands/bench-memory.ts builds, then runs this): large crawls
 * through real n8n. Web Data Crawl > Get Status with Return All reads a finished sandbox crawl of
 * 10,000 and of 40,000 results (100 per page, 2 KB of markdown each) in both output shapes; a trivial
 * workflow (Webhook > No Op) gives n8n's own baseline. Each run has a fresh `n8n start` (regular
 * mode, SQLite, default settings: successful executions are saved with their data), warmed up
 * by one call of the trivial workflow; then its peak RSS is reset (/proc/<pid>/clear_refs) and
 * one execution is called over the webhook, which answers when the workflow is done. Prints
 * the time and the n8n process's peak RSS beside the targets; not a pass/fail test.
 *
 * Targets: one item per record costs no more memory than the whole response, and no more than
 * 1.5x the bytes received above the baseline's peak. The file output (One File (JSON Lines)) costs
 * no more than 1.5x the bytes received above the baseline, takes no longer than the items output,
 * and its peak at 100,000 results is no higher than at 40,000; above 40,000 only the file output
 * runs. WEBDATA_BENCH_SIZES=10000,40000,100000 (the default) sets the crawl sizes. Results: artifacts/bench-memory.json; logs: artifacts/bench-memory/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ARTIFACTS_DIR, N8N_VERSION } from '../../devkit/paths';
import type { N8n } from '../../devkit/n8n';
import type { Sandbox } from '../../devkit/sandbox';
import {
	chainWorkflow,
	sandboxCredential,
	webDataNode,
	type DraftNode,
	type WorkflowJson,
} from '../../devkit/setup';
import { sleep } from '../../devkit/wait';
import { callAtOnce } from './measure';
import { benchMain, load, withN8n } from './setup';
import { benchWebhook } from './workflows';

const SIZES = (process.env.WEBDATA_BENCH_SIZES ?? '10000,40000,100000').split(',').map(Number);
/** Above this size only the file output runs: items of 100,000 pages are what it replaces. */
const ITEMS_UP_TO = 40_000;
const PAGE_SIZE = 100;
const MARKDOWN_BYTES = 2048;
const MB = 1024 * 1024;
const ARTIFACTS = path.join(ARTIFACTS_DIR, 'bench-memory');

type Shape = 'records' | 'whole' | 'unsaved' | 'file';
const SHAPES: Shape[] = ['records', 'whole', 'unsaved', 'file'];
const SHAPE_LABEL: Record<Shape, string> = {
	records: 'One Item per Page Result',
	whole: 'Whole Response',
	unsaved: 'One Item per Page Result, execution data not saved',
	file: 'One File (JSON Lines), binary data in the filesystem (n8n 2.x default)',
};
const shapesFor = (size: number): Shape[] => (size > ITEMS_UP_TO ? ['file'] : SHAPES);

type Run = Awaited<ReturnType<typeof measure>>;

interface Crawl {
	size: number;
	bytes: number;
	runs: Partial<Record<Shape, Run>>;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/**
 * A workflow called over a webhook that answers, without data, when the last node is done.
 * `saved: false` sets the workflow's "Save successful production executions" to "Do not save".
 */
function workflow(id: string, node: DraftNode, saved = true): WorkflowJson {
	const settings = saved ? {} : { saveDataSuccessExecution: 'none' };
	return chainWorkflow(id, `bench memory: ${id}`, [benchWebhook(id), node], settings);
}

const trivial = workflow('memTrivial', {
	name: 'No Op',
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	parameters: {},
});

function crawlWorkflow(shape: Shape): WorkflowJson {
	const output = shape === 'unsaved' ? 'records' : shape;
	const parameters = { operation: 'getStatus', id: '={{ $json.body.crawlId }}', page: '1' };
	const crawl = webDataNode('Crawl', 'webDataCrawl', {
		...parameters,
		returnAll: true,
		options: { output },
	});
	return workflow(`memCrawl${shape}`, crawl, shape !== 'unsaved');
}

function status(pid: number, key: 'VmRSS' | 'VmHWM'): number {
	const line = fs
		.readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find((l) => l.startsWith(`${key}:`));
	return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) * 1024;
}

const call = (n8n: N8n, id: string, body: object) =>
	callAtOnce(`${n8n.baseUrl}/webhook/${id}`, [body]);

/** One execution in a fresh n8n: warm-up, peak reset, the call, then the peak. */
async function measure(sandbox: Sandbox, label: string, w: WorkflowJson, body: object) {
	const n8nOptions = {
		logFile: path.join(ARTIFACTS, `n8n-${w.id}-${label.replace(/\W+/g, '-')}.log`),
		credentials: [sandboxCredential(sandbox.baseUrl, sandbox.apiKey)],
		workflows: w === trivial ? [trivial] : [trivial, w],
	};
	return await withN8n(n8nOptions, async (n8n) => {
		await call(n8n, trivial.id, {});
		await sleep(1000);
		const pid = n8n.pid!;
		const rssBefore = status(pid, 'VmRSS');
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		const started = Date.now();
		await call(n8n, w.id, body);
		const ms = Date.now() - started;
		// The execution is saved before the webhook answers; give its last writes a moment.
		await sleep(500);
		// rssBefore: after the warm-up, when the peak is reset; peak: from then to the end.
		return { label, rssBefore, peak: status(pid, 'VmHWM'), ms };
	});
}

async function crawlDone(sandbox: Sandbox, id: string): Promise<void> {
	for (let tries = 0; tries < 100; tries++, await sleep(200)) {
		const { body } = await sandbox.api<{ data: { status: string } }>('GET', `/crawl/${id}?page=1`);
		if (body.data?.status === 'COMPLETED') return;
	}
	throw new Error(`crawl ${id} did not complete`);
}

/** What the node receives: every page of the crawl's status, as JSON text. */
async function bytesOfCrawl(sandbox: Sandbox, id: string): Promise<number> {
	let bytes = 0;
	for (let page: string | null = '1'; page; ) {
		const res = await fetch(`${sandbox.baseUrl}/crawl/${id}?page=${page}`, {
			headers: { authorization: `Bearer ${sandbox.apiKey}` },
		});
		const text = await res.text();
		bytes += Buffer.byteLength(text);
		const next = (JSON.parse(text) as { data: { next: string | null } }).data.next;
		page = next ? (/[?&]page=([^&#]*)/.exec(next)?.[1] ?? next) : null;
	}
	return bytes;
}

function report(baseline: Run, crawls: Crawl[], t0: number): string {
	const lines = [
		'',
		`n8n ${N8N_VERSION}, Web Data Crawl > Get Status, Return All, ${PAGE_SIZE} results per page, ` +
			`${MARKDOWN_BYTES} bytes of markdown each; ${os.cpus().length} cores, load ${load()}`,
		"(peak: the n8n process's VmHWM during the execution; above baseline: peak minus the trivial workflow's peak; " +
			'own growth: peak minus the same process RSS just before the execution)',
		'',
		`baseline (Webhook > No Op): peak ${mb(baseline.peak)} (RSS before ${mb(baseline.rssBefore)}), ${baseline.ms} ms`,
	];
	const at40k = crawls.find((c) => c.size === ITEMS_UP_TO)?.runs.file;
	for (const { size, bytes, runs } of crawls) {
		lines.push('', `crawl of ${size} results: ${mb(bytes)} received`);
		const limit = 1.5 * bytes;
		for (const shape of shapesFor(size)) {
			const run = runs[shape]!;
			const above = run.peak - baseline.peak;
			const own = run.peak - run.rssBefore;
			lines.push(
				`  ${SHAPE_LABEL[shape]}: ${(run.ms / 1000).toFixed(1)} s, peak ${mb(run.peak)}, ` +
					`${mb(above)} above baseline (${(above / bytes).toFixed(2)}x received), own growth ${mb(own)} (${(own / bytes).toFixed(2)}x)`,
			);
			const targets = [`<= ${mb(limit)} above baseline (1.5x received): ${met(above <= limit)}`];
			if (shape === 'records') {
				const whole = runs.whole!.peak;
				targets.push(`peak <= whole response's ${mb(whole)}: ${met(run.peak <= whole)}`);
			}
			// The file output's: its time against the items', and a flat peak past 40,000.
			if (shape === 'file' && runs.records)
				targets.push(
					`time <= items output's ${(runs.records.ms / 1000).toFixed(1)} s: ${met(run.ms <= runs.records.ms)}`,
				);
			if (shape === 'file' && size > ITEMS_UP_TO)
				targets.push(
					at40k
						? `peak <= the file output's at ${ITEMS_UP_TO} (${mb(at40k.peak)}): ${met(run.peak <= at40k.peak)}`
						: `peak <= the file output's at ${ITEMS_UP_TO}: not measured (add ${ITEMS_UP_TO} to WEBDATA_BENCH_SIZES)`,
				);
			if (shape === 'records' || shape === 'file') lines.push(`    target: ${targets.join('; ')}`);
		}
	}
	lines.push('', `whole run ${((Date.now() - t0) / 1000).toFixed(0)} s`, '');
	return lines.join('\n');
}

benchMain('bench:memory', ARTIFACTS, async (sandbox, say) => {
	const t0 = Date.now();
	await sandbox.reset({
		crawlPageSize: PAGE_SIZE,
		credits: 100_000_000,
		plan: { concurrency: 10, rateLimitPerMinute: 60_000 },
	});
	say(`n8n ${N8N_VERSION}: baseline (load ${load()}) ...`);
	const baseline = await measure(sandbox, 'trivial workflow', trivial, {});
	const crawls: Crawl[] = [];
	for (const size of SIZES) {
		const { id } = await sandbox.admin<{ id: string }>('POST', '/jobs', {
			type: 'crawl',
			durationMs: 0,
			pages: size,
			markdownBytes: MARKDOWN_BYTES,
		});
		await crawlDone(sandbox, id);
		const bytes = await bytesOfCrawl(sandbox, id);
		const runs: Crawl['runs'] = {};
		for (const shape of shapesFor(size)) {
			say(`crawl of ${size}, ${SHAPE_LABEL[shape]} (load ${load()}) ...`);
			const body = { crawlId: id };
			runs[shape] = await measure(sandbox, `${size} ${shape}`, crawlWorkflow(shape), body);
		}
		crawls.push({ size, bytes, runs });
	}
	process.stdout.write(report(baseline, crawls, t0));
	const result = { n8n: N8N_VERSION, load: os.loadavg(), baseline, crawls };
	fs.writeFileSync(path.join(ARTIFACTS_DIR, 'bench-memory.json'), JSON.stringify(result, null, 2));
});
