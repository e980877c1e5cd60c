/**
 * Queue mode (devkit/queue.ts): main + WORKERS workers (`--concurrency=WORKER_CONCURRENCY`)
 * + a webhook processor on PostgreSQL and Redis. CALLS webhook calls of ITEMS items each reach the
 * webhook processor at once; the workers run them, each worker process with its own pacer for
 * the account, so together they must find the plan's room from the service's 429s.
 *
 * Besides the totals it attributes every request the sandbox recorded to the worker that sent
 * it (the call's domains -> its execution -> the worker whose log started it).
 */
import * as path from 'node:path';

import { QueueCluster } from '../../devkit/queue';
import type { RecordedRequest, Sandbox } from '../../devkit/sandbox';
import { sandboxCredential } from '../../devkit/setup';
import {
	Runs,
	callAtOnce,
	domainsBody,
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
export interface QueueResult {
	runs: Array<NodeRun & { worker: string }>;
	node: Throughput;
	traffic: Omit<Traffic, 'records'>;
	/** CPU time (ms) each process used during the measurement. */
	cpuMs: Record<string, number>;
	perWorker: Record<string, { executions: number; requests: number; refused: number }>;
	warmedWorkers: string[];
	timings: Record<string, number>;
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
			Array.from({ length: WORKERS * 2 }, (_, k) => domainsBody(domains(`qwarm${k}`, ITEMS))),
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
					Array.from({ length: CALLS }, (_, k) => domainsBody(domains(`q${k}`, ITEMS))),
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
			warmedWorkers,
			timings,
		};
	} finally {
		t = Date.now();
		await cluster.stop();
		timings['cluster stop'] = Date.now() - t;
	}
}
