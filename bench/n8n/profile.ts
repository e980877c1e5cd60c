/**
 * Where n8n's CPU per item goes: a CPU profile of a warm `n8n start` (the pinned 2.x) while it runs
 * Web Data Brand, then the minimal node on n8n's helper (bench/minimalNode), over ITEMS items each,
 * against the sandbox of bench:n8n (bench/n8n/settings.ts). Each node runs once unprofiled (its
 * CPU per item, as bench:n8n measures it) and once under V8's sampling profiler, started through
 * the inspector (SIGUSR1, `--inspect-port`) around that execution only. Prints CPU per item, self
 * time by package, the top functions, and what our code spends in what it calls; writes the
 * profiles (artifacts/bench-n8n-profile/*.cpuprofile, for Chrome DevTools).
 *
 *   npm run build && npm run devkit -- with-node24 node dist-dev/bench/n8n/profile.js [items] [repeats]
 *   node dist-dev/bench/n8n/profile.js summarize <items> <file.cpuprofile>...   (again, from files)
 *
 * WEBDATA_BENCH_PACKAGE=<dir> installs the package packed from <dir> (as bench:n8n does): a copy
 * of an earlier build, to compare before and after in one session.
 * Hold the e2e lock (flock /tmp/webdata-e2e.lock ...): it binds ports like the suites.
 */
import * as fs from 'node:fs';
import type { Profiler } from 'node:inspector';
import * as os from 'node:os';
import * as path from 'node:path';

import { MINIMAL_PACKAGE, installMinimalNode } from '../minimalNode/install';
import { ARTIFACTS_DIR, PACKAGE_NAME } from '../../devkit/paths';
import { N8n } from '../../devkit/n8n';
import { Sandbox, freePort, freePortBlock } from '../../devkit/sandbox';
import { killOnExit } from '../../devkit/services';
import { headerAuthCredential, sandboxCredential } from '../../devkit/setup';
import { sleep } from '../../devkit/wait';
import { Steps, perThread, threadCpuMs, threadDelta, type MeasuredStep } from './measure';
import { PLAN, SANDBOX_CONFIG } from './settings';
import { brandWorkflow, domains, minimalWorkflow, type BenchWorkflow } from './workflows';

const ITEMS = Number(process.argv[2] ?? 1000);
const REPEATS = Number(process.argv[3] ?? 1);
const OUT_DIR = path.join(ARTIFACTS_DIR, 'bench-n8n-profile');
const SAMPLING_US = 250;
const TOP = 30;

const say = (text: string) => process.stderr.write(`[profile] ${text}\n`);
const load = () => `load ${os.loadavg()[0].toFixed(1)}`;

/** A Chrome DevTools Protocol session with a process's inspector. */
class Inspector {
	private nextId = 1;
	private readonly pending = new Map<
		number,
		(message: { result?: unknown; error?: unknown }) => void
	>();

	private constructor(private readonly socket: WebSocket) {
		socket.addEventListener('message', (event) => {
			const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
			if (message.id !== undefined) this.pending.get(message.id)?.(message);
		});
	}

	/** Opens the inspector of `pid` (started with --inspect-port=port) and connects to it. */
	static async open(pid: number, port: number): Promise<Inspector> {
		process.kill(pid, 'SIGUSR1');
		for (let tries = 0; ; tries++) {
			try {
				const targets = (await (
					await fetch(`http://127.0.0.1:${port}/json/list`)
				).json()) as Array<{
					webSocketDebuggerUrl: string;
				}>;
				const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
				await new Promise((resolve, reject) => {
					socket.addEventListener('open', resolve, { once: true });
					socket.addEventListener('error', reject, { once: true });
				});
				return new Inspector(socket);
			} catch (error) {
				if (tries > 40) throw error;
				await sleep(250);
			}
		}
	}

	async send<T = unknown>(method: string, params: object = {}): Promise<T> {
		const id = this.nextId++;
		const answer = new Promise<{ result?: unknown; error?: unknown }>((resolve) =>
			this.pending.set(id, resolve),
		);
		this.socket.send(JSON.stringify({ id, method, params }));
		const { result, error } = await answer;
		this.pending.delete(id);
		if (error) throw new Error(`${method}: ${JSON.stringify(error)}`);
		return result as T;
	}

