/**
 * What the benchmark reads after a run: the executions n8n recorded (through its REST API, with
 * run data: the node under test's own start and execution time, and its items), and the requests
 * the sandbox recorded (each with its status, so 429s are counted where they were refused).
 */
import * as fs from 'node:fs';

import { nodeItems, nodeTask, type N8n, type RunData } from '../../devkit/n8n';
import type { RecordedRequest, Sandbox } from '../../devkit/sandbox';
import { sleep, waitFor } from '../../devkit/wait';
import { NODE_UNDER_TEST, type BenchWorkflow } from './workflows';

/** The body of a call of the benchmark's workflows: `{domains: [{domain}, ...]}`. */
export const domainsBody = (list: string[]) => ({ domains: list.map((domain) => ({ domain })) });

/**
 * POSTs every body to the webhook at once; resolves when every call has answered. A 404 (the
 * webhook not registered yet, just after activation: it starts nothing) is tried again for up
 * to 15 s.
 */
export async function callAtOnce(url: string, bodies: object[]): Promise<void> {
	const call = async (body: object) => {
		for (const started = Date.now(); ; await sleep(250)) {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			const answer = { status: res.status, body: await res.text() };
			if (answer.status !== 404 || Date.now() - started > 15_000) return answer;
		}
	};
	const answers = await Promise.all(bodies.map(call));
	const bad = answers.find((a) => a.status !== 200);
	if (bad) throw new Error(`${url} answered ${bad.status}: ${bad.body.slice(0, 300)}`);
}

/** One execution, seen through the node under test. */
function nodeRun(executionId: string, run: RunData) {
	const task = nodeTask(run, NODE_UNDER_TEST);
	const items = nodeItems(run, NODE_UNDER_TEST);
	const failed = items.filter((item) => item.error !== undefined);
	const failures: Record<string, number> = {};
	for (const item of failed) {
		const error = item.error as Record<string, unknown> | undefined;
		const status = String(
			error?.httpCode ??
				item.httpCode ??
				/\b([45]\d\d)\b/.exec(JSON.stringify(error))?.[1] ??
				'error',
		);
		failures[status] = (failures[status] ?? 0) + 1;
	}
	const first = nodeItems(run, 'Split Out')[0];
	return {
		executionId,
		status: run.status,
		items: items.length,
		ok: items.length - failed.length,
		/** The node's start and end (epoch ms, the clock of the process that ran it). */
		startMs: task?.startTime ?? NaN,
		endMs: (task?.startTime ?? NaN) + (task?.executionTime ?? NaN),
		/** The domain of its first item: says which call it was. */
		firstDomain: String(first?.domain ?? ''),
		/** Failed items by HTTP status. */
		failures,
	};
}

export type NodeRun = ReturnType<typeof nodeRun>;

const ENDED = new Set(['success', 'error', 'crashed', 'canceled']);

/** The executions of one n8n (its REST API; in queue mode main's), each returned once. */
export class Runs {
	private readonly seen = new Set<string>();

	constructor(private readonly n8n: N8n) {}

	/**
	 * Waits until `count` executions of the workflow not returned before have ended (polling the
	 * list, without run data); their ids, oldest first.
	 */
	async ended(workflowId: string, count: number, timeoutMs = 120_000): Promise<string[]> {
		const probe = async () => {
			const list = await this.n8n.executions(workflowId);
			const ended = list.filter((e) => !this.seen.has(e.id) && ENDED.has(e.status));
			return ended.length >= count ? ended.map((e) => e.id) : undefined;
		};
		const ids = await waitFor(probe, { timeoutMs, intervalMs: 200 });
		ids.forEach((id) => this.seen.add(id));
		return ids.sort((a, b) => Number(a) - Number(b));
	}

	/** The executions' run data, seen through the node under test. */
	async read(ids: string[]): Promise<NodeRun[]> {
		return await Promise.all(ids.map(async (id) => nodeRun(id, await this.n8n.execution(id))));
	}
}

export function throughput(runs: NodeRun[]) {
	const seconds =
		(Math.max(...runs.map((r) => r.endMs)) - Math.min(...runs.map((r) => r.startMs))) / 1000;
	const ok = runs.reduce((n, r) => n + r.ok, 0);
	const failures: Record<string, number> = {};
	for (const r of runs)
		for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;
	return {
		items: runs.reduce((n, r) => n + r.items, 0),
		ok,
		/** From the first run's node start to the last run's node end. */
		seconds,
		perSecond: ok / seconds,
		failures,
	};
}

export type Throughput = ReturnType<typeof throughput>;

/** Admitted requests as [arrival, answer], epoch ms. */
export const spans = (records: RecordedRequest[]): Array<[number, number]> =>
	records
		.filter((r) => r.status !== 429)
		.map((r) => [Date.parse(r.at), Date.parse(r.at) + r.ms] as [number, number]);

/** The average number of `spans` in flight in each of `buckets` equal slices of [from, to]. */
export function inFlightOverTime(
	list: Array<[number, number]>,
	from: number,
	to: number,
	buckets: number,
): number[] {
	const width = (to - from) / buckets;
	return Array.from({ length: buckets }, (_, i) => {
		const [a, b] = [from + i * width, from + (i + 1) * width];
		return list.reduce((n, [s, e]) => n + Math.max(0, Math.min(b, e) - Math.max(a, s)), 0) / width;
	});
}

