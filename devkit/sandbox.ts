/**
 * The local Web Data Service (sandbox/) as a child process, and its admin API.
 *
 * Contract of `node dist-dev/sandbox/cli.js --port N`: the first stdout line is
 * `WEBDATA_SANDBOX_READY {"baseUrl":"http://127.0.0.1:N","apiKey":"bc_..."}`. The admin API
 * (no auth) lives under /__sandbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { SandboxConfigOverrides } from '../sandbox/config';
import { ROOT } from './paths';
import { getNode24Bin } from './toolchain';
import { stopChild } from './wait';

export const SANDBOX_CLI = path.join(ROOT, 'dist-dev', 'sandbox', 'cli.js');

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, unknown>;
	body: unknown;
	status: number;
	at: string;
}

export interface SandboxWebhook {
	id: string;
	url: string;
	events: string[];
	isActive: boolean;
	secret?: string;
	deliveries?: Array<Record<string, unknown>>;
	recentDeliveries?: Array<Record<string, unknown>>;
	[k: string]: unknown;
}

export interface AdminJob {
	id: string;
	status: string;
	createdAt?: string;
	startedAt?: string;
	completedAt?: string;
	[key: string]: unknown;
}

export interface SandboxOptions {
	/** Settings over the defaults (WEBDATA_SANDBOX_CONFIG). */
	config?: SandboxConfigOverrides;
	/** The Node to run it on: Node 24 (getNode24Bin) unless given, e.g. process.execPath. */
	node?: string;
	/** Passes the sandbox's stderr through to this process's (kept in the log file otherwise). */
	inheritStderr?: boolean;
}

export class Sandbox {
	baseUrl = '';
	apiKey = '';
	private child?: ChildProcess;
	private exit?: Promise<number | null>;

	constructor(
		readonly port: number,
		private readonly logFile?: string,
		private readonly args: string[] = [],
		private readonly options: SandboxOptions = {},
	) {}

	/** Starts the sandbox and resolves with the time it took (ms). */
	async start(timeoutMs = 30_000): Promise<number> {
		if (!fs.existsSync(SANDBOX_CLI))
			throw new Error(`${SANDBOX_CLI} is missing: run \`npm run build\` first`);
		const started = Date.now();
		const { config, node, inheritStderr } = this.options;
		const child = spawn(
			node ?? path.join(getNode24Bin(), 'node'),
			[SANDBOX_CLI, '--port', String(this.port), ...this.args],
			{
				cwd: ROOT,
				env: config
					? { ...process.env, WEBDATA_SANDBOX_CONFIG: JSON.stringify(config) }
					: process.env,
				stdio: ['ignore', 'pipe', inheritStderr ? 'inherit' : 'pipe'],
			},
		);
		this.child = child;
		this.exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
		const log = this.logFile ? fs.createWriteStream(this.logFile, { flags: 'a' }) : undefined;
		let buffer = '';
		let stderr = '';
		child.stderr?.on('data', (d: Buffer) => {
			stderr += d.toString();
			log?.write(d);
		});
		const ready = new Promise<void>((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error(`sandbox not ready within ${timeoutMs} ms:\n${buffer}${stderr}`)),
				timeoutMs,
			);
			child.stdout?.on('data', (d: Buffer) => {
				log?.write(d);
				if (this.baseUrl) return;
				buffer += d.toString();
				const line = buffer.split('\n').find((l) => l.startsWith('WEBDATA_SANDBOX_READY '));
				if (line) {
					const info = JSON.parse(line.slice('WEBDATA_SANDBOX_READY '.length));
					this.baseUrl = String(info.baseUrl).replace(/\/+$/, '');
					this.apiKey = info.apiKey;
					clearTimeout(timer);
					resolve();
				}
			});
			void this.exit?.then((code) => {
				clearTimeout(timer);
				reject(new Error(`sandbox exited (${code}) before it was ready:\n${buffer}${stderr}`));
			});
		});
		await ready;
		return Date.now() - started;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	async stop(): Promise<void> {
		const child = this.child;
		if (!child) return;
		this.child = undefined;
		if (this.exit) await stopChild(child, this.exit, 5_000);
	}

	async admin<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const res = await fetch(`${this.baseUrl}/__sandbox${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		if (!res.ok) throw new Error(`sandbox ${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}

	reset(): Promise<unknown> {
		return this.admin('POST', '/reset');
	}

	async requests(): Promise<RecordedRequest[]> {
		return unwrapList<RecordedRequest>(await this.admin('GET', '/requests'), 'requests');
	}

	clearRequests(): Promise<unknown> {
		return this.admin('DELETE', '/requests');
	}

	configure(config: Record<string, unknown>): Promise<unknown> {
		return this.admin('PATCH', '/config', config);
	}

	async jobs(): Promise<AdminJob[]> {
		return unwrapList<AdminJob>(await this.admin('GET', '/jobs'), 'jobs');
	}

	async webhooks(): Promise<SandboxWebhook[]> {
		return unwrapList<SandboxWebhook>(await this.admin('GET', '/webhooks'), 'webhooks');
	}

	async createJob(type: string, durationMs?: number): Promise<string> {
		const res = await this.admin<Record<string, unknown>>('POST', '/jobs', { type, durationMs });
		const id = res.id ?? (res.data as Record<string, unknown> | undefined)?.id;
		return String(id);
	}

	/** Calls the service API itself, as a client would. */
	async api<T = unknown>(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; body: T }> {
		const res = await fetch(`${this.baseUrl}${route}`, {
			method,
			headers: {
				authorization: `Bearer ${this.apiKey}`,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			// left as text
		}
		return { status: res.status, body: parsed as T };
	}
}

/** Accepts `[...]`, `{requests: [...]}` or `{data: [...]}`. */
function unwrapList<T>(value: unknown, key: string): T[] {
	if (Array.isArray(value)) return value as T[];
	if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		if (Array.isArray(record[key])) return record[key] as T[];
		if (Array.isArray(record.data)) return record.data as T[];
	}
	throw new Error(`unexpected sandbox answer: ${JSON.stringify(value).slice(0, 200)}`);
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
	const net = await import('node:net');
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** A port p with p .. p + count - 1 all free on 127.0.0.1 (n8n takes its port and the next two). */
export async function freePortBlock(count: number): Promise<number> {
	const net = await import('node:net');
	const isFree = (port: number) =>
		new Promise<boolean>((resolve) => {
			const server = net.createServer();
			server.once('error', () => resolve(false));
			server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
		});
	for (let attempt = 0; attempt < 50; attempt++) {
		const base = 20000 + Math.floor(Math.random() * 30000);
		let ok = true;
		for (let i = 0; i < count && ok; i++) ok = await isFree(base + i);
		if (ok) return base;
	}
	throw new Error(`no block of ${count} free ports found`);
}
