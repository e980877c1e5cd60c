/**
 * An n8n cluster in queue mode on 127.0.0.1 (main, K workers, a webhook processor; PostgreSQL and
 * Redis from services.ts), for the queue-mode suite and benchmarks: e2e/README.md, "Queue mode".
 * Main does not serve production webhooks, so every one goes through the webhook processor and
 * every execution through a worker.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { N8n, type ExecutionRow } from './n8n';
import { ROOT } from './paths';
import { freePort } from './loopback';
import { cleanUpOnExit, readText } from './proc';
import { Postgres, Redis } from './services';
import { sleep, waitFor } from './wait';

export interface QueueClusterOptions {
	/** Default 1. */
	workers?: number;
	/** `n8n worker --concurrency`. Default 10. */
	concurrency?: number;
	/** stop() copies the logs here. Default: not kept. */
	artifactsDir?: string;
	/** For every n8n process. */
	env?: Record<string, string>;
	/** The checkout whose package is installed. Default this one. */
	packageFrom?: string;
}

/** DB_POSTGRESDB_POOL_SIZE of every n8n process (n8n's own default of 2 loses executions under bursts). */
const DB_POOL_SIZE = 10;
const ENDED = ['success', 'error', 'crashed', 'canceled'];

export class QueueCluster {
	/** Holds the user folders and the logs; stop() removes it. */
	readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-queue-'));
	/** n8n-main.log, n8n-webhook.log, n8n-worker-1.log, postgres.log, redis.log. */
	readonly logDir = path.join(this.dir, 'logs');
	readonly postgres = new Postgres(path.join(this.logDir, 'postgres.log'));
	readonly redis = new Redis(path.join(this.logDir, 'redis.log'));
	main!: N8n;
	webhook!: N8n;
	workers: N8n[] = [];
	/** Each step of start(), in ms. */
	readonly timings: Record<string, number> = {};
	private readonly release = cleanUpOnExit(undefined, [this.dir]);
	private stopped = false;

	constructor(private readonly options: QueueClusterOptions = {}) {
		fs.mkdirSync(this.logDir, { recursive: true });
	}

	productionWebhookUrl(webhookPath: string): string {
		return `${this.webhook.baseUrl}/webhook/${webhookPath.replace(/^\/+/, '')}`;
	}

	/**
	 * PostgreSQL, Redis and the user folders with the package. The first n8n command (a setup
	 * import, or main's start) creates the schema; workers and the webhook processor start after main.
	 */
	private async startServices(): Promise<void> {
		await Promise.all([
			this.timed('postgres (initdb + start)', () => this.postgres.start()),
			this.timed('redis start', () => this.redis.start()),
		]);
		// Each process takes a block of three ports: its own, its task broker, a CLI's broker.
		const webhookBase = `http://127.0.0.1:${await freePort(3)}`;
		const make = (name: string, port: number, extra: Record<string, string> = {}) => {
			const n8n = new N8n({
				userFolder: path.join(this.dir, name),
				port,
				logFile: path.join(this.logDir, `n8n-${name}.log`),
				env: {
					EXECUTIONS_MODE: 'queue',
					...this.postgres.n8nEnv(DB_POOL_SIZE),
					...this.redis.n8nEnv(),
					WEBHOOK_URL: `${webhookBase}/`,
					N8N_WEBHOOK_URL: `${webhookBase}/`,
					WEBDATA_PROCESS: name,
					...extra,
					...this.options.env,
				},
			});
			n8n.installPackage(this.options.packageFrom ?? ROOT);
			return n8n;
		};
		this.main = make('main', await freePort(3), { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		this.webhook = make('webhook', Number(new URL(webhookBase).port));
		for (let i = 1; i <= (this.options.workers ?? 1); i++) {
			const port = await freePort(3);
			// The worker's only HTTP server is its health check; it listens on `port`.
			const health = { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port) };
			const address = { N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' };
			this.workers.push(make(`worker-${i}`, port, { ...health, ...address }));
		}
	}

	private async startN8n(): Promise<void> {
		await this.timed('n8n main (start -> ready)', () => this.main.start());
		const concurrency = `--concurrency=${this.options.concurrency ?? 10}`;
		const others = `n8n ${this.workers.length} worker(s) + webhook (start -> ready)`;
		await this.timed(others, () =>
			Promise.all([
				...this.workers.map((w) => w.start(['worker', concurrency])),
				this.webhook.start(['webhook']),
			]),
		);
	}

	private async timed(step: string, run: () => Promise<unknown>): Promise<void> {
		const started = Date.now();
		await run();
		this.timings[step] = Date.now() - started;
	}

	/**
	 * Everything: services, then `setup(main)` (import credentials and workflows, publish the ones
	 * to activate: main activates them as it starts), then the n8n processes. On failure it stops
	 * what it started before rethrowing.
	 */
	async start(setup?: (main: N8n) => Promise<void>): Promise<this> {
		try {
			await this.startServices();
			await this.timed('setup (imports through main)', async () => await setup?.(this.main));
			await this.startN8n();
			return this;
		} catch (error) {
			await this.stop().catch(() => undefined);
			throw error;
		}
	}

	pids(): Record<string, number | undefined> {
		const workers = this.workers.map((w, i) => [`worker-${i + 1}`, w.pid]);
		return { main: this.main?.pid, webhook: this.webhook?.pid, ...Object.fromEntries(workers) };
	}

	/** Execution ids a process ('worker-1', ...) says in its log it started. */
	executionsStartedBy(name: string): string[] {
		const log = readText(path.join(this.logDir, `n8n-${name}.log`));
		return [...log.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
	}

	/** Executions in the database (of one workflow when given), oldest first. */
	async executions(workflowId?: string): Promise<ExecutionRow[]> {
		const where = workflowId ? `where "workflowId" = '${workflowId.replace(/'/g, "''")}'` : '';
		const rows = await this.postgres.psql(
			`select id, "workflowId", status, mode from execution_entity ${where} order by id`,
		);
		return rows.map(([id, wf, status, mode]) => ({ id, workflowId: wf, status, mode }));
	}

	/** Waits until `count` executions of a workflow ended, then `settleMs` for extra ones. */
	async waitForExecutions(
		workflowId: string,
		count: number,
		{ timeoutMs = 60_000, settleMs = 1000 } = {},
	): Promise<ExecutionRow[]> {
		const ended = async () =>
			(await this.executions(workflowId)).filter((r) => ENDED.includes(r.status)).length >= count;
		await waitFor(ended, { timeoutMs, intervalMs: 250 }).catch(() => undefined);
		await sleep(settleMs);
		return await this.executions(workflowId);
	}

	/** n8n first, then Redis and PostgreSQL; copies the logs to artifactsDir. */
	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		const n8n = [this.main, ...this.workers, this.webhook].filter(Boolean);
		const results = await Promise.allSettled(n8n.map((process) => process.stop()));
		for (const server of [this.redis, this.postgres])
			results.push(...(await Promise.allSettled([server.stop()])));
		const { artifactsDir } = this.options;
		if (artifactsDir) fs.cpSync(this.logDir, artifactsDir, { recursive: true });
		fs.rmSync(this.dir, { recursive: true, force: true });
		this.release();
		const failed = results.find((r) => r.status === 'rejected');
		if (failed) throw failed.reason;
	}
}
