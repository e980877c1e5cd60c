/**
 * The local Web Data Service (sandbox/) as a child in a process group of its own, and its admin
 * API (/__sandbox): it is ready once that answers with its config, whose first key is `apiKey`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { SandboxConfig, SandboxConfigOverrides } from '../sandbox/config';
import type { RequestRecord, WebhookRecord } from '../sandbox/state';
import { fetchJson, freePort } from './loopback';
import { ROOT } from './paths';
import { startServer, type Group } from './proc';
import { nodeExecutable } from './toolchain';

export const SANDBOX_CLI = path.join(ROOT, '.dist-dev', 'sandbox', 'cli.js');

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
}

export class Sandbox {
	baseUrl = '';
	apiKey = '';
	private server?: Group;

	/** `port` 0: a free one. */
	constructor(
		readonly port: number,
		private readonly logFile?: string,
		private readonly options: SandboxOptions = {},
	) {}

	async start(): Promise<void> {
		if (!fs.existsSync(SANDBOX_CLI))
			throw new Error(`${SANDBOX_CLI} is missing: run \`npm run build\` first`);
		const { config, node = nodeExecutable() } = this.options;
		const port = this.port || (await freePort());
		this.baseUrl = `http://127.0.0.1:${port}`;
		const ready = async () =>
			(this.apiKey = (await this.admin<SandboxConfig>('GET', '/config')).apiKeys[0]);
		this.server = await startServer('sandbox', [node, SANDBOX_CLI, '--port', String(port)], {
			cwd: ROOT,
			env: { ...process.env, WEBDATA_SANDBOX_CONFIG: config ? JSON.stringify(config) : '' },
			logFile: this.logFile,
			ready,
			timeoutMs: 30_000,
		});
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
