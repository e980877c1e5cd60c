/**
 * The local Web Data Service (sandbox/) as a child in a process group of its own, and its admin
 * API (/__sandbox). Its first stdout line is `WEBDATA_SANDBOX_READY {"baseUrl":..,"apiKey":..}`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { SandboxConfigOverrides } from '../sandbox/config';
import type { RequestRecord, WebhookRecord } from '../sandbox/state';
import { fetchJson } from './loopback';
import { ROOT } from './paths';
import { startGroup, type Group } from './proc';
import { nodeExecutable } from './toolchain';
import { waitFor } from './wait';

export const SANDBOX_CLI = path.join(ROOT, 'dist-dev', 'sandbox', 'cli.js');
const READY = 'WEBDATA_SANDBOX_READY ';

export type RecordedRequest = RequestRecord;
export type SandboxWebhook = Partial<WebhookRecord> & Pick<WebhookRecord, 'id' | 'url'>;
export interface AdminJob {
	id: string;
	status: string;
	completedAt?: string;
	[key: string]: unknown;
}

export interface SandboxOptions {
	/** Settings over the defaults (WEBDATA_SANDBOX_CONFIG). */
	config?: SandboxConfigOverrides;
	/** Default Node 24 (nodeExecutable). */
	node?: string;
	/** Passes its stderr to this process's instead of the log file. */
	inheritStderr?: boolean;
}

export class Sandbox {
	baseUrl = '';
	apiKey = '';
	private server?: Group;

	/** `port` 0: one the system picks. */
	constructor(
		readonly port: number,
		private readonly logFile?: string,
		private readonly options: SandboxOptions = {},
	) {}

	async start(timeoutMs = 30_000): Promise<void> {
		if (!fs.existsSync(SANDBOX_CLI))
			throw new Error(`${SANDBOX_CLI} is missing: run \`npm run build\` first`);
		const { config, node, inheritStderr } = this.options;
		this.server = startGroup(node ?? nodeExecutable(), [SANDBOX_CLI, '--port', String(this.port)], {
			cwd: ROOT,
			env: { ...process.env, WEBDATA_SANDBOX_CONFIG: config ? JSON.stringify(config) : '' },
			stdio: ['ignore', 'pipe', inheritStderr ? 'inherit' : 'pipe'],
		});
		const { child, exited } = this.server;
		const log = this.logFile ? fs.createWriteStream(this.logFile, { flags: 'a' }) : undefined;
		let output = '';
		for (const stream of [child.stdout, child.stderr])
			stream?.on('data', (d: Buffer) => {
				output += d.toString();
				log?.write(d);
			});
		let exit: string | undefined;
		void exited.then((code) => (exit = `exited (${code}) before it was ready`));
		const readyLine = () => exit ?? output.split('\n').find((l) => l.startsWith(READY));
		const line = await waitFor(readyLine, { timeoutMs, intervalMs: 20 }).catch(
			() => `not ready within ${timeoutMs} ms`,
		);
		if (!line.startsWith(READY)) throw new Error(`sandbox ${line}:\n${output}`);
		const info = JSON.parse(line.slice(READY.length));
		this.baseUrl = String(info.baseUrl).replace(/\/+$/, '');
		this.apiKey = info.apiKey;
	}

	get pid(): number | undefined {
		return this.server?.child.pid;
	}

	async stop(): Promise<void> {
		await this.server?.stop(5_000);
		this.server = undefined;
	}

	async admin<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const res = await fetchJson<T>(`${this.baseUrl}/__sandbox${route}`, { method, body });
		if (!res.ok)
			throw new Error(`sandbox ${method} ${route}: ${res.status} ${res.text.slice(0, 300)}`);
		return res.body;
	}

	reset(config?: SandboxConfigOverrides): Promise<unknown> {
		return this.admin('POST', '/reset', config);
	}

	requests(): Promise<RecordedRequest[]> {
		return this.admin('GET', '/requests');
	}

	clearRequests(): Promise<unknown> {
		return this.admin('DELETE', '/requests');
	}

	configure(config: Record<string, unknown>): Promise<unknown> {
		return this.admin('PATCH', '/config', config);
	}

	jobs(): Promise<AdminJob[]> {
		return this.admin('GET', '/jobs');
	}

	webhooks(): Promise<SandboxWebhook[]> {
		return this.admin('GET', '/webhooks');
	}

	async createJob(type: string, durationMs?: number): Promise<string> {
		return (await this.admin<{ id: string }>('POST', '/jobs', { type, durationMs })).id;
	}

	/** Calls the service API itself, as a client would. */
	api<T = unknown>(method: string, route: string, body?: unknown) {
		const headers = { authorization: `Bearer ${this.apiKey}` };
		return fetchJson<T>(`${this.baseUrl}${route}`, { method, body, headers });
	}
}
