/**
 * What the benchmark reads after a run: the executions n8n recorded (REST API, with the node under
 * test's run data) and the requests the sandbox recorded (429s counted where they were refused).
 */
import * as fs from 'node:fs';

import { fetchJson } from '../../devkit/loopback';
import { nodeItems, nodeTask, type N8n, type RunData } from '../../devkit/n8n';
import type { RecordedRequest, Sandbox } from '../../devkit/sandbox';
import { sleep, waitFor } from '../../devkit/wait';
import { NODE_UNDER_TEST, type BenchWorkflow } from './setup';

export const domainsBody = (list: string[]) => ({ domains: list.map((domain) => ({ domain })) });

/**
 * POSTs every body to the webhook at once; resolves when every call has answered. A 404 (just
 * after activation the webhook may not be registered yet: it starts nothing) is retried for 15 s.
 */
export async function callAtOnce(url: string, bodies: object[]): Promise<void> {
	const call = async (body: object) => {
		for (const started = Date.now(); ; await sleep(250)) {
			const answer = await fetchJson(url, { method: 'POST', body });
			if (answer.status !== 404 || Date.now() - started > 15_000) return answer;
		}
	};
	const bad = (await Promise.all(bodies.map(call))).find((a) => a.status !== 200);
	if (bad) throw new Error(`${url} answered ${bad.status}: ${bad.text.slice(0, 300)}`);
}

/** A failed item's HTTP status. */
function statusOf(item: Record<string, unknown>): string {
	const error = item.error as Record<string, unknown> | undefined;
	const status = /\b([45]\d\d)\b/.exec(JSON.stringify(error))?.[1];
	return String(error?.httpCode ?? item.httpCode ?? status ?? 'error');
}

function nodeRun(executionId: string, run: RunData) {
	const task = nodeTask(run, NODE_UNDER_TEST);
	const items = nodeItems(run, NODE_UNDER_TEST);
	const failed = items.filter((item) => item.error !== undefined).map(statusOf);
	const startMs = task?.startTime ?? NaN;
	return {
		executionId,
		items: items.length,
		ok: items.length - failed.length,
		/** Epoch ms, by the clock of the process that ran it. */
		startMs,
		endMs: startMs + (task?.executionTime ?? NaN),
		/** The domain of its first item: says which call it was. */
		firstDomain: String(nodeItems(run, 'Split Out')[0]?.domain ?? ''),
		failed,
	};
}

const ENDED = new Set(['success', 'error', 'crashed', 'canceled']);

/** The executions of one n8n (in queue mode main's), each returned once. */
export class Runs {
	private readonly seen = new Set<string>();

	constructor(private readonly n8n: N8n) {}

	/** Waits until `count` executions not returned before have ended; their ids, oldest first. */
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

	async read(ids: string[]) {
		return await Promise.all(ids.map(async (id) => nodeRun(id, await this.n8n.execution(id))));
	}
}

export type NodeRun = ReturnType<typeof nodeRun>;

/** Items ok per second from the first run's node start to the last run's node end. */
export function throughput(runs: NodeRun[]) {
	const seconds =
		(Math.max(...runs.map((r) => r.endMs)) - Math.min(...runs.map((r) => r.startMs))) / 1000;
	const ok = runs.reduce((n, r) => n + r.ok, 0);
	const items = runs.reduce((n, r) => n + r.items, 0);
	return { items, ok, seconds, perSecond: ok / seconds, failed: runs.flatMap((r) => r.failed) };
}

/** Admitted requests as [arrival, answer], epoch ms. */
export const spans = (records: RecordedRequest[]): Array<[number, number]> =>
	records
		.filter((r) => r.status !== 429)
		.map((r) => [Date.parse(r.at), Date.parse(r.at) + r.ms] as [number, number]);

/** The average number of admitted `records` in flight in each of `buckets` slices of [from, to]. */
export function inFlightOverTime(
	records: RecordedRequest[],
	from: number,
	to: number,
	buckets: number,
): number[] {
	const list = spans(records);
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
		/** GET /account reads (the pacers' plan and usage reads). */
		reads: reads.length,
		readsRefused: reads.filter((r) => r.status === 429).length,
		maxInFlight: Math.max(...admitted.map(([s]) => around(s))),
		/** The first request's arrival and the last admitted one's answer. */
		firstAt,
		lastDoneAt,
		servedPerSecond: served / ((lastDoneAt - firstAt) / 1000),
		meanInFlight: held / (lastDoneAt - firstAt),
		/** The sandbox's time for each admitted request. */
		meanHeldMs: held / Math.max(1, admitted.length),
		records,
	};
}

/** CPU time (user + system, ms) a process has used so far; 0 when it is gone. Linux, 10 ms ticks. */
function cpuMs(pid: number | undefined): number {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return 0;
	}
}

const QUIET_SAMPLE_MS = 250;

/**
 * Waits (at most 10 s) until every process used under 5% of a core in two samples in a row (idle,
 * n8n uses well under 1%): what a step set going (saving run data, collecting its garbage, V8
 * compiling) is then counted in that step, not in the next one.
 */
export async function quiet(pids: Array<number | undefined>): Promise<void> {
	let calm = 0;
	for (let before = pids.map(cpuMs), t = 0; calm < 2 && t < 10_000; t += QUIET_SAMPLE_MS) {
		await sleep(QUIET_SAMPLE_MS);
		const now = pids.map(cpuMs);
		calm = now.every((ms, i) => ms - before[i] < QUIET_SAMPLE_MS * 0.05) ? calm + 1 : 0;
		before = now;
	}
}

/** `fn`'s result and the CPU time (ms) each process used meanwhile, from and to a quiet `settle`. */
export async function withCpu<T>(
	pids: Record<string, number | undefined>,
	fn: () => Promise<T>,
	settle: Array<number | undefined> = [],
) {
	const used = () => Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)] as const);
	await quiet(settle);
	const before = used();
	const result = await fn();
	await quiet(settle);
	const after = used();
	return {
		result,
		cpuMs: Object.fromEntries(after.map(([name, ms], i) => [name, ms - before[i][1]])),
	};
}

/**
 * Steps against one n8n (its workflows published): each calls the workflow once per list of
 * domains, all at once. Reading the run data back (our own REST calls) is not counted in its CPU.
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
			[n8n.pid],
		);
		const measured = await runs.read(ids);
		const { records: _records, ...seen } = await traffic(sandbox);
		return { label, runs: measured, node: throughput(measured), traffic: seen, cpuMs };
	};
}

export type MeasuredStep = Awaited<ReturnType<ReturnType<typeof stepper>>>;
