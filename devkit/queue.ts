/**
 * An n8n cluster in queue mode on 127.0.0.1, for the queue-mode suite and benchmarks:
 *
 *   PostgreSQL + Redis (services.ts, throw-away, free ports)
 *   main                `n8n start`: editor, REST API, activation of workflows (triggers register here)
 *   K workers           `n8n worker --concurrency=N`: run the executions taken from Redis
 *   webhook processor   `n8n webhook`: answers /webhook/...; WEBHOOK_URL points here
 *
 * Each n8n process has its own user folder with the package installed in it, as on separate
 * machines; they share the database and one encryption key. Main does not serve production
 * webhooks (N8N_DISABLE_PRODUCTION_MAIN_PROCESS), so every production webhook goes through the
 * webhook processor and every execution through a worker. WEBDATA_PROCESS names each process
 * (main, webhook, worker-1, ...) for workflows that read `$env` (N8N_BLOCK_ENV_ACCESS_IN_NODE=false).
 *
 *   const cluster = new QueueCluster({ workers: 1, concurrency: 10, artifactsDir });
 *   await cluster.start(async (main) => {
 *     await main.importCredentials([...]);
 *     await main.importWorkflows([...]);
 *     await main.publish(id);
 *   });
 *   await fetch(cluster.productionWebhookUrl('my-path'), ...);
 *   await cluster.waitForExecutions(workflowId, 1);
 *   await cluster.stop();
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { N8n, readText } from './n8n';
import { ROOT } from './paths';
import { freePortBlock } from './sandbox';
import { sleep } from './wait';
import { Postgres, Redis, descendants, killOnExit, killSnapshot, snapshot } from './services';

export interface QueueClusterOptions {
	/** Worker processes. Default 1. */
	workers?: number;
	/** `n8n worker --concurrency`: executions one worker runs at once. Default 10. */
	concurrency?: number;
	/** DB_POSTGRESDB_POOL_SIZE of every n8n process. Default 10 (n8n's own default of 2 loses executions under bursts). */
	dbPoolSize?: number;
	/**
	 * stop() copies the logs here (they are written to `<dir>/logs` meanwhile, so concurrent runs
	 * never share a file). Default: not kept.
	 */
	artifactsDir?: string;
	logLevel?: 'error' | 'warn' | 'info' | 'debug';
	/** Extra environment for every n8n process. */
	env?: Record<string, string>;
	/** Install the package packed from here (npm pack of its dist/). Default the checkout. */
	packageFrom?: string;
}

/** One row of execution_entity. */
export interface ExecutionRow {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	finished: boolean;
	startedAt: string;
	stoppedAt: string;
}

export class QueueCluster {
	readonly options: Required<Omit<QueueClusterOptions, 'env' | 'artifactsDir'>> &
		Pick<QueueClusterOptions, 'env' | 'artifactsDir'>;
	/** The temporary folder holding the user folders and the logs; stop() removes it. */
	readonly dir: string;
	/** Every process's log: n8n-main.log, n8n-webhook.log, n8n-worker-1.log, postgres.log, redis.log. */
	readonly logDir: string;
	readonly postgres: Postgres;
	readonly redis: Redis;
	main!: N8n;
	webhook!: N8n;
	workers: N8n[] = [];
	/** Set by start(): how long each step took (ms). */
	readonly timings: Record<string, number> = {};
	private unhooks: Array<() => void> = [];
	private stopped = false;

	constructor(options: QueueClusterOptions = {}) {
		this.options = {
			workers: options.workers ?? 1,
			concurrency: options.concurrency ?? 10,
			dbPoolSize: options.dbPoolSize ?? 10,
			logLevel: options.logLevel ?? 'info',
			packageFrom: options.packageFrom ?? ROOT,
			env: options.env,
			artifactsDir: options.artifactsDir,
		};
		this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-queue-'));
		this.logDir = path.join(this.dir, 'logs');
		fs.mkdirSync(this.logDir, { recursive: true });
		this.unhooks.push(killOnExit(undefined, { dirs: [this.dir] }));
		this.postgres = new Postgres({ logFile: path.join(this.logDir, 'postgres.log') });
		this.redis = new Redis(path.join(this.logDir, 'redis.log'));
	}

