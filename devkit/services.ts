/**
 * Throw-away PostgreSQL and Redis for the queue-mode cluster (devkit/queue.ts) on free ports of
 * 127.0.0.1, each in a temporary folder that stop() removes and a process group of its own
 * (devkit/proc.ts startGroup): e2e/README.md, "Queue mode". PostgreSQL refuses to run as root:
 * as root it runs as the `postgres` user.
 */
import { execFile, execFileSync, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { freePort } from './loopback';
import { onPath, startServer, type Group } from './proc';

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
	const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
	try {
		return { uid: id('-u'), gid: id('-g') };
	} catch {
		throw new Error('running as root but there is no `postgres` user (apt-get install postgresql)');
	}
}

abstract class Service {
	protected abstract readonly name: string;
	readonly host = '127.0.0.1';
	port = 0;
	/** The temporary folder (data, socket); stop() removes it. */
	dir = '';
	protected server?: Group;

	constructor(protected readonly logFile: string) {}

	get pid(): number | undefined {
		return this.server?.child.pid;
	}

	protected async prepare(): Promise<void> {
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), `webdata-${this.name}-`));
		this.port = await freePort();
	}

	protected async launch(command: string[], options: SpawnOptions, ready: () => Promise<unknown>) {
		const group = { ...options, dirs: [this.dir], logFile: this.logFile, ready, timeoutMs: 60_000 };
		this.server = await startServer(this.name, command, group);
	}

	async stop(graceMs = 5_000, signal?: NodeJS.Signals): Promise<void> {
		await this.server?.stop(graceMs, signal);
		if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
	}
}

export class Postgres extends Service {
	protected readonly name = 'postgres';
	readonly user = 'postgres';
	readonly database = 'n8n';
	private readonly bin = postgresBin();

	/** initdb, start, create the database. */
	async start(): Promise<void> {
		const user = postgresUser();
		await this.prepare();
		const [data, socketDir] = [path.join(this.dir, 'data'), path.join(this.dir, 'sock')];
		fs.mkdirSync(socketDir);
		if (user.uid !== undefined)
			for (const p of [this.dir, socketDir]) fs.chownSync(p, user.uid, user.gid!);
		const asUser = { ...user, cwd: this.dir, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
		const initdb = ['-D', data, '--auth=trust', '-U', this.user, '-E', 'UTF8', '--locale=C'];
		await run(path.join(this.bin, 'initdb'), [...initdb, '--no-sync'], asUser);
		const settings = ['max_connections=200', 'fsync=off', 'synchronous_commit=off'];
		await this.launch(
			[
				path.join(this.bin, 'postgres'),
				...['-D', data, '-h', this.host, '-p', String(this.port), '-k', socketDir],
				...[...settings, 'full_page_writes=off'].flatMap((s) => ['-c', s]),
			],
			asUser,
			() => this.psql('select 1', 'postgres'),
		);
		await this.psql(`create database "${this.database}"`, 'postgres');
	}

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

	/** Fast shutdown (SIGINT), SIGKILL after 10 s. */
	override stop(): Promise<void> {
		return super.stop(10_000, 'SIGINT');
	}
}

export class Redis extends Service {
	protected readonly name = 'redis';

	/** No RDB snapshots, no AOF: nothing written to disk. */
	async start(): Promise<void> {
		const [server, cli] = [onPath('redis-server'), onPath('redis-cli')];
		if (!server || !cli)
			throw new Error(
				'redis-server is missing: run `npm run devkit -- install services` (apt-get install redis-server)',
			);
		await this.prepare();
		const settings = `--bind ${this.host} --port ${this.port} --appendonly no --daemonize no`;
		await this.launch(
			[server, ...settings.split(' '), '--save', '', '--dir', this.dir, '--protected-mode', 'yes'],
			{ cwd: this.dir },
			async () =>
				(await run(cli, ['-h', this.host, '-p', String(this.port), 'PING'])).stdout.trim() ===
				'PONG',
		);
	}

	n8nEnv(): Record<string, string> {
		return { QUEUE_BULL_REDIS_HOST: this.host, QUEUE_BULL_REDIS_PORT: String(this.port) };
	}
}
