/**
 * Throw-away PostgreSQL and Redis for the queue-mode cluster (devkit/queue.ts), both on
 * 127.0.0.1 on free ports, both in a temporary folder that stop() removes. The binaries are
 * Debian's (`postgresql`, `redis-server`), installed by `npm run devkit -- install services`
 * (devkit/debian.ts; the e2e command and bench:n8n call it).
 *
 * - PostgreSQL: `initdb --auth=trust` and `postgres` run as the `postgres` user when we are root
 *   (PostgreSQL refuses to run as root), as ourselves otherwise. Durability is off (fsync,
 *   synchronous_commit, full_page_writes): the database lives for one run.
 * - Redis: no RDB snapshots, no AOF, nothing written to disk.
 * - Every child is also killed when this process dies without stopping it (a crashed or killed
 *   jest, a failed beforeAll that never reached afterAll): see killOnExit().
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

import { freePort } from './sandbox';
import { sleep } from './wait';

// ---- stray-process safety -------------------------------------------------------------------

/** Every descendant pid of `pid` (read from /proc), deepest first. */
export function descendants(pid: number): number[] {
	const children = new Map<number, number[]>();
	for (const entry of safeReaddir('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = readFileOr(`/proc/${entry}/stat`);
		// The command name may hold spaces and parentheses: the parent pid follows the last ')'.
		const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
		if (!Number.isFinite(ppid)) continue;
		children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
	}
	const out: number[] = [];
	const walk = (p: number) => {
		for (const child of children.get(p) ?? []) {
			walk(child);
			out.push(child);
		}
	};
	walk(pid);
	return out;
}

/** A process's start time (clock ticks since boot, /proc/PID/stat field 22); '' when it is gone. */
export function startTime(pid: number): string {
	const stat = readFileOr(`/proc/${pid}/stat`);
	return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '') : '';
}

/** Processes to kill later only if they are still the same ones (pids get reused). */
export function snapshot(pids: number[]): Array<{ pid: number; start: string }> {
	return pids.map((pid) => ({ pid, start: startTime(pid) })).filter((p) => p.start !== '');
}

export function killSnapshot(
	processes: Array<{ pid: number; start: string }>,
	signal: NodeJS.Signals = 'SIGKILL',
): void {
	for (const { pid, start } of processes) {
		if (startTime(pid) !== start) continue;
		try {
			process.kill(pid, signal);
		} catch {
			// gone
		}
	}
}

/** Sends `signal` to a process and everything it started (children first). */
export function killTree(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
	if (pid === undefined) return;
	killSnapshot(snapshot([...descendants(pid), pid]), signal);
}

/*
 * The watchdog: a small detached Node process that holds a pipe from us. When we die in any way
 * (a failed beforeAll that never reached afterAll, SIGINT, SIGTERM, even SIGKILL) the pipe closes
 * and it kills every process still registered with it, with their children, and removes their
 * folders. An in-process 'exit' or signal handler would not do: jest gives test files a copy of
 * `process` whose listeners never fire, and nothing runs after SIGKILL.
 */
