/**
 * bench:n8n's printout: one table of figure / measured / target / met, then the details that
 * explain a missed target (the sandbox's view of each step, queue mode per worker).
 */
import type { QueueStep } from './queue';
import type { MeasuredStep } from './measure';
import { PAIR_ITEMS, SIZES, type SingleResult } from './single';

export interface Row {
	figure: string;
	measured: string;
	target: string;
	met?: boolean;
}

const f1 = (n: number) => n.toFixed(1);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
function failures({ failed }: { failed: string[] }): string {
	const statuses = [...new Set(failed)];
	const counts = statuses.map((k) => `${failed.filter((s) => s === k).length} x ${k}`);
	return counts.join(', ') || 'none failed';
}

/** Targets of issue 21: n8n's CPU per item sent, and the wait before the first request. */
const CPU_MS_PER_ITEM_TARGET = 2.5;
const FIRST_REQUEST_TARGET_MS = 150;

const cpuPerItem = (step: MeasuredStep) => (step.cpuMs.n8n ?? 0) / Math.max(1, step.node.items);
const nodeStart = (step: Pick<MeasuredStep, 'runs'>) =>
	Math.min(...step.runs.map((r) => r.startMs));
/** From the node's start (n8n's run data) to the sandbox's first item request. */
const firstRequestMs = (step: MeasuredStep) => step.traffic.firstAt - nodeStart(step);

export function rows(single: SingleResult, queue: QueueStep[], limit: number): Row[] {
	const out: Row[] = SIZES.map((count) => ({
		figure: `bare fetch client, ${count} requests (10 loops)`,
		measured: `${f1(single.bare[count].perSecond)} items/s (${pct(single.bare[count].perSecond / limit)} of limit)`,
		target: 'the ceiling',
	}));
	for (const count of SIZES) {
		const { node } = single.brand[count];
		const ratio = node.perSecond / single.bare[count].perSecond;
		const [perItem, first] = [cpuPerItem(single.brand[count]), firstRequestMs(single.brand[count])];
		out.push(
			{
				figure: `Web Data Brand, ${count} items, warm n8n`,
				measured: `${node.ok}/${node.items} ok, ${f1(node.perSecond)} items/s = ${ratio.toFixed(3)} x bare`,
				target: '>= 0.95 x bare, all ok',
				met: ratio >= 0.95 && node.ok === node.items,
			},
			{
				figure: `Web Data Brand, ${count} items: n8n CPU per item`,
				measured: `${perItem.toFixed(2)} ms`,
				target: `<= ${CPU_MS_PER_ITEM_TARGET} ms`,
				met: perItem <= CPU_MS_PER_ITEM_TARGET,
			},
			{
				figure: `Web Data Brand, ${count} items: first request after the node starts`,
				measured: `${first.toFixed(0)} ms`,
				target: `<= ${FIRST_REQUEST_TARGET_MS} ms`,
				met: first <= FIRST_REQUEST_TARGET_MS,
			},
		);
	}
	const { pair } = single;
	out.push(
		{
			figure: `2 executions x ${PAIR_ITEMS} at once: 429s`,
			measured: `${pair.traffic.refused} of ${pair.traffic.requests} requests (max ${pair.traffic.maxInFlight} in flight)`,
			target: '0',
			met: pair.traffic.refused === 0,
		},
		{
			figure: `2 executions x ${PAIR_ITEMS} at once: items ok`,
			measured: `${pair.node.ok}/${pair.node.items} (together ${f1(pair.node.perSecond)} items/s)`,
			target: `${pair.node.items}/${pair.node.items}`,
			met: pair.node.ok === pair.node.items && pair.runs.length === 2,
		},
	);
	const bare = single.bare[Math.max(...SIZES)].perSecond;
	for (const cell of cells(queue)) {
		const q = cell[0];
		const ratios = cell.map((step) => step.node.perSecond / bare);
		const refused = cell.map((step) => step.traffic.refused / step.traffic.requests);
		const [ratio, share] = [mean(ratios), mean(refused)];
		const allOk = cell.every((step) => step.node.ok === step.node.items && step.node.items > 0);
		// Issue 41: three workers at 100 items per execution under refuse need 0.85 only.
		const goal = q.workers === 3 && q.items === 100 && q.overload === 'refuse' ? 0.85 : 0.9;
		const runs =
			cell.length > 1
				? ` (${cell.length} runs: ${range(ratios, (r) => r.toFixed(3))}; ${range(refused, pct)})`
				: '';
		out.push({
			figure: `queue, ${q.workers} workers, overload ${q.overload}, read ${q.accountRead}, ${q.runs.length} x ${q.items}`,
			measured: `${allOk ? 'all ok' : 'NOT all ok'}, ${ratio.toFixed(3)} x bare, ${pct(share)} refused${runs}, load ${range(
				cell.map((step) => step.load),
				f1,
			)}`,
			target: `>= ${goal} x bare, <= 1%, all ok`,
			met: ratio >= goal && share <= 0.01 && allOk,
		});
	}
	const comparisons = single.http.map((h) => ({
		figure: h.label,
		measured: `${h.node.ok}/${h.node.items} ok, ${f1(h.node.perSecond)} items/s (${failures(h.node)}), n8n CPU ${cpuPerItem(h).toFixed(2)} ms/item, first request ${firstRequestMs(h).toFixed(0)} ms`,
		target: '(comparison)',
	}));
	return [...out, ...comparisons];
}

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
function range(list: number[], show: (n: number) => string): string {
	const [low, high] = [show(Math.min(...list)), show(Math.max(...list))];
	return low === high ? low : `${low} to ${high}`;
}

