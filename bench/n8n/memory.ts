/**
 * `npm run bench:memory` (devkit/commands/bench-memory.ts builds, then runs this): large crawls
 * through Web Data Crawl in real n8n, time and the n8n process's peak RSS beside the targets
 * (bench/README.md). Results: artifacts/bench-memory.json; logs: artifacts/bench-memory/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ARTIFACTS_DIR, N8N_VERSION } from '../../devkit/paths';
import type { N8n } from '../../devkit/n8n';
import type { Sandbox } from '../../devkit/sandbox';
import {
	baseNode,
	chainWorkflow,
	sandboxCredential,
	webDataNode,
	type DraftNode,
	type WorkflowJson,
} from '../../devkit/setup';
import { sleep, waitFor } from '../../devkit/wait';
import { callAtOnce } from './measure';
import { benchMain, benchWebhook, load, withN8n } from './setup';

const SIZES = (process.env.WEBDATA_BENCH_SIZES ?? '10000,40000,100000').split(',').map(Number);
/** Above this size only the file output runs: items of 100,000 pages are what it replaces. */
const ITEMS_UP_TO = 40_000;
const PAGE_SIZE = 100;
const MARKDOWN_BYTES = 2048;
const MB = 1024 * 1024;
const ARTIFACTS = path.join(ARTIFACTS_DIR, 'bench-memory');

const SHAPE_LABEL = {
	records: 'One Item per Page Result',
	whole: 'Whole Response',
	unsaved: 'One Item per Page Result, execution data not saved',
	file: 'One File (JSON Lines), binary data in the filesystem (n8n 2.x default)',
};
type Shape = keyof typeof SHAPE_LABEL;
const shapesFor = (size: number) =>
	size > ITEMS_UP_TO ? (['file'] as const) : (Object.keys(SHAPE_LABEL) as Shape[]);

type Run = Awaited<ReturnType<typeof measure>>;
type Crawl = { size: number; bytes: number; runs: Partial<Record<Shape, Run>> };

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** `saved: false`: the workflow's "Save successful production executions" is "Do not save". */
function workflow(id: string, node: DraftNode, saved = true): WorkflowJson {
	const settings = saved ? {} : { saveDataSuccessExecution: 'none' };
	return chainWorkflow(id, `bench memory: ${id}`, [benchWebhook(id), node], settings);
}

const trivial = workflow('memTrivial', baseNode('No Op', 'noOp'));

function crawlWorkflow(shape: Shape): WorkflowJson {
	const options = { output: shape === 'unsaved' ? 'records' : shape };
	const parameters = { operation: 'getStatus', id: '={{ $json.body.crawlId }}', page: '1' };
	const crawl = webDataNode('Crawl', 'webDataCrawl', { ...parameters, returnAll: true, options });
	return workflow(`memCrawl${shape}`, crawl, shape !== 'unsaved');
}

/** A figure of /proc/<pid>/status, in bytes. */
function status(pid: number, key: 'VmRSS' | 'VmHWM'): number {
	const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	return Number(new RegExp(`^${key}:\\s*(\\d+)`, 'm').exec(text)?.[1] ?? NaN) * 1024;
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
		return { label, rssBefore, peak: status(pid, 'VmHWM'), ms };
	});
}

/** What the node receives, once the crawl is done: every page of its status, as JSON text. */
async function bytesOfCrawl(sandbox: Sandbox, id: string): Promise<number> {
	type Status = { data: { status: string; next: string | null } };
	const read = (page: string) => sandbox.api<Status>('GET', `/crawl/${id}?page=${page}`);
	await waitFor(async () => (await read('1')).body.data?.status === 'COMPLETED', {
		timeoutMs: 20_000,
		intervalMs: 200,
	});
	let bytes = 0;
	for (let page: string | null = '1'; page; ) {
		const { text, body } = await read(page);
		bytes += Buffer.byteLength(text);
		const next = body.data.next;
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
	const plan = { concurrency: 10, rateLimitPerMinute: 60_000 };
	await sandbox.reset({ crawlPageSize: PAGE_SIZE, credits: 100_000_000, plan });
	say(`n8n ${N8N_VERSION}: baseline (load ${load()}) ...`);
	const baseline = await measure(sandbox, 'trivial workflow', trivial, {});
	const crawls: Crawl[] = [];
	for (const size of SIZES) {
		const job = { type: 'crawl', durationMs: 0, pages: size, markdownBytes: MARKDOWN_BYTES };
		const { id } = await sandbox.admin<{ id: string }>('POST', '/jobs', job);
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