const WATCHDOG_SOURCE = `
const fs = require('fs');
const entries = new Map();
const stat = (pid) => { try { return fs.readFileSync('/proc/' + pid + '/stat', 'utf8'); } catch { return ''; } };
const fields = (s) => s.slice(s.lastIndexOf(')') + 2).split(' ');
const tree = (root) => {
  const kids = new Map();
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\\d+$/.test(e)) continue;
    const s = stat(e); if (!s) continue;
    const ppid = Number(fields(s)[1]);
    kids.set(ppid, [...(kids.get(ppid) || []), Number(e)]);
  }
  const out = [];
  const walk = (p) => { for (const c of kids.get(p) || []) { walk(c); out.push(c); } };
  walk(root);
  return out;
};
const same = (p) => { const s = stat(p.pid); return s !== '' && fields(s)[19] === p.start; };
const reap = () => {
  const signalled = [];
  for (const { pid, start, signal } of entries.values()) {
    const s = pid ? stat(pid) : '';
    if (!s || fields(s)[19] !== start) continue;
    for (const p of [...tree(pid), pid]) {
      const ps = stat(p);
      if (!ps) continue;
      signalled.push({ pid: p, start: fields(ps)[19] });
      try { process.kill(p, signal); } catch {}
    }
  }
  // Folders go once their processes are gone (a dying server still writes in them).
  const deadline = Date.now() + 5000;
  const finish = () => {
    const alive = signalled.filter(same);
    if (alive.length > 0 && Date.now() < deadline) return setTimeout(finish, 100);
    for (const p of alive) { try { process.kill(p.pid, 'SIGKILL'); } catch {} }
    for (const { dirs } of entries.values()) for (const d of dirs || []) { try { fs.rmSync(d, { recursive: true, force: true }); } catch {} }
    process.exit(0);
  };
  finish();
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => {});
let buf = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  buf += d;
  for (let i; (i = buf.indexOf('\\n')) >= 0; ) {
    const msg = JSON.parse(buf.slice(0, i)); buf = buf.slice(i + 1);
    if (msg.op === 'add') entries.set(msg.key, msg); else entries.delete(msg.key);
  }
});
process.stdin.on('end', reap);
process.stdin.on('error', reap);
`;

let watchdog: ChildProcess | undefined;
let nextKey = 0;

function send(message: object): void {
	if (!watchdog) {
		watchdog = spawn(process.execPath, ['-e', WATCHDOG_SOURCE], {
			detached: true,
			stdio: ['pipe', 'ignore', 'ignore'],
		});
		// Neither the child nor its pipe keeps this process (jest) alive.
		watchdog.unref();
		(watchdog.stdin as unknown as { unref(): void }).unref();
		watchdog.stdin?.on('error', () => undefined);
	}
	watchdog.stdin?.write(`${JSON.stringify(message)}\n`);
}

/**
 * Has the watchdog kill `pid` (with `signal`, its children too) and remove `dirs` if this
 * process dies before calling the returned release function. Register every child a test
 * starts; `pid` undefined registers only the folders.
 */
export function killOnExit(
	pid: number | undefined,
	{ signal = 'SIGKILL', dirs = [] }: { signal?: NodeJS.Signals; dirs?: string[] } = {},
): () => void {
	if (pid === undefined && dirs.length === 0) return () => undefined;
	const key = String(nextKey++);
	send({
		op: 'add',
		key,
		pid: pid ?? 0,
		start: pid === undefined ? '' : startTime(pid),
		signal,
		dirs,
	});
	return () => send({ op: 'del', key });
}

// ---- PostgreSQL -----------------------------------------------------------------------------

/** The bin folder of the newest installed PostgreSQL (WEBDATA_PG_BIN overrides). */
export function postgresBin(): string {
	if (process.env.WEBDATA_PG_BIN) return process.env.WEBDATA_PG_BIN;
	const root = '/usr/lib/postgresql';
	const versions = safeReaddir(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	if (versions.length === 0) {
		throw new Error(
			`no PostgreSQL under ${root}: run \`npm run devkit -- install services\` (apt-get install postgresql)`,
		);
	}
	return path.join(root, versions[0], 'bin');
}

/** uid and gid to run PostgreSQL as: `postgres` when we are root, else ourselves. */
function postgresUser(): { uid?: number; gid?: number; name: string } {
	if (process.getuid?.() !== 0) return { name: os.userInfo().username };
	const line = readFileOr('/etc/passwd')
		.split('\n')
		.find((l) => l.startsWith('postgres:'));
	if (!line)
		throw new Error(
			'running as root but there is no `postgres` user (apt-get install postgresql creates it)',
		);
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid), name: 'postgres' };
}

export interface PostgresOptions {
	/** Where the server log goes (default `<dir>/postgres.log`). */
	logFile?: string;
	/** The database created for the caller. Default `n8n`. */
	database?: string;
	maxConnections?: number;
}

export class Postgres {
	readonly host = '127.0.0.1';
	readonly user = 'postgres';
	port = 0;
	database: string;
	/** The temporary folder: data/, the socket, the log. */
	dir = '';
	private child?: ChildProcess;
	private exit?: Promise<unknown>;
	private unhook?: () => void;
	private readonly bin = postgresBin();

