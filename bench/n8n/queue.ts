/**
 * Queue mode (devkit/queue.ts): main + WORKERS workers (`--concurrency=WORKER_CONCURRENCY`)
 * + a webhook processor on PostgreSQL and Redis. CALLS webhook calls of ITEMS items each reach the
 * webhook processor at once; the workers run them, each worker process with its own pacer for
 * the account, so together they must find the plan's room from the service's 429s.
 *
 * Besides the totals it attributes every request the sandbox recorded to the worker that sent
 * it (the call's domains -> its execution -> the worker whose log started it), and bins them
 * per second: requests, 429s and mean requests in flight per worker.
 */
import * as path from 'node:path';

import { QueueCluster } from '../../devkit/queue';
import type { RecordedRequest, Sandbox } from '../../devkit/sandbox';
import { sandboxCredential } from '../../devkit/setup';
import {
	Runs,
	callAtOnce,
	throughput,
	traffic,
	withCpu,
	type NodeRun,
	type Throughput,
	type Traffic,
} from './measure';
import type { BenchSettings } from './single';
import { brandWorkflow, domains } from './workflows';

export const WORKERS = 2;
export const WORKER_CONCURRENCY = 5;
export const CALLS = 8;
export const ITEMS = 100;
const BIN_MS = 1000;

export interface WorkerBin {
	/** Seconds from the first request. */
	t: number;
	/** Per worker: requests sent, of them refused (429), mean admitted requests in flight. */
	workers: Record<string, { sent: number; refused: number; meanInFlight: number }>;
}

export interface QueueResult {
	runs: Array<NodeRun & { worker: string }>;
	node: Throughput;
	traffic: Omit<Traffic, 'records'>;
	/** CPU time (ms) each process used during the measurement. */
	cpuMs: Record<string, number>;
	perWorker: Record<string, { executions: number; requests: number; refused: number }>;
	bins: WorkerBin[];
	/** Each 429: when (s from the first request), whose, and each worker's admitted requests in flight then. */
	refusals: Array<{ t: number; worker: string; inFlight: Record<string, number> }>;
	warmedWorkers: string[];
	timings: Record<string, number>;
}

/** Sent / refused / mean in flight per worker and per bin of BIN_MS. */
function binByWorker(
	records: RecordedRequest[],
	workerOf: (r: RecordedRequest) => string,
	latencyMs: number,
): WorkerBin[] {
	const t0 = Math.min(...records.map((r) => Date.parse(r.at)));
	const end = Math.max(...records.map((r) => Date.parse(r.at))) + latencyMs;
	const bins: WorkerBin[] = [];
	for (let from = t0; from < end; from += BIN_MS) {
		const workers: WorkerBin['workers'] = {};
		for (const r of records) {
			const at = Date.parse(r.at);
			const w = (workers[workerOf(r)] ??= { sent: 0, refused: 0, meanInFlight: 0 });
			if (at >= from && at < from + BIN_MS) {
				w.sent++;
				if (r.status === 429) w.refused++;
			}
			// Time this admitted request spent in flight inside the bin, as a share of the bin.
			if (r.status !== 429)
				w.meanInFlight +=
					Math.max(0, Math.min(at + latencyMs, from + BIN_MS) - Math.max(at, from)) / BIN_MS;
		}
		bins.push({ t: (from - t0) / 1000, workers });
	}
	return bins;
}

function refusals(
	records: RecordedRequest[],
	workerOf: (r: RecordedRequest) => string,
	latencyMs: number,
): QueueResult['refusals'] {
	const t0 = Math.min(...records.map((r) => Date.parse(r.at)));
	const admitted = records.filter((r) => r.status !== 429);
	return records
		.filter((r) => r.status === 429)
		.map((refused) => {
			const at = Date.parse(refused.at);
			const inFlight: Record<string, number> = {};
			for (const r of admitted) {
				const start = Date.parse(r.at);
				if (start <= at && at < start + latencyMs)
					inFlight[workerOf(r)] = (inFlight[workerOf(r)] ?? 0) + 1;
			}
			return { t: (at - t0) / 1000, worker: workerOf(refused), inFlight };
		});
}

