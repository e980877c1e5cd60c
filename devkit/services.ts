/**
 * Throw-away PostgreSQL and Redis for the queue-mode cluster (devkit/queue.ts), both on
 * 127.0.0.1 on free ports, both in a temporary folder that stop() removes. The binaries are
 * Debian's (`postgresql`, `redis-server`), installed by `npm run devkit -- install services`
 * (devkit/debian.ts; the e2e command and bench:n8n call it). Each server runs in a process group
 * of its own (devkit/proc.ts startGroup): stopped with everything it started, also when this
 * process dies first.
 *
 * - PostgreSQL: `initdb --auth=trust` and `postgres` run as the `postgres` user when we are root
 *   (PostgreSQL refuses to run as root), as ourselves otherwise. Durability is off (fsync,
 *   synchronous_commit, full_page_writes): the database lives for one run.
 * - Redis: no RDB snapshots, no AOF, nothing written to disk.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { freePort } from './loopback';
import { onPath, readText, startGroup, tail, type Group } from './proc';
import { waitFor } from './wait';

const run = promisify(execFile);

/** The bin folder of the newest installed PostgreSQL (WEBDATA_PG_BIN overrides). */
export function postgresBin(): string {
	if (process.env.WEBDATA_PG_BIN) return process.env.WEBDATA_PG_BIN;
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root) ? fs.readdirSync(root) : [];
	const newest = versions
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a))[0];
	if (!newest)
		throw new Error(
			`no PostgreSQL under ${root}: run \`npm run devkit -- install services\` (apt-get install postgresql)`,
		);
	return path.join(root, newest, 'bin');
}

/** uid and gid to run PostgreSQL as: `postgres` when we are root, else ourselves. */
function postgresUser(): { uid?: number; gid?: number } {
	if (process.getuid?.() !== 0) return {};
	const line = fs
		.readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((l) => l.startsWith('postgres:'));
	if (!line)
		throw new Error(
			'running as root but there is no `postgres` user (apt-get install postgresql creates it)',
		);
	const [, , uid, gid] = line.split(':').map(Number);
	return { uid, gid };
}

/** A server started as a group whose readiness `probe` answers; throws if it exits first. */
async function startServer(
	name: string,
	[command, ...args]: string[],
	options: Parameters<typeof startGroup>[2],
	probe: () => Promise<unknown>,
	logFile: string,
): Promise<Group> {
	const server = startGroup(command, args, options);
	let exited = false;
	void server.exited.then(() => (exited = true));
	await waitFor(
		async () => {
			if (exited)
				throw new Error(
					`${name} exited while starting; log ${logFile}:\n${tail(readText(logFile), 30)}`,
				);
			return await probe().then(
				() => true,
				() => false,
			);
		},
		{ timeoutMs: 60_000, intervalMs: 200 },
	);
	return server;
}

export class Postgres {
	readonly host = '127.0.0.1';
	readonly user = 'postgres';
	readonly database = 'n8n';
	port = 0;
	/** The temporary folder: data/, the socket, the log. */
	dir = '';
	private server?: Group;
	private readonly bin = postgresBin();

	/** `logFile`: where the server log goes (default `<dir>/postgres.log`). */
	constructor(private logFile = '') {}

	/** initdb, start, create the database; resolves with the time it took (ms). */
	async start(): Promise<number> {
		const started = Date.now();
		const user = postgresUser();
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-pg-'));
		this.logFile ||= path.join(this.dir, 'postgres.log');
		const [data, socketDir] = [path.join(this.dir, 'data'), path.join(this.dir, 'sock')];
		fs.mkdirSync(socketDir);
		const log = fs.openSync(this.logFile, 'a');
		if (user.uid !== undefined)
			for (const p of [this.dir, socketDir]) fs.chownSync(p, user.uid, user.gid!);
		if (user.uid !== undefined) fs.fchownSync(log, user.uid, user.gid!);
		const asUser = { ...user, cwd: this.dir, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
		const initdb = ['-D', data, '--auth=trust', '-U', this.user, '-E', 'UTF8', '--locale=C'];
		await run(path.join(this.bin, 'initdb'), [...initdb, '--no-sync'], asUser);
		this.port = await freePort();
		const settings = ['max_connections=200', 'fsync=off', 'synchronous_commit=off'];
		this.server = await startServer(
			'postgres',
			[
				path.join(this.bin, 'postgres'),
				...['-D', data, '-h', this.host, '-p', String(this.port), '-k', socketDir],
				...[...settings, 'full_page_writes=off'].flatMap((s) => ['-c', s]),
			],
			{ ...asUser, stdio: ['ignore', log, log], dirs: [this.dir] },
			() => this.psql('select 1', 'postgres'),
			this.logFile,
		).finally(() => fs.closeSync(log));
		await this.psql(`create database "${this.database}"`, 'postgres');
		return Date.now() - started;
	}

	get pid(): number | undefined {
		return this.server?.child.pid;
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
		const connection = ['-h', this.host, '-p', String(this.port), '-U', this.user, '-d', database];
		const { stdout } = await run(
			path.join(this.bin, 'psql'),
			['-X', '-q', '-A', '-t', '-F', '\x1f', '-v', 'ON_ERROR_STOP=1', ...connection, '-c', sql],
			{ env: { ...process.env, PGCONNECT_TIMEOUT: '5' }, maxBuffer: 64 * 1024 * 1024 },
		);
		return stdout
			.split('\n')
			.filter((line) => line !== '')
			.map((line) => line.split('\x1f'));
	}

	/** Fast shutdown (SIGINT), SIGKILL after 10 s; removes the folder. */
	async stop(): Promise<void> {
		await this.server?.stop(10_000, 'SIGINT');
		if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
	}
}

export class Redis {
	readonly host = '127.0.0.1';
	port = 0;
	dir = '';
	private server?: Group;

	constructor(private logFile = '') {}

	async start(): Promise<number> {
		const started = Date.now();
		const [server, cli] = [onPath('redis-server'), onPath('redis-cli')];
		if (!server || !cli)
			throw new Error(
				'redis-server is missing: run `npm run devkit -- install services` (apt-get install redis-server)',
			);
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-redis-'));
		this.logFile ||= path.join(this.dir, 'redis.log');
		this.port = await freePort();
		const log = fs.openSync(this.logFile, 'a');
		const ping = async () => {
			const { stdout } = await run(cli, ['-h', this.host, '-p', String(this.port), 'PING']);
			if (stdout.trim() !== 'PONG') throw new Error(stdout);
		};
		this.server = await startServer(
			'redis-server',
			[
				server,
				'--bind',
				this.host,
				'--port',
				String(this.port),
				'--save',
				'',
				'--appendonly',
			].concat(['no', '--dir', this.dir, '--daemonize', 'no', '--protected-mode', 'yes']),
			{ cwd: this.dir, stdio: ['ignore', log, log], dirs: [this.dir] },
			ping,
			this.logFile,
		).finally(() => fs.closeSync(log));
		return Date.now() - started;
	}

	get pid(): number | undefined {
		return this.server?.child.pid;
	}

	n8nEnv(): Record<string, string> {
		return { QUEUE_BULL_REDIS_HOST: this.host, QUEUE_BULL_REDIS_PORT: String(this.port) };
	}

	async stop(): Promise<void> {
		await this.server?.stop(5_000);
		if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
	}
}
