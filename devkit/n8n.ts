/**
 * Runs the pinned n8n (2.x on Node 24; 1.x on Node 22 with WEBDATA_N8N_LINE=1) with this package
 * installed in a private user folder; how and why: e2e/README.md, "How n8n is set up".
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

import type { IRun, ITaskData } from 'n8n-workflow';

import { fetchJson } from './loopback';
import { installPackage, type InstallWay } from './tarball';
import { ROOT, N8N_MAJOR } from './paths';
import { startServer, tail, type Group } from './proc';
import { n8nEntry, getN8nNodeBin, requireFromN8n } from './toolchain';

/**
 * The local demo login. It only guards an n8n bound to 127.0.0.1 on the developer's machine.
 * `hash` is bcrypt's of the password (n8n's bcryptjs: hashSync(password, 10)).
 */
const DEMO_OWNER = {
	email: 'demo@webdata.local',
	password: 'Webdata-demo-1',
	hash: '$2a$10$IgDzpoPdM2RMm3eG1k0XkOnUqg4z.Czy8Z.OINw3a.HIvEQENiyHa',
};

const execFileAsync = promisify(execFile);

/** A fixed key for the private, local user folders (credentials are sandbox keys only). */
const LOCAL_ENCRYPTION_KEY = 'webdata-local-only-encryption-key';

export interface N8nOptions {
	userFolder: string;
	/** Editor, REST API and webhooks; the task-runner brokers take the next two (server, CLI). */
	port: number;
	listenAddress?: string;
	/** Default `<userFolder>/n8n.log`. */
	logFile?: string;
	env?: Record<string, string>;
	/**
	 * A hosts file for n8n alone: every n8n process runs in a mount namespace of its own
	 * (`unshare -m`, root only) with this file bind-mounted on /etc/hosts, so names a test makes
	 * up resolve, inside n8n only, to the addresses it chooses.
	 */
	hostsFile?: string;
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** n8n's run data as `n8n execute --rawOutput` and the REST API give it. */
export type RunData = IRun;
export type { INodeExecutionData as RunItem } from 'n8n-workflow';

/** An execution without its run data (REST API list, or a row of execution_entity). */
export interface ExecutionRow {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

export interface ExecuteResult extends CliResult {
	/** True when n8n reported the run as successful. */
	ok: boolean;
	run?: RunData;
}

/**
 * Variables an inherited shell may carry that would point our private n8n elsewhere; NODE_ENV=test
 * (set by jest) makes n8n refuse to load nodes ("Not available in tests").
 */
const FOREIGN_ENV =
	/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|NODES_|CREDENTIALS_|GENERIC_TIMEZONE$|NODE_OPTIONS$|NODE_ENV$|JEST_WORKER_ID$|E2E_TESTS$)/;
/** What n8n's CLI prints when a command failed, sometimes with exit code 0. */
const CLI_FAILED = /An error occurred|Error importing|Error updating database/i;

export class N8n {
	readonly userFolder: string;
	readonly port: number;
	readonly listenAddress: string;
	readonly owner = DEMO_OWNER;
	readonly logFile: string;
	private server?: Group;
	private cookie?: string;

	constructor(private readonly options: N8nOptions) {
		this.userFolder = path.resolve(options.userFolder);
		this.port = options.port;
		this.listenAddress = options.listenAddress ?? '127.0.0.1';
		this.logFile = options.logFile ?? path.join(this.userFolder, 'n8n.log');
	}

	get baseUrl(): string {
		const any = ['0.0.0.0', '::'].includes(this.listenAddress);
		const host = any ? '127.0.0.1' : this.listenAddress;
		return `http://${host}:${this.port}`;
	}