	constructor(private readonly options: PostgresOptions = {}) {
		this.database = options.database ?? 'n8n';
	}

	get logFile(): string {
		return this.options.logFile ?? path.join(this.dir, 'postgres.log');
	}

	/** initdb, start, create the database; resolves with the time it took (ms). */
	async start(timeoutMs = 60_000): Promise<number> {
		const started = Date.now();
		const user = postgresUser();
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-pg-'));
		const data = path.join(this.dir, 'data');
		const socketDir = path.join(this.dir, 'sock');
		fs.mkdirSync(socketDir);
		if (user.uid !== undefined) {
			for (const p of [this.dir, socketDir]) fs.chownSync(p, user.uid, user.gid ?? user.uid);
		}
		const asUser = {
			uid: user.uid,
			gid: user.gid,
			cwd: this.dir,
			env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
		};
		await run(
			path.join(this.bin, 'initdb'),
			['-D', data, '--auth=trust', '-U', this.user, '-E', 'UTF8', '--locale=C', '--no-sync'],
			asUser,
		);
		this.port = await freePort();
		const log = fs.openSync(this.logFile, 'a');
		if (user.uid !== undefined) fs.fchownSync(log, user.uid, user.gid ?? user.uid);
		const child = spawn(
			path.join(this.bin, 'postgres'),
			[
				'-D',
				data,
				'-h',
				this.host,
				'-p',
				String(this.port),
				'-k',
				socketDir,
				'-c',
				`max_connections=${this.options.maxConnections ?? 200}`,
				'-c',
				'fsync=off',
				'-c',
				'synchronous_commit=off',
				'-c',
				'full_page_writes=off',
			],
			{ ...asUser, stdio: ['ignore', log, log] },
		);
		fs.closeSync(log);
		this.child = child;
		this.exit = new Promise((resolve) => child.on('exit', resolve));
		// SIGQUIT: immediate shutdown; the postmaster takes its backends down with it.
		this.unhook = killOnExit(child.pid, { signal: 'SIGQUIT', dirs: [this.dir] });
		let exited = false;
		void this.exit.then(() => (exited = true));
		while (Date.now() - started < timeoutMs) {
			if (exited)
				throw new Error(
					`postgres exited while starting; log ${this.logFile}:\n${readFileOr(this.logFile).slice(-2000)}`,
				);
			try {
				await this.psql('select 1', 'postgres');
				break;
			} catch {
				await sleep(200);
			}
		}
		await this.psql(`create database "${this.database}"`, 'postgres');
		return Date.now() - started;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	/** Environment variables that point n8n at this database. */
	n8nEnv(poolSize = 10): Record<string, string> {
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: this.host,
			DB_POSTGRESDB_PORT: String(this.port),
			DB_POSTGRESDB_DATABASE: this.database,
			DB_POSTGRESDB_USER: this.user,
			DB_POSTGRESDB_PASSWORD: '',
			DB_POSTGRESDB_POOL_SIZE: String(poolSize),
		};
	}

	/** Runs SQL with psql; returns the rows, each an array of column texts (NULL as ''). */
	async psql(sql: string, database = this.database): Promise<string[][]> {
		const out = await run(
			path.join(this.bin, 'psql'),
			[
				'-X',
				'-q',
				'-A',
				'-t',
				'-F',
				'\x1f',
				'-v',
				'ON_ERROR_STOP=1',
				'-h',
				this.host,
				'-p',
				String(this.port),
				'-U',
				this.user,
				'-d',
				database,
				'-c',
				sql,
			],
			{ env: { ...process.env, PGCONNECT_TIMEOUT: '5' } },
		);
		return out
			.split('\n')
			.filter((line) => line !== '')
			.map((line) => line.split('\x1f'));
	}