/** Queue-mode steps grouped by cell (workers, overload, reading, items): one per repeat. */
function cells(queue: QueueStep[]): QueueStep[][] {
	const byCell = new Map<string, QueueStep[]>();
	for (const q of queue) {
		const key = `${q.workers} ${q.overload} ${q.accountRead} ${q.items}`;
		byCell.set(key, [...(byCell.get(key) ?? []), q]);
	}
	return [...byCell.values()];
}

export function table(list: Row[]): string {
	const met = (r: Row) => (r.met === undefined ? '-' : r.met ? 'yes' : 'NO');
	const all = [
		['figure', 'measured', 'target', 'met'],
		...list.map((r) => [r.figure, r.measured, r.target, met(r)]),
	];
	const widths = [0, 1, 2, 3].map((i) => Math.max(...all.map((cells) => cells[i].length)));
	const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')}`;
	const rule = `  ${widths.map((w) => '-'.repeat(w)).join('-|-')}`;
	return [line(all[0]), rule, ...all.slice(1).map(line)].join('\n');
}

/** Queue-mode steps measure no process's CPU: nothing to print. */
function cpuPerRequest(cpuMs: Record<string, number>, requests: number): string {
	const each = Object.entries(cpuMs).map(
		([name, ms]) => `${name} ${(ms / requests).toFixed(2)} ms`,
	);
	return each.length > 0 ? `; CPU per request: ${each.join(', ')}` : '';
}

function stepDetail(s: MeasuredStep): string {
	const before = firstRequestMs(s);
	const after = Math.max(...s.runs.map((r) => r.endMs)) - s.traffic.lastDoneAt;
	return (
		`  ${s.label.padEnd(44)} node ${s.node.seconds.toFixed(2)} s = ${before.toFixed(0)} ms to the first request + ` +
		`${((s.traffic.lastDoneAt - s.traffic.firstAt) / 1000).toFixed(2)} s of requests (${f1(s.traffic.servedPerSecond)} answered/s) + ${after.toFixed(0)} ms after the last answer; ` +
		`${s.traffic.requests} requests, ${s.traffic.refused} x 429, max ${s.traffic.maxInFlight} in flight (${s.traffic.meanInFlight.toFixed(2)} on average, each held ${s.traffic.meanHeldMs.toFixed(1)} ms by the sandbox)${cpuPerRequest(s.cpuMs, s.traffic.requests)}`
	);
}

export function details(single: SingleResult, queue: QueueStep[]): string {
	const lines = [
		'Bare client CPU:',
		...SIZES.map((c) => `  ${c} requests${cpuPerRequest(single.bare[c].cpuMs, c)}`),
		'Each step as the sandbox saw it:',
		...[...SIZES.map((c) => single.brand[c]), single.pair, ...single.http].map(stepDetail),
	];
	for (const q of queue) {
		const t = q.traffic;
		lines.push(
			stepDetail({
				...q,
				label: `queue ${q.workers}w ${q.overload} read ${q.accountRead} ${q.runs.length}x${q.items} run ${q.repeat} (load ${q.load.toFixed(1)})`,
				cpuMs: {},
			}),
			`    executions' node starts spread over ${(Math.max(...q.runs.map((r) => r.startMs)) - nodeStart(q)).toFixed(0)} ms; GET /account reads: ${t.reads} (${t.readsRefused} refused); per worker, requests in flight in ${Object.values(q.perWorker)[0]?.inFlight.length ?? 0} slices of ${((t.lastDoneAt - t.firstAt) / 1000).toFixed(1)} s:`,
			...Object.entries(q.perWorker).map(
				([w, s]) =>
					`    ${w}: ${s.executions} executions, ${s.requests} requests, ${s.refused} x 429; ${s.inFlight.map(f1).join(' ')}`,
			),
		);
	}
	return lines.join('\n');
}