	env(kind: 'server' | 'cli' = 'server'): NodeJS.ProcessEnv {
		const inherited = Object.entries(process.env).filter(([key]) => !FOREIGN_ENV.test(key));
		return {
			...Object.fromEntries(inherited),
			PATH: `${getN8nNodeBin()}${path.delimiter}${process.env.PATH ?? ''}`,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: LOCAL_ENCRYPTION_KEY,
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			// Where the editor, REST API and webhooks answer; the trigger registers WEBHOOK_URL.
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: this.listenAddress,
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_EDITOR_BASE_URL: `${this.baseUrl}/`,
			WEBHOOK_URL: `${this.baseUrl}/`,
			N8N_SECURE_COOKIE: 'false',
			// Code nodes run in n8n's internal JS task runner; its broker needs a free port per process.
			N8N_RUNNERS_MODE: 'internal',
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_RUNNERS_BROKER_PORT: String(this.port + (kind === 'server' ? 1 : 2)),
			// No internet here: nothing that phones home.
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			// n8n 1.x has no mcp-registry module and refuses to start when an unknown one is named.
			...(N8N_MAJOR >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
			// The owner exists from the first start: the editor opens on a login, not a set-up form.
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: this.owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: 'Demo',
			N8N_INSTANCE_OWNER_LAST_NAME: 'User',
			N8N_INSTANCE_OWNER_PASSWORD_HASH: this.owner.hash,
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
			...this.options.env,
		};
	}

	/** Installs the package packed from `from` as users get it (devkit/tarball.ts). */
	installPackage(from: string = ROOT, way?: InstallWay): string {
		return installPackage(from, path.join(this.userFolder, '.n8n'), way);
	}

	/** The command line that runs `n8n <args>`: under unshare with a hostsFile. */
	command(args: readonly string[]): string[] {
		const n8n = [path.join(getN8nNodeBin(), 'node'), n8nEntry(), ...args];
		const hosts = this.options.hostsFile;
		if (!hosts) return n8n;
		// unshare makes the new namespace's mounts private: the bind mount never reaches the host.
		const script = 'mount --bind "$0" /etc/hosts && exec "$@"';
		return ['unshare', '-m', '--', 'sh', '-c', script, path.resolve(hosts), ...n8n];
	}

	private async cli(args: string[], timeout = 180_000): Promise<CliResult> {
		fs.mkdirSync(this.userFolder, { recursive: true });
		const [command, ...commandArgs] = this.command(args);
		const options = { env: this.env('cli'), cwd: this.userFolder, timeout, maxBuffer: 1 << 30 };
		const run = execFileAsync(command, commandArgs, { ...options, killSignal: 'SIGKILL' });
		const { code, stdout, stderr } = await run.then(
			(done) => ({ ...done, code: 0 }),
			(failed) => failed,
		);
		return { code: typeof code === 'number' ? code : null, stdout, stderr };
	}

	private async cliOrThrow(args: string[]): Promise<CliResult> {
		const result = await this.cli(args);
		const output = result.stdout + result.stderr;
		if (result.code !== 0 || CLI_FAILED.test(output))
			throw new Error(`n8n ${args.join(' ')} failed (exit ${result.code}):\n${tail(output, 40)}`);
		return result;
	}

	/** Imports credentials; `data` may be a plain object (n8n encrypts it). Same id = update. */
	importCredentials(credentials: object[]): Promise<CliResult> {
		return this.importJson('credentials', credentials);
	}

	/** Imports workflows (n8n's export format, each with an `id` of at most 21 characters). */
	importWorkflows(workflows: object[]): Promise<CliResult> {
		return this.importJson('workflow', workflows);
	}

	private async importJson(kind: string, items: object[]): Promise<CliResult> {
		fs.mkdirSync(this.userFolder, { recursive: true });
		const dir = fs.mkdtempSync(path.join(this.userFolder, `import-${kind}-`));
		items.forEach((item, i) => fs.writeFileSync(path.join(dir, `${i}.json`), JSON.stringify(item)));
		try {
			return await this.cliOrThrow([`import:${kind}`, '--separate', `--input=${dir}`]);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	/** Marks a workflow published (active) for the next `n8n start` (1.x: update:workflow). */
	async publish(workflowId: string): Promise<CliResult> {
		const id = `--id=${workflowId}`;
		const args =
			N8N_MAJOR >= 2 ? ['publish:workflow', id] : ['update:workflow', id, '--active=true'];
		return await this.cliOrThrow(args);
	}

	/** Runs the workflow from its Manual Trigger; the run data comes through n8n's info log. */
	async execute(workflowId: string, timeoutMs = 300_000): Promise<ExecuteResult> {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], timeoutMs);
		const run = parseRunOutput(result.stdout);
		return { ...result, run, ok: result.code === 0 && run?.status === 'success' };
	}

	/**
	 * Starts `n8n start` (or `worker`, `webhook`) in a process group of its own, with its task
	 * runners; resolves once /healthz/readiness answered 200 and, for `start`, the REST API
	 * answers (3 min at most).
	 */
	async start(command: readonly string[] = ['start']): Promise<void> {
		if (this.server) throw new Error('already started');
		fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
		this.server = await startServer(`n8n ${command.join(' ')}`, this.command(command), {
			env: this.env('server'),
			cwd: this.userFolder,
			logFile: this.logFile,
			ready: async () => {
				const signal = AbortSignal.timeout(5_000);
				if (!(await fetch(`${this.baseUrl}/healthz/readiness`, { signal })).ok) return false;
				// n8n 1.x is ready before it mounts its REST routes: wait for one (401 when mounted).
				if (command[0] !== 'start') return true;
				return (await fetch(`${this.baseUrl}/rest/login`, { signal })).status !== 404;
			},
			timeoutMs: 180_000,
		});
	}

	get pid(): number | undefined {
		return this.server?.child.pid;
	}

	exited(): Promise<number | null> {
		return this.server?.exited ?? Promise.resolve(null);
	}

	/** SIGTERM, SIGKILL after 20 s. */
	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		this.cookie = undefined;
		await server?.stop(20_000);
	}

