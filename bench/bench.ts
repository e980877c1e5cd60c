/**
 * `npm run bench` (issue 3; not a timed test): our built nodes run by n8n-core (test/helpers/runNode.ts)
 * against the sandbox in its own process; what it measures and the targets: bench/README.md.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../test/helpers/runNode';
import { Sandbox } from '../devkit/sandbox';
import { DEFAULT_MAX_WAIT_S, DEFAULT_POLL_INTERVAL_S } from '../nodes/shared/behaviours';
import { pollDelays } from '../nodes/shared/jobs/polling';
import { bareClient } from './bareClient';
import { loadReport } from './loadTime';
import { traffic } from './n8n/measure';
import { LIMIT, PLAN, limitOf } from './n8n/setup';

const ITEMS = 200;
const JOB_DURATION_MS = 30000;

/** `fn` with the sandbox in a child process on this Node, at bench:n8n's latency and concurrency. */
async function withSandbox<T>(
	{ ratePerMinute, jobDurationMs }: { ratePerMinute: number; jobDurationMs?: number },
	fn: (sandbox: Sandbox) => Promise<T>,
): Promise<T> {
	const plan = { concurrency: PLAN.concurrency, rateLimitPerMinute: ratePerMinute };
	const sandbox = new Sandbox(0, undefined, {
		config: { latencyMs: PLAN.latencyMs, plan, credits: 10_000_000, jobDurationMs },
		node: process.execPath,
	});
	await sandbox.start();
	try {
		return await fn(sandbox);
	} finally {
		await sandbox.stop();
	}
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function throughput(
	label: string,
	ratePerMinute: number,
	options: INodeParameters = {},
	count = ITEMS,
) {
	return await withSandbox({ ratePerMinute }, async (sandbox) => {
		const credentials = { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl };
		const parameters = { operation: 'retrieve', domain: '={{ $json.domain }}', options };
		const run = (items: IDataObject[]) =>
			runNode({ type: 'webDataBrand', parameters, items, credentials, continueOnFail: true });
		// Warm-up (not counted): loads the package into n8n-core and JIT-compiles the paths.
		await run([{ domain: 'warmup0.example' }, { domain: 'warmup1.example' }]);
		await sandbox.reset();

		const startedAt = Date.now();
		const { items: out, error } = await run(
			Array.from({ length: count }, (_, i) => ({ domain: `brand${i}.example` })),
		);
		const seconds = (Date.now() - startedAt) / 1000;
		if (error) throw error;
		const ok = out.filter((item) => item.json.error === undefined && item.json.success === true);
		const pairedOk =
			out.length === count &&
			out.every((item, i) => (item.pairedItem as { item: number }).item === i);
		const { records, ...seen } = await traffic(sandbox);
		const [, second] = records.map((r) => Date.parse(r.at)).sort((a, b) => a - b);
		const limit = limitOf({ ...PLAN, ratePerMinute });
		const perSecond = ok.length / seconds;
		return {
			...{ label, count, ok: ok.length, seconds, perSecond, limit, share: perSecond / limit },
			...{ pairedOk, seen },
			/** The plan read, while one item runs alone: from the first item request to the second. */
			planHoldS: ((second ?? seen.firstAt) - seen.firstAt) / 1000,
			/** Validation of every item, n8n: from the node's start to its first item request. */
			beforeFirstS: (seen.firstAt - startedAt) / 1000,
		};
	});
}

/** What this server allows in practice, its own per-request cost included. */
async function bareClientRate(ratePerMinute: number): Promise<number> {
	return await withSandbox({ ratePerMinute }, async (sandbox) => {
		await bareClient(sandbox, { count: 2, loops: 2, prefix: 'warmup' });
		await sandbox.reset();
		return (await bareClient(sandbox, { count: ITEMS, loops: PLAN.concurrency })).perSecond;
	});
}

/** The poll times (s after creation) the node's backoff gives for a job, request time ignored. */
function computedPolls(durationS: number): number[] {
	const next = pollDelays(DEFAULT_POLL_INTERVAL_S * 1000);
	const times: number[] = [];
	let t = 0;
	while (t < durationS && t < DEFAULT_MAX_WAIT_S) {
		t += next() / 1000;
		times.push(t);
	}
	return times;
}

async function pollsPerJob() {
	const plan = { ratePerMinute: 600, jobDurationMs: JOB_DURATION_MS };
	return await withSandbox(plan, async (sandbox) => {
		const started = Date.now();
		const { items, error } = await runNode({
			type: 'webDataScrape',
			// Default settings: Wait for Completion on, Poll Interval 2 s, Max Wait 600 s.
			parameters: {
				operation: 'batchScrape',
				urls: 'https://example.com/a\nhttps://example.com/b',
			},
			credentials: { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl },
		});
		const returned = Date.now();
		if (error) throw error;
		const jobId = String(items[0]?.json.jobId ?? '');
		const job = (await sandbox.jobs()).find((j) => j.id === jobId);
		if (!job) throw new Error(`the node returned no job ID the sandbox knows (${jobId})`);
		const requests = await sandbox.requests();
		const created = requests.find((r) => r.method === 'POST' && r.path === '/batch/scrape')!;
		const reads = requests
			.filter((r) => r.method === 'GET' && r.path === `/jobs/${job.id}`)
			.map((r) => Date.parse(r.at));
		const createdAt = Date.parse(created.at) + PLAN.latencyMs;
		const endedAt = job.completedAt ? Date.parse(job.completedAt) : returned;
		// Polls: every read before the job ended, plus the first one after (it sees COMPLETED).
		const before = reads.filter((at) => at < endedAt).length;
		const polls = Math.min(reads.length, before + 1);
		return {
			polls,
			extraReads: reads.length - polls,
			jobSeconds: (endedAt - createdAt) / 1000,
			waitedSeconds: (returned - started) / 1000,
			lateSeconds: (returned - endedAt) / 1000,
			items: items.length,
		};
	});
}

const say = (...lines: string[]) => console.log(lines.join('\n'));
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function main(): Promise<void> {
	say(
		`Web Data nodes benchmark (Node ${process.versions.node}; nodes from dist/ run by n8n-core WorkflowExecute; local sandbox on 127.0.0.1)`,
		'',
		`1. ${ITEMS} items, Web Data Brand > Retrieve, server latency ${PLAN.latencyMs} ms, plan concurrency ${PLAN.concurrency} (more in flight get 429)`,
	);
	// The concurrency-bound plan is short (~2.3 s) and sensitive to what else the machine does:
	// three runs, the median counts. The rate-bound plan takes ~20 s: one run.
	const fast = [];
	for (let i = 1; i <= 3; i++)
		fast.push(await throughput(`plan 6000/min, default settings (run ${i})`, 6000));
	const median = [...fast].sort((a, b) => a.perSecond - b.perSecond)[1];
	const runs = [
		...fast,
		await throughput('plan 600/min, default settings', 600),
		await throughput('plan 6000/min, Max Concurrent Requests 50', 6000, {
			maxConcurrentRequests: 50,
		}),
		// Not the target: with 5x the items the fixed start (validation, plan read) weighs 5x less.
		await throughput('plan 6000/min, default settings, 1000 items', 6000, {}, 1000),
	];
	for (const r of runs)
		say(
			`   ${r.label.padEnd(44)} ${r.ok}/${r.count} ok, ${fmt(r.perSecond)} items/s in ${fmt(r.seconds, 2)} s; ` +
				`limit ${fmt(r.limit)} items/s -> ${fmt(r.share * 100)}% of the limit; ${r.seen.refused} x 429 of ${r.seen.requests} requests; ` +
				`order and pairedItem ${r.pairedOk ? 'exact' : 'WRONG'}`,
			`   ${''.padEnd(44)} (first item request ${fmt(r.beforeFirstS * 1000, 0)} ms after the start, the second ${fmt(r.planHoldS * 1000, 0)} ms later; ` +
				`${fmt(r.seen.servedPerSecond)} items/s from the first request to the last answer)`,
		);
	const bare = await bareClientRate(6000);
	const itemsMet = [median, runs[3]].every((r) => r.ok === ITEMS && r.share >= 0.9);
	say(
		`   reference: a bare client (10 fetch loops, no n8n) gets ${fmt(bare)} items/s from the same server at 6000/min (${fmt((bare / LIMIT) * 100)}% of the nominal limit)`,
		`   plan 6000/min median of 3: ${fmt(median.perSecond)} items/s = ${fmt(median.share * 100)}% of the limit`,
		`   target (default settings): ${ITEMS}/${ITEMS} at >= 90% of the limit: ${met(itemsMet)}`,
		'',
	);

	const schedule = computedPolls(JOB_DURATION_MS / 1000);
	say(
		`2. Status polls for a job that takes ${JOB_DURATION_MS / 1000} s (Poll Interval ${DEFAULT_POLL_INTERVAL_S} s, backoff x1.5, Max Wait ${DEFAULT_MAX_WAIT_S} s)`,
		`   computed schedule: ${schedule.length} polls at ${schedule.map((t) => fmt(t)).join(', ')} s; the last one sees COMPLETED ${fmt(schedule[schedule.length - 1] - JOB_DURATION_MS / 1000)} s after the job ended`,
	);
	const p = process.env.BENCH_QUICK === '1' ? undefined : await pollsPerJob();
	say(
		p
			? `   measured: job took ${fmt(p.jobSeconds)} s; ${p.polls} status polls (+${p.extraReads} read of the results after COMPLETED); ` +
					`node returned ${p.items} items after ${fmt(p.waitedSeconds)} s, ${fmt(p.lateSeconds)} s after the job ended`
			: '   measured: skipped (BENCH_QUICK=1)',
		`   target <= 8 polls per 30 s job: ${met((p?.polls ?? schedule.length) <= 8)}`,
		'',
		`3. ${loadReport(7).join('\n')}`,
	);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