export async function queueMode(sandbox: Sandbox, settings: BenchSettings): Promise<QueueResult> {
	const timings: Record<string, number> = {};
	let t = Date.now();
	const cluster = new QueueCluster({
		workers: WORKERS,
		concurrency: WORKER_CONCURRENCY,
		artifactsDir: path.join(settings.artifactsDir, 'queue'),
		packageFrom: settings.packageFrom,
		env: settings.n8nEnv,
	});
	const brand = brandWorkflow();
	try {
		await cluster.start(async (main) => {
			await main.importCredentials([sandboxCredential(sandbox.baseUrl, sandbox.apiKey)]);
			await main.importWorkflows([brand.workflow]);
			await main.publish(brand.id);
		});
		Object.assign(timings, cluster.timings);
		timings['cluster start (total)'] = Date.now() - t;
		const runs = new Runs(cluster.main);
		const url = cluster.productionWebhookUrl(brand.path);
		const workerOfExecution = () => {
			const map = new Map<string, string>();
			cluster.workers.forEach((_, i) =>
				cluster
					.executionsStartedBy(`worker-${i + 1}`)
					.forEach((id) => map.set(id, `worker-${i + 1}`)),
			);
			return map;
		};

		// Warm-up: executions at once, so that (most likely) every worker has read the plan and
		// run ITEMS items or more (V8 compiles the hot paths meanwhile: see single.ts).
		t = Date.now();
		await callAtOnce(
			url,
			Array.from({ length: WORKERS * 2 }, (_, k) => domains(`qwarm${k}`, ITEMS)),
		);
		const warm = await runs.next(brand.id, WORKERS * 2);
		const warmMap = workerOfExecution();
		const warmedWorkers = [...new Set(warm.map((r) => warmMap.get(r.executionId) ?? '?'))].sort();
		timings['warm-up'] = Date.now() - t;

		t = Date.now();
		await sandbox.clearRequests();
		// CPU from quiet processes until they are quiet again after the executions; run data is read after.
		const { result: ids, cpuMs } = await withCpu(
			{ ...cluster.pids(), sandbox: sandbox.pid },
			async () => {
				await callAtOnce(
					url,
					Array.from({ length: CALLS }, (_, k) => domains(`q${k}`, ITEMS)),
				);
				return await runs.ended(brand.id, CALLS);
			},
			{ settle: Object.values(cluster.pids()) },
		);
		const measured = await runs.read(ids);
		timings['measurement'] = Date.now() - t;
		const { records, ...seen } = await traffic(sandbox, settings.latencyMs);

		const byExecution = workerOfExecution();
		const withWorker = measured.map((r) => ({
			...r,
			worker: byExecution.get(r.executionId) ?? '?',
		}));
		const workerOfCall = new Map(
			withWorker.map((r) => [r.firstDomain.replace(/-0\.example$/, ''), r.worker]),
		);
		const workerOf = (r: RecordedRequest) =>
			workerOfCall.get(String(r.query.domain).replace(/-\d+\.example$/, '')) ?? '?';
		const perWorker: QueueResult['perWorker'] = {};
		for (const r of withWorker)
			(perWorker[r.worker] ??= { executions: 0, requests: 0, refused: 0 }).executions++;
		for (const r of records) {
			const w = (perWorker[workerOf(r)] ??= { executions: 0, requests: 0, refused: 0 });
			w.requests++;
			if (r.status === 429) w.refused++;
		}
		return {
			runs: withWorker,
			node: throughput(measured),
			traffic: seen,
			cpuMs,
			perWorker,
			bins: binByWorker(records, workerOf, settings.latencyMs),
			refusals: refusals(records, workerOf, settings.latencyMs),
			warmedWorkers,
			timings,
		};
	} finally {
		t = Date.now();
		await cluster.stop();
		timings['cluster stop'] = Date.now() - t;
	}
}