	/**
	 * Logs in as the owner; resolves with the session cookie. n8n 1.x has no owner from the
	 * environment (N8N_INSTANCE_OWNER_*): the first login sets it up as the editor's form does
	 * (`POST /rest/owner/setup`, which answers with the session too); later ones log in.
	 */
	private async login(): Promise<string> {
		if (N8N_MAJOR < 2) {
			const { email, password } = this.owner;
			const body = { email, password, firstName: 'Demo', lastName: 'User' };
			const res = await fetchJson(`${this.baseUrl}/rest/owner/setup`, { method: 'POST', body });
			if (res.ok) return sessionCookie(res.headers);
			if (!/already setup/i.test(res.text))
				throw new Error(`owner set-up failed: ${res.status} ${res.text}`);
		}
		const body = { emailOrLdapLoginId: this.owner.email, password: this.owner.password };
		const res = await fetchJson(`${this.baseUrl}/rest/login`, { method: 'POST', body });
		if (!res.ok) throw new Error(`login failed: ${res.status} ${res.text}`);
		return sessionCookie(res.headers);
	}

	/** Calls n8n's internal REST API (/rest/...) as the owner; returns its `data`. */
	async rest<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const answer = await this.asOwner<{ data?: T }>(method, `/rest${route}`, body);
		return answer && typeof answer === 'object' && 'data' in answer ? answer.data! : (answer as T);
	}