	close(): void {
		this.socket.close();
	}
}

type ProfileNode = Profiler.ProfileNode;

/** Which package (or ours, or V8's own bins) a frame belongs to. */
function groupOf(node: ProfileNode): string {
	const { url, functionName } = node.callFrame;
	if (!url) return functionName.startsWith('(') ? functionName : '(native)';
	if (url.startsWith('node:')) return 'node internals';
	const modules = url.split('/node_modules/');
	if (modules.length < 2) return url;
	const rest = modules[modules.length - 1].split('/');
	const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
	if (name === MINIMAL_PACKAGE) return 'minimal node';
	if (name === PACKAGE_NAME) return 'ours';
	return name;
}

function frameName(node: ProfileNode): string {
	const { url, functionName, lineNumber } = node.callFrame;
	const file = url.split('/').slice(-2).join('/');
	return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

interface Summary {
	cpuMs: number;
	byGroup: Array<[string, number]>;
	topSelf: Array<[string, number]>;
	/** Samples under our code (or the minimal node's): the deepest such frame > what it was running. */
	underNode: Array<[string, number]>;
	/** Samples outside the node's code, by the leaf frame's package. */
	outsideNode: Array<[string, number]>;
}

const IDLE = new Set(['(idle)', '(program)']);

/** Self time by package and function, and what the node's code spends in what it calls (ms). */
function summarize(profile: Profiler.Profile): Summary {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const add = (map: Map<string, number>, key: string, ms: number) =>
		map.set(key, (map.get(key) ?? 0) + ms);
	const byGroup = new Map<string, number>();
	const self = new Map<string, number>();
	const under = new Map<string, number>();
	const outside = new Map<string, number>();
	let cpuMs = 0;
	const deltas = profile.timeDeltas ?? [];
	(profile.samples ?? []).forEach((id, i) => {
		const leaf = byId.get(id)!;
		const ms = (deltas[i + 1] ?? 0) / 1000;
		const group = groupOf(leaf);
		if (IDLE.has(group)) return;
		cpuMs += ms;
		add(byGroup, group, ms);
		add(self, `${frameName(leaf)} [${group}]`, ms);
		// Walk up from the leaf: the deepest frame of the node's own code, and the frame it called.
		let callee: ProfileNode | undefined;
		for (let n: ProfileNode | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
			const g = groupOf(n);
			if (g === 'ours' || g === 'minimal node') {
				const what = callee ? `${frameName(callee)} [${groupOf(callee)}]` : '(self)';
				add(under, `${frameName(n)} > ${what}`, ms);
				return;
			}
			callee = n;
		}
		add(outside, group, ms);
	});
	const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
	return {
		cpuMs,
		byGroup: sorted(byGroup),
		topSelf: sorted(self).slice(0, TOP),
		underNode: sorted(under).slice(0, TOP),
		outsideNode: sorted(outside),
	};
}

function print(
	title: string,
	rows: Array<[string, number]>,
	items: number,
	totalMs: number,
): string {
	return [
		title,
		...rows.map(
			([name, ms]) =>
				`  ${(ms / items).toFixed(3).padStart(7)} ms/item ${((100 * ms) / totalMs).toFixed(1).padStart(5)}%  ${name}`,
		),
	].join('\n');
}

function report(s: Summary, items: number): string {
	return [
		`  ${(s.cpuMs / items).toFixed(2)} ms/item sampled on the main thread`,
		print('self time by package:', s.byGroup, items, s.cpuMs),
		print(`top ${TOP} functions by self time:`, s.topSelf, items, s.cpuMs),
		print(
			"under the node's code (deepest frame of it > the frame it was running):",
			s.underNode,
			items,
			s.cpuMs,
		),
		print("outside the node's code, by the leaf's package:", s.outsideNode, items, s.cpuMs),
	].join('\n');
}

const cpuPerItem = (step: MeasuredStep) => (step.cpuMs.n8n ?? 0) / Math.max(1, step.node.items);

async function main(): Promise<void> {
	fs.rmSync(OUT_DIR, { recursive: true, force: true });
	fs.mkdirSync(OUT_DIR, { recursive: true });
	const sandbox = new Sandbox(await freePort(), path.join(OUT_DIR, 'sandbox.log'));
	const ready = sandbox.start();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-profile-'));
	const unhook = killOnExit(sandbox.pid, { dirs: [userFolder] });
	const inspectPort = await freePort();
	const n8n = new N8n({
		userFolder,
		port: await freePortBlock(3),
		logFile: path.join(OUT_DIR, 'n8n.log'),
		env: { NODE_OPTIONS: `--inspect-port=127.0.0.1:${inspectPort}` },
	});
	const workflows: BenchWorkflow[] = [brandWorkflow(), minimalWorkflow(sandbox.baseUrl)];
	const out: string[] = [];
	try {
		await ready;
		await sandbox.admin('POST', '/reset', SANDBOX_CONFIG);
		n8n.installPackage(process.env.WEBDATA_BENCH_PACKAGE || undefined);
		installMinimalNode(userFolder);
		await n8n.importCredentials([
			sandboxCredential(sandbox.baseUrl, sandbox.apiKey),
			headerAuthCredential(sandbox.apiKey),
		]);
		await n8n.importWorkflows(workflows.map((w) => w.workflow));
		const started = n8n.start();
		const unhookN8n = killOnExit(n8n.pid);
		await started;
		for (const w of workflows) await n8n.activate(w.id);
		const steps = new Steps(n8n, sandbox, PLAN.latencyMs);
		say(`warm-up (${load()})`);
		for (const w of workflows)
			for (const k of [1, 2]) await steps.step('warm-up', w, [domains(`warm${k}-${w.id}`, 200)]);
		const idleBefore = threadCpuMs(n8n.pid);
		await sleep(5000);
		say(
			`n8n idle for 5 s, CPU ms by thread: ${perThread(threadDelta(idleBefore, threadCpuMs(n8n.pid)), 1)}`,
		);
		const inspector = await Inspector.open(n8n.pid!, inspectPort);
		await inspector.send('Profiler.enable');
		await inspector.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
		for (let r = 1; r <= REPEATS; r++)
			for (const w of workflows) {
				const plain = await steps.step('plain', w, [domains(`plain${r}-${w.id}`, ITEMS)]);
				const line =
					`${w.label}, ${ITEMS} items, repeat ${r}: ${plain.node.ok}/${plain.node.items} ok, ${plain.node.perSecond.toFixed(1)} items/s, ` +
					`n8n CPU ${cpuPerItem(plain).toFixed(2)} ms/item unprofiled (${load()}); by thread: ${perThread(plain.n8nThreadsMs, plain.node.items)}`;
				say(line);
				await inspector.send('Profiler.start');
				let profile: Profiler.Profile | undefined;
				const profiled = await steps.step(
					'profiled',
					w,
					[domains(`prof${r}-${w.id}`, ITEMS)],
					async () => {
						({ profile } = await inspector.send<{ profile: Profiler.Profile }>('Profiler.stop'));
					},
				);
				if (!profile) throw new Error('no profile');
				fs.writeFileSync(path.join(OUT_DIR, `${w.id}-${r}.cpuprofile`), JSON.stringify(profile));
				out.push(
					'',
					line,
					`  profiled run: n8n CPU ${cpuPerItem(profiled).toFixed(2)} ms/item by /proc`,
					report(summarize(profile), profiled.node.items),
				);
			}
		inspector.close();
		unhookN8n();
	} finally {
		await n8n.stop();
		await sandbox.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
		unhook();
	}
	process.stdout.write(`${out.join('\n')}\n`);
}

/** `profile.js summarize <items> <file.cpuprofile>...`: the printout of profiles already written. */
async function summarizeFiles(items: number, files: string[]): Promise<void> {
	for (const file of files) {
		const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profiler.Profile;
		process.stdout.write(`\n${file}, ${items} items\n${report(summarize(profile), items)}\n`);
	}
}

(process.argv[2] === 'summarize'
	? summarizeFiles(Number(process.argv[3]), process.argv.slice(4))
	: main()
).then(
	() => process.exit(0),
	(error) => {
		say(String((error as Error).stack ?? error));
		process.exit(1);
	},
);