	/** Fast shutdown (SIGINT), SIGKILL after 10 s; removes the folder unless keepDir. */
	async stop({ keepDir = false }: { keepDir?: boolean } = {}): Promise<void> {
		const child = this.child;
		this.child = undefined;
		if (child && child.exitCode === null && child.signalCode === null) {
			child.kill('SIGINT');
			const timer = setTimeout(() => killTree(child.pid, 'SIGKILL'), 10_000);
			await this.exit;
			clearTimeout(timer);
		}
		this.unhook?.();
		if (this.dir && !keepDir) fs.rmSync(this.dir, { recursive: true, force: true });
	}
}

// ---- Redis ----------------------------------------------------------------------------------

export class Redis {
	readonly host = '127.0.0.1';
	port = 0;
	dir = '';
	private child?: ChildProcess;
	private exit?: Promise<unknown>;
	private unhook?: () => void;

	constructor(private readonly logFile?: string) {}

	async start(timeoutMs = 30_000): Promise<number> {
		const started = Date.now();
		const binary = which('redis-server');
		if (!binary)
			throw new Error(
				'redis-server is missing: run `npm run devkit -- install services` (apt-get install redis-server)',
			);
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-redis-'));
		this.port = await freePort();
		const log = fs.openSync(this.logFile ?? path.join(this.dir, 'redis.log'), 'a');
		const child = spawn(
			binary,
			[
				'--bind',
				this.host,
				'--port',
				String(this.port),
				'--save',
				'',
				'--appendonly',
				'no',
				'--dir',
				this.dir,
				'--daemonize',
				'no',
				'--protected-mode',
				'yes',
			],
			{ cwd: this.dir, stdio: ['ignore', log, log] },
		);
		fs.closeSync(log);
		this.child = child;
		this.exit = new Promise((resolve) => child.on('exit', resolve));
		this.unhook = killOnExit(child.pid, { dirs: [this.dir] });
		let exited = false;
		void this.exit.then(() => (exited = true));
		while (Date.now() - started < timeoutMs) {
			if (exited)
				throw new Error(`redis-server exited while starting (log ${this.logFile ?? this.dir})`);
			if ((await this.command('PING').catch(() => '')) === '+PONG') return Date.now() - started;
			await sleep(100);
		}
		throw new Error(`redis-server did not answer PING within ${timeoutMs} ms`);
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	n8nEnv(): Record<string, string> {
		return { QUEUE_BULL_REDIS_HOST: this.host, QUEUE_BULL_REDIS_PORT: String(this.port) };
	}

	/** Sends one inline command; resolves with the first reply line (e.g. `+PONG`, `:3`). */
	command(line: string): Promise<string> {
		return new Promise((resolve, reject) => {
			const socket = net.connect(this.port, this.host);
			let buffer = '';
			socket.setTimeout(2000, () => socket.destroy(new Error('redis timeout')));
			socket.on('connect', () => socket.write(`${line}\r\n`));
			socket.on('data', (d) => {
				buffer += d.toString();
				const end = buffer.indexOf('\r\n');
				if (end >= 0) {
					socket.end();
					resolve(buffer.slice(0, end));
				}
			});
			socket.on('error', reject);
		});
	}

	async stop(): Promise<void> {
		const child = this.child;
		this.child = undefined;
		if (child && child.exitCode === null && child.signalCode === null) {
			child.kill('SIGTERM');
			const timer = setTimeout(() => killTree(child.pid, 'SIGKILL'), 5_000);
			await this.exit;
			clearTimeout(timer);
		}
		this.unhook?.();
		if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
	}
}

// ---- helpers --------------------------------------------------------------------------------

function run(
	file: string,
	args: string[],
	options: { uid?: number; gid?: number; cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
	return new Promise((resolve, reject) => {
		execFile(
			file,
			args,
			{ ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
			(error, stdout, stderr) => {
				if (error)
					reject(
						new Error(
							`${path.basename(file)} ${args.slice(0, 3).join(' ')} ...: ${error.message}\n${stderr}`,
						),
					);
				else resolve(stdout);
			},
		);
	});
}

function which(name: string): string | undefined {
	try {
		return (
			execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined
		);
	} catch {
		return undefined;
	}
}

function safeReaddir(dir: string): string[] {
	try {
		return fs.readdirSync(dir);
	} catch {
		return [];
	}
}

function readFileOr(file: string): string {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}
