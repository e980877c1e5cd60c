/**
 * The sandbox in a child process (its CLI, dist-dev/sandbox/cli.js), so the server's own work
 * does not share the bench's event loop with the node under test, as with a real remote service.
 * Driven through the sandbox's admin API (/__sandbox/...).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';

import type { SandboxConfigOverrides } from '../sandbox/config';

export interface LoggedRequest {
	method: string;
	path: string;
	status: number;
	/** ISO time the request arrived. */
	at: string;
}

export interface AdminJob {
	id: string;
	status: string;
	createdAt?: string;
	startedAt?: string;
	completedAt?: string;
	[key: string]: unknown;
}

export class SandboxProcess {
	private constructor(
		private readonly child: ChildProcess,
		readonly baseUrl: string,
		readonly apiKey: string,
	) {}

	static async start(config: SandboxConfigOverrides): Promise<SandboxProcess> {
		const cli = path.join(__dirname, '..', 'sandbox', 'cli.js');
		const child = spawn(process.execPath, [cli, '--port', '0'], {
			env: { ...process.env, WEBDATA_SANDBOX_CONFIG: JSON.stringify(config) },
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		const ready = await new Promise<{ baseUrl: string; apiKey: string }>((resolve, reject) => {
			let buffer = '';
			const onData = (chunk: Buffer) => {
				buffer += chunk.toString('utf8');
				const line = buffer.split('\n').find((l) => l.startsWith('WEBDATA_SANDBOX_READY '));
				if (line) {
					child.stdout!.off('data', onData);
					child.stdout!.resume();
					resolve(
						JSON.parse(line.slice('WEBDATA_SANDBOX_READY '.length)) as {
							baseUrl: string;
							apiKey: string;
						},
					);
				}
			};
			child.stdout!.on('data', onData);
			child.once('exit', (code) =>
				reject(new Error(`the sandbox exited (${code}) before it was ready`)),
			);
			child.once('error', reject);
		});
		return new SandboxProcess(child, ready.baseUrl, ready.apiKey);
	}

	private async admin<T>(method: string, route: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.baseUrl}/__sandbox${route}`, {
			method,
			headers: body === undefined ? undefined : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok)
			throw new Error(
				`sandbox admin ${method} ${route}: HTTP ${response.status} ${await response.text()}`,
			);
		return (await response.json()) as T;
	}

	/** Back to the seeds and the starting config (clears the request log and the rate window). */
	async reset(): Promise<void> {
		await this.admin('POST', '/reset', {});
	}

	requests(): Promise<LoggedRequest[]> {
		return this.admin('GET', '/requests');
	}

	jobs(): Promise<AdminJob[]> {
		return this.admin('GET', '/jobs');
	}

	async close(): Promise<void> {
		if (this.child.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			this.child.once('exit', () => resolve());
			this.child.kill('SIGTERM');
		});
	}
}
