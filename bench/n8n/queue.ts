/**
 * bench:n8n in queue mode (devkit/queue.ts): CALLS webhook calls of ITEMS items at once, under
 * both of the sandbox's overload models and each usage-read reading in ACCOUNT_READS. Every item request the sandbox recorded is attributed to
 * the worker that sent it (the call's domains -> its execution -> the worker whose log started it).
 */
import * as os from 'node:os';
import * as path from 'node:path';

import { QueueCluster } from '../../devkit/queue';
import type { AccountReadModel } from '../../sandbox/config';
import type { Sandbox } from '../../devkit/sandbox';
import { sandboxCredential } from '../../devkit/setup';
import {
	Runs,
	callAtOnce,
	domainsBody,
	inFlightOverTime,
	quiet,
	throughput,
	traffic,
} from './measure';
import { SANDBOX_CONFIG, SETTINGS, USAGE_AT, brandWorkflow, domains } from './setup';

/** WEBDATA_BENCH_WORKERS=2,3 (the default) picks the clusters measured. */
export const WORKER_COUNTS = (process.env.WEBDATA_BENCH_WORKERS ?? '2,3').split(',').map(Number);
export const WORKER_CONCURRENCY = 5;
export const CALLS = 8;
export const ITEMS = [100, 500];
const OVERLOAD_MODELS = ['refuse', 'queue'] as const;
type Overload = (typeof OVERLOAD_MODELS)[number];
/**
 * WEBDATA_BENCH_READINGS=counted,uncounted,free picks how the sandbox counts the usage read
 * (`accountRead`, sandbox/README.md); the default measures the two that differ most.
 */
export const ACCOUNT_READS = (process.env.WEBDATA_BENCH_READINGS ?? 'counted,free')
	.split(',')
	.map((reading) => reading.trim() as AccountReadModel);
/**
 * WEBDATA_BENCH_REPEATS=3 measures each step three times in a row (default once): the table then
 * gives the mean and the range over the runs, and meets a target on the means.
 */
export const REPEATS = Math.max(1, Math.floor(Number(process.env.WEBDATA_BENCH_REPEATS) || 1));
/** Slices of the run in which each worker's requests in flight are averaged. */
const SLICES = 16;
/**
 * Every overload model and reading, each on a cluster of its own: a service keeps one of each,
 * and a pacer learns what it sees (whether the service queues, whether the read counts), so
 * pacers that saw another service would measure that one too.
 */
export async function queueMode(sandbox: Sandbox, workers: number) {
	const steps = [];
	for (const overload of OVERLOAD_MODELS)
		for (const accountRead of ACCOUNT_READS)
			steps.push(...(await measureService(sandbox, workers, overload, accountRead)));
	return steps;
}

async function measureService(
	sandbox: Sandbox,
	workers: number,
	overload: Overload,
	accountRead: AccountReadModel,
) {
	await sandbox.reset({ ...SANDBOX_CONFIG, overload, accountRead });
	const cluster = new QueueCluster({
		workers,
		concurrency: WORKER_CONCURRENCY,
		artifactsDir: path.join(SETTINGS.artifactsDir, `queue-${workers}-${overload}-${accountRead}`),
		packageFrom: SETTINGS.packageFrom,
		env: SETTINGS.n8nEnv,
	});
	const brand = brandWorkflow();
	try {
		await cluster.start(async (main) => {
			await main.importCredentials([sandboxCredential(sandbox.baseUrl, sandbox.apiKey)]);
			await main.importWorkflows([brand.workflow]);
			await main.publish(brand.id);
		});
		const runs = new Runs(cluster.main);
		const url = cluster.productionWebhookUrl(brand.path);
		// Warm-up: so that (most likely) every worker has read the plan and run the node's hot paths.
		const warm = Array.from({ length: workers * 2 }, (_, k) => domainsBody(domains(`qw${k}`, 100)));
		await callAtOnce(url, warm);
		await runs.ended(brand.id, warm.length);

		/** One step: CALLS calls of `items` items at once, each request attributed to its worker. */
		const measureStep = async (items: number, repeat: number) => {
			await sandbox.reset({ ...SANDBOX_CONFIG, overload, accountRead });
			// The cluster's start, or the last step's saving of run data, is over before this one.
			await quiet([...Object.values(cluster.pids()), sandbox.pid]);
			const prefix = `q${workers}${overload[0]}${accountRead[0]}${items}r${repeat}-`;
			const bodies = Array.from({ length: CALLS }, (_, k) =>
				domainsBody(domains(`${prefix}${k}`, items)),
			);
			await callAtOnce(url, bodies);
			const ids = await runs.ended(brand.id, CALLS, 300_000);
			const measured = await runs.read(ids);
			const { records, ...seen } = await traffic(sandbox);
			// A call is the prefix of its domains: `<prefix><k>-<i>.example`.
			const callOf = (domain: unknown) => String(domain).replace(/-\d+\.example$/, '');
			const perWorker = Object.fromEntries(
				cluster.workers.map((_, i) => {
					const started = cluster.executionsStartedBy(`worker-${i + 1}`);
					const own = measured.filter((r) => started.includes(r.executionId));
					const calls = own.map((r) => callOf(r.firstDomain));
					const sent = records.filter((r) => calls.includes(callOf(r.query.domain)));
					const refused = sent.filter((r) => r.status === 429).length;
					const inFlight = inFlightOverTime(sent, seen.firstAt, seen.lastDoneAt, SLICES);
					const figures = { executions: own.length, requests: sent.length, refused, inFlight };
					return [`worker-${i + 1}`, figures];
				}),
			);
			const step = {
				workers,
				overload,
				accountRead,
				usageAt: USAGE_AT,
				items,
				repeat,
				load: os.loadavg()[0],
			};
			return { ...step, runs: measured, node: throughput(measured), traffic: seen, perWorker };
		};

		const steps = [];
		for (const items of ITEMS)
			for (let repeat = 1; repeat <= REPEATS; repeat++)
				steps.push(await measureStep(items, repeat));
		return steps;
	} finally {
		await cluster.stop();
	}
}

export type QueueStep = Awaited<ReturnType<typeof queueMode>>[number];