	/** Editor and REST API of main. */
	get mainUrl(): string {
		return this.main.baseUrl;
	}

	/** The webhook processor: what WEBHOOK_URL is, and what triggers register. */
	get webhookUrl(): string {
		return this.webhook.baseUrl;
	}

	/** The production URL of a Webhook node with this path. */
	productionWebhookUrl(webhookPath: string): string {
		return `${this.webhookUrl}/webhook/${webhookPath.replace(/^\/+/, '')}`;
	}

	/**
	 * PostgreSQL, Redis and the user folders with the package. The first n8n command (a setup
	 * import, or main's start) creates the schema; workers and the webhook processor start after main.
	 */
	async startServices(): Promise<void> {
		const [pg, redis] = await Promise.all([this.postgres.start(), this.redis.start()]);
		this.timings['postgres (initdb + start)'] = pg;
		this.timings['redis start'] = redis;
		// Each process takes a block of three ports (its own, its task broker, a CLI's broker); none may overlap.
		const taken = new Set<number>();
		const block = async () => {
			for (;;) {
				const base = await freePortBlock(3);
				if (![0, 1, 2].some((i) => taken.has(base + i))) {
					[0, 1, 2].forEach((i) => taken.add(base + i));
					return base;
				}
			}
		};
		const webhookPort = await block();
		const webhookBase = `http://127.0.0.1:${webhookPort}`;
		const make = async (name: string, extra: Record<string, string> = {}, port?: number) => {
			const n8n = new N8n({
				userFolder: path.join(this.dir, name),
				port: port ?? (await block()),
				logLevel: this.options.logLevel,
				logFile: path.join(this.logDir, `n8n-${name}.log`),
				env: {
					...this.sharedEnv(webhookBase),
					WEBDATA_PROCESS: name,
					...extra,
					...this.options.env,
				},
			});
			n8n.installPackage(this.options.packageFrom);
			return n8n;
		};
		this.main = await make('main', { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		this.webhook = await make('webhook', {}, webhookPort);
		for (let i = 1; i <= this.options.workers; i++) {
			const port = await block();
			// The worker's only HTTP server is its health check; it listens on `port`.
			this.workers.push(
				await make(
					`worker-${i}`,
					{
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(port),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					},
					port,
				),
			);
		}
	}

	/** Environment every process shares: queue mode, the database, Redis, the webhook URL. */
	private sharedEnv(webhookBase: string): Record<string, string> {
		return {
			EXECUTIONS_MODE: 'queue',
			...this.postgres.n8nEnv(this.options.dbPoolSize),
			...this.redis.n8nEnv(),
			WEBHOOK_URL: `${webhookBase}/`,
			N8N_WEBHOOK_URL: `${webhookBase}/`,
			N8N_LOG_LEVEL: this.options.logLevel,
		};
	}

	/** Main, then the workers and the webhook processor together; each resolves at readiness. */
	async startN8n(timeoutMs = 180_000): Promise<void> {
		let t = Date.now();
		// start() spawns before its first await: the pid is known at once.
		const mainReady = this.main.start(timeoutMs);
		this.unhooks.push(killOnExit(this.main.pid));
		await mainReady;
		this.timings['n8n main (start -> ready)'] = Date.now() - t;
		const others: Array<[N8n, string[]]> = [
			...this.workers.map((w): [N8n, string[]] => [
				w,
				['worker', `--concurrency=${this.options.concurrency}`],
			]),
			[this.webhook, ['webhook']],
		];
		t = Date.now();
		await Promise.all(
			others.map(([n8n, command]) => {
				const ready = n8n.start(timeoutMs, command);
				this.unhooks.push(killOnExit(n8n.pid));
				return ready;
			}),
		);
		this.timings[`n8n ${this.workers.length} worker(s) + webhook (start -> ready)`] =
			Date.now() - t;
	}

	/**
	 * Everything: services, then `setup(main)` (import credentials and workflows, publish the ones
	 * to activate: main activates them as it starts), then the n8n processes. On failure it stops
	 * what it started before rethrowing.
	 */
	async start(setup?: (main: N8n) => Promise<void>): Promise<this> {
		try {
			await this.startServices();
			if (setup) {
				const t = Date.now();
				await setup(this.main);
				this.timings['setup (imports through main)'] = Date.now() - t;
			}
			await this.startN8n();
			return this;
		} catch (error) {
			await this.stop().catch(() => undefined);
			throw error;
		}
	}

	/** main, the workers and the webhook processor, where created. */
	private processes(): N8n[] {
		return [this.main, ...this.workers, this.webhook].filter((n8n): n8n is N8n => !!n8n);
	}

	/** The process id of each n8n process, by name (main, webhook, worker-1, ...). */
	pids(): Record<string, number | undefined> {
		const out: Record<string, number | undefined> = {
			main: this.main?.pid,
			webhook: this.webhook?.pid,
		};
		this.workers.forEach((w, i) => (out[`worker-${i + 1}`] = w.pid));
		return out;
	}

	/** The log file of a process: 'main', 'webhook' or 'worker-1', 'worker-2', ... */
	logFile(name: string): string {
		return path.join(this.logDir, `n8n-${name}.log`);
	}

	log(name: string): string {
		return readText(this.logFile(name));
	}

	/**
	 * Execution ids each process says it ran, from n8n's logs ("Worker started execution 12 (job
	 * 3)" on workers; "Execution 12 ... started" style lines elsewhere do not match).
	 */
	executionsStartedBy(name: string): string[] {
		return [...this.log(name).matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
	}

	/** SQL against n8n's database (psql); rows of column texts. */
	psql(sql: string): Promise<string[][]> {
		return this.postgres.psql(sql);
	}

	/** Executions in the database, oldest first (of one workflow when given). */
	async executions(workflowId?: string): Promise<ExecutionRow[]> {
		const where = workflowId ? `where "workflowId" = '${workflowId.replace(/'/g, "''")}'` : '';
		const rows = await this.psql(
			`select id, "workflowId", status, mode, finished, coalesce("startedAt"::text, ''), coalesce("stoppedAt"::text, '') from execution_entity ${where} order by id`,
		);
		return rows.map(([id, wf, status, mode, finished, startedAt, stoppedAt]) => ({
			id,
			workflowId: wf,
			status,
			mode,
			finished: finished === 't',
			startedAt,
			stoppedAt,
		}));
	}

	/**
	 * Waits until a workflow has at least `count` executions that ended (success, error, crashed,
	 * canceled), then `settleMs` more to catch extra ones; returns them all.
	 */
	async waitForExecutions(
		workflowId: string,
		count: number,
		{ timeoutMs = 60_000, settleMs = 1000 } = {},
	): Promise<ExecutionRow[]> {
		const ended = (rows: ExecutionRow[]) =>
			rows.filter((r) => ['success', 'error', 'crashed', 'canceled'].includes(r.status));
		const started = Date.now();
		let rows = await this.executions(workflowId);
		while (ended(rows).length < count && Date.now() - started < timeoutMs) {
			await sleep(250);
			rows = await this.executions(workflowId);
		}
		if (settleMs > 0) {
			await sleep(settleMs);
			rows = await this.executions(workflowId);
		}
		return rows;
	}

	/**
	 * Stops every process it started (n8n first, then Redis and PostgreSQL), copies the logs to
	 * artifactsDir and removes its folder.
	 */
	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		// Task runners and other children of the n8n processes: killed if they outlive their parent.
		const trees = snapshot(this.processes().flatMap(({ pid }) => (pid ? descendants(pid) : [])));
		const errors: unknown[] = [];
		const attempt = async (fn: () => Promise<unknown>) => {
			try {
				await fn();
			} catch (error) {
				errors.push(error);
			}
		};
		await Promise.all(this.processes().map((n8n) => attempt(() => n8n.stop())));
		killSnapshot(trees);
		await attempt(() => this.redis.stop());
		await attempt(() => this.postgres.stop());
		for (const unhook of this.unhooks) unhook();
		if (this.options.artifactsDir) {
			await attempt(async () => {
				fs.mkdirSync(this.options.artifactsDir!, { recursive: true });
				fs.cpSync(this.logDir, this.options.artifactsDir!, { recursive: true });
			});
		}
		fs.rmSync(this.dir, { recursive: true, force: true });
		if (errors.length > 0) throw errors[0];
	}
}