/** The item requests the sandbox recorded since its log was last cleared. */
export async function traffic(sandbox: Sandbox) {
	const all = await sandbox.requests();
	const records = all.filter((r) => r.path === '/brand/retrieve');
	const reads = all.filter((r) => r.path === '/account');
	const admitted = spans(records);
	// The most in flight at once is the most spans around one of their starts.
	const around = (at: number) => admitted.filter(([s, e]) => s <= at && at < e).length;
	const firstAt = Math.min(...records.map((r) => Date.parse(r.at)));
	const lastDoneAt = Math.max(...admitted.map(([, e]) => e));
	const served = records.filter((r) => r.status >= 200 && r.status < 300).length;
	const held = admitted.reduce((sum, [s, e]) => sum + e - s, 0);
	return {
		requests: records.length,
		refused: records.filter((r) => r.status === 429).length,
		/** GET /account reads (the pacers' plan and usage reads), and how many were refused. */
		reads: reads.length,
		readsRefused: reads.filter((r) => r.status === 429).length,
		/** Most admitted requests in flight at once (arrival to answer). */
		maxInFlight: Math.max(...admitted.map(([s]) => around(s))),
		/** The first request's arrival and the last admitted one's answer, epoch ms. */
		firstAt,
		lastDoneAt,
		/** Items answered per second between those two. */
		servedPerSecond: served / ((lastDoneAt - firstAt) / 1000),
		/** Admitted requests in flight on average between those two, and the sandbox's time for each. */
		meanInFlight: held / (lastDoneAt - firstAt),
		meanHeldMs: held / Math.max(1, admitted.length),
		records,
	};
}

export type Traffic = Awaited<ReturnType<typeof traffic>>;

/** CPU time (user + system, ms) a process has used so far; 0 when it is gone. Linux /proc, 10 ms ticks. */
function cpuMs(pid: number | undefined): number {
	if (pid === undefined) return 0;
	if (pid === process.pid) {
		const { user, system } = process.cpuUsage();
		return (user + system) / 1000;
	}
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return 0;
	}
}

/**
 * A process counts as quiet when it uses less than this share of a core over QUIET_SAMPLE_MS,
 * QUIET_SAMPLES times in a row (idle, n8n uses well under 1%).
 */
const QUIET_SHARE = 0.05;
const QUIET_SAMPLE_MS = 250;
const QUIET_SAMPLES = 2;
const QUIET_MAX_WAIT_MS = 10_000;

/**
 * Waits until every process is quiet (its timers and a few ms of background work aside), at
 * most QUIET_MAX_WAIT_MS: what a step set going (saving run data, collecting its garbage, V8
 * compiling) is then counted in that step, not in the next one.
 */
async function quiet(pids: Array<number | undefined>): Promise<void> {
	const started = Date.now();
	let calm = 0;
	for (let before = pids.map(cpuMs); Date.now() - started < QUIET_MAX_WAIT_MS; ) {
		await sleep(QUIET_SAMPLE_MS);
		const now = pids.map(cpuMs);
		const isQuiet = now.every((ms, i) => ms - before[i] < QUIET_SAMPLE_MS * QUIET_SHARE);
		calm = isQuiet ? calm + 1 : 0;
		if (calm >= QUIET_SAMPLES) return;
		before = now;
	}
}

/**
 * Runs `fn` and says how much CPU time (ms) each named process used meanwhile. With `settle`,
 * those processes are first left to become quiet, and the count goes on after `fn` until they
 * are quiet again.
 */
export async function withCpu<T>(
	pids: Record<string, number | undefined>,
	fn: () => Promise<T>,
	{ settle = [] }: { settle?: Array<number | undefined> } = {},
): Promise<{ result: T; cpuMs: Record<string, number> }> {
	await quiet(settle);
	const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
	const result = await fn();
	await quiet(settle);
	return {
		result,
		cpuMs: Object.fromEntries(
			Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - before[name]]),
		),
	};
}

/**
 * Measured steps against one n8n (`n8n start`, its workflows published) and the sandbox: each
 * calls the workflow once per list of domains, all at once, and reads what happened. The CPU is
 * counted from a quiet n8n until it is quiet again after the executions have ended; reading
 * their run data back (the benchmark's own REST calls) comes after and is not counted.
 */
export function stepper(n8n: N8n, sandbox: Sandbox) {
	const runs = new Runs(n8n);
	return async (label: string, w: BenchWorkflow, lists: string[][]) => {
		await sandbox.clearRequests();
		const { result: ids, cpuMs } = await withCpu(
			{ n8n: n8n.pid, sandbox: sandbox.pid },
			async () => {
				await callAtOnce(`${n8n.baseUrl}/webhook/${w.path}`, lists.map(domainsBody));
				return await runs.ended(w.id, lists.length);
			},
			{ settle: [n8n.pid] },
		);
		const measured = await runs.read(ids);
		const { records: _records, ...seen } = await traffic(sandbox);
		// The node's figures, what the sandbox saw meanwhile, the CPU (ms) each process used.
		return { label, runs: measured, node: throughput(measured), traffic: seen, cpuMs };
	};
}

export type MeasuredStep = Awaited<ReturnType<ReturnType<typeof stepper>>>;