	private async asOwner<T>(method: string, route: string, body?: unknown): Promise<T> {
		const headers = { cookie: (this.cookie ??= await this.login()) };
		const res = await fetchJson<T>(`${this.baseUrl}${route}`, { method, body, headers });
		if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${res.text.slice(0, 500)}`);
		return res.body;
	}

	/**
	 * Unpublishes and republishes a published workflow in the running n8n, so its trigger nodes
	 * register again (their webhook methods run). n8n 2.x does not re-run a trigger's `create`
	 * at start-up when its webhook is already stored, which is right for a real service but not
	 * for the sandbox, whose state starts fresh each run. Returns false when it is not published.
	 */
	async republish(workflowId: string): Promise<boolean> {
		const workflow = await this.rest<{ activeVersionId?: string | null }>(
			'GET',
			`/workflows/${workflowId}`,
		);
		const versionId = workflow.activeVersionId;
		if (!versionId) return false;
		await this.rest('POST', `/workflows/${workflowId}/deactivate`, {});
		await this.activate(workflowId, versionId);
		return true;
	}

	/** Publishes a workflow in the running n8n; its production webhook may 404 for a moment. */
	async activate(workflowId: string, versionId?: string): Promise<void> {
		versionId ??= (await this.rest<{ versionId: string }>('GET', `/workflows/${workflowId}`))
			.versionId;
		await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId });
	}

	/** The node types the editor loads, as `type` -> versions. */
	async nodeTypes(): Promise<Map<string, number[]>> {
		return typeVersions(await this.asOwner<NodeTypeEntry[]>('GET', '/types/nodes.json'));
	}

	/**
	 * The node types n8n loads, as `type` -> versions, without a server: `n8n export:nodes` (both
	 * lines) loads nodes as `n8n start` does, AI-tool variants included.
	 */
	async exportedNodeTypes(): Promise<Map<string, number[]>> {
		const file = path.join(this.userFolder, 'exported-nodes.json');
		try {
			await this.cliOrThrow(['export:nodes', `--output=${file}`]);
			return typeVersions(JSON.parse(fs.readFileSync(file, 'utf8')));
		} finally {
			fs.rmSync(file, { force: true });
		}
	}

	/** Executions of a workflow, newest first, without run data. */
	async executions(workflowId: string): Promise<ExecutionRow[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const route = `/executions?filter=${filter}&limit=100`;
		return (await this.rest<{ results: ExecutionRow[] }>('GET', route)).results;
	}

	/** One execution with its run data (n8n sends it `flatted`-encoded). */
	async execution(id: string): Promise<RunData & { id: string; workflowId: string }> {
		const execution = await this.rest<Record<string, unknown>>('GET', `/executions/${id}`);
		if (typeof execution.data === 'string') {
			const flatted = requireFromN8n<{ parse: (s: string) => unknown }>('flatted');
			execution.data = flatted.parse(execution.data);
		}
		return execution as unknown as RunData & { id: string; workflowId: string };
	}
}

/** The cookies n8n set, as a Cookie header. */
function sessionCookie(headers: Headers): string {
	return headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ');
}

type NodeTypeEntry = { name: string; version: number | number[] };

/** n8n's node type list (one entry per description) as `type` -> versions. */
function typeVersions(entries: NodeTypeEntry[]): Map<string, number[]> {
	const known = new Map<string, number[]>();
	for (const { name, version } of entries)
		known.set(name, [...(known.get(name) ?? []), ...[version].flat()]);
	return known;
}

/** The first pretty-printed JSON object on stdout that looks like run data. */
export function parseRunOutput(stdout: string): RunData | undefined {
	for (const [block] of stdout.matchAll(/^\{\n[\s\S]*?\n\}$/gm)) {
		try {
			const parsed = JSON.parse(block);
			if (parsed?.data?.resultData) return parsed as RunData;
		} catch {
			// not this block
		}
	}
	return undefined;
}

/** The json of what a node sent on its first output, in its first run. */
export function nodeItems(run: RunData | undefined, node: string): Array<Record<string, unknown>> {
	return (nodeTask(run, node)?.data?.main?.[0] ?? []).map((item) => item.json);
}

export function nodeTask(run: RunData | undefined, node: string): ITaskData | undefined {
	return run?.data.resultData.runData[node]?.[0];
}
