/**
 * What each end-to-end test file sets up: one sandbox and one n8n user folder (the package
 * installed, the sandbox credential and the file's workflows imported), step timings, and run
 * outputs saved in E2E_ARTIFACTS_DIR (artifacts/e2e, or artifacts/e2e-1x under n8n 1.x).
 */
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';

import { N8n, nodeItems, type ExecuteResult, type RunData } from '../../devkit/n8n';
import { E2E_ARTIFACTS_DIR } from '../../devkit/paths';
import { freePort, serveLoopback } from '../../devkit/loopback';
import { Sandbox } from '../../devkit/sandbox';
import { sandboxCredential } from '../../devkit/setup';

export class Suite {
	readonly art = E2E_ARTIFACTS_DIR;
	readonly timings: Record<string, number> = {};
	sandbox!: Sandbox;
	n8n!: N8n;
	private userFolder = '';

	/** `name` names the timings file (timings-<name>.json). */
	constructor(private readonly name: string) {}

	async time<T>(step: string, fn: () => Promise<T>): Promise<T> {
		const started = Date.now();
		try {
			return await fn();
		} finally {
			this.timings[step] = Date.now() - started;
		}
	}

	/**
	 * Starts the sandbox, prepares n8n's user folder (with its own /etc/hosts when given, see
	 * N8nOptions) and imports the sandbox credential, `credentials` and `workflows`.
	 */
	async setUp(setup: { credentials?: object[]; workflows: object[]; hostsFile?: string }) {
		const { credentials = [], workflows, hostsFile } = setup;
		fs.mkdirSync(this.art, { recursive: true });
		this.sandbox = new Sandbox(await freePort(), path.join(this.art, `sandbox-${this.name}.log`));
		await this.time('sandbox start', () => this.sandbox.start());
		this.userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-e2e-'));
		this.n8n = new N8n({
			userFolder: this.userFolder,
			port: await freePort(3),
			logFile: path.join(this.art, `n8n-start-${this.name}.log`),
			hostsFile,
		});
		this.n8n.installPackage();
		await this.time('import:credentials (first n8n command: database set-up)', () =>
			this.n8n.importCredentials([
				sandboxCredential(this.sandbox.baseUrl, this.sandbox.apiKey),
				...credentials,
			]),
		);
		await this.time('import:workflow', () => this.n8n.importWorkflows(workflows));
	}

	async tearDown(): Promise<void> {
		await this.n8n?.stop();
		await this.sandbox?.stop();
		fs.mkdirSync(this.art, { recursive: true });
		fs.writeFileSync(
			path.join(this.art, `timings-${this.name}.json`),
			JSON.stringify(this.timings, null, 2),
		);
		process.stdout.write(
			`\ne2e step timings, ${this.name} (ms):\n${Object.entries(this.timings)
				.map(([k, v]) => `  ${String(v).padStart(7)}  ${k}`)
				.join('\n')}\n`,
		);
		if (this.userFolder) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	saveRun(name: string, result: ExecuteResult): void {
		fs.writeFileSync(path.join(this.art, `${name}.stdout.txt`), result.stdout);
		const stderr = path.join(this.art, `${name}.stderr.txt`);
		if (result.stderr) fs.writeFileSync(stderr, result.stderr);
		else fs.rmSync(stderr, { force: true });
	}
}

/** The run's error message (and description), or '' when it has none. */
/**
 * Runs a workflow of Web Data Account > Get and expects it to succeed with one item, the sandbox
 * having answered only `GET /account` with 200 (it answers 401 without the bearer key).
 */
export async function expectAccountGetRuns(
	suite: Suite,
	n8n: N8n,
	workflowId: string,
	label: string,
): Promise<void> {
	await suite.sandbox.clearRequests();
	const result = await suite.time(`execute: Account > Get, ${label}`, () =>
		n8n.execute(workflowId),
	);
	suite.saveRun(`account-get-${label.replace(/\W+/g, '-')}`, result);
	expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
		status: 'success',
		error: '',
	});
	expect(nodeItems(result.run, 'Account')).toHaveLength(1);
	const requests = await suite.sandbox.requests();
	expect(new Set(requests.map((r) => `${r.method} ${r.path} ${r.status}`))).toEqual(
		new Set(['GET /account 200']),
	);
}

export function runError(run: RunData | undefined): string {
	const error = run?.data.resultData.error;
	return error ? `${error.message}${error.description ? ` (${error.description})` : ''}` : '';
}

/**
 * Posts a forged crawl.completed delivery to the URL the trigger registered, with its token
 * removed; resolves with the HTTP status n8n answered.
 */
export async function deliverWithoutToken(registeredUrl: string): Promise<number> {
	const url = new URL(registeredUrl);
	expect([...url.searchParams.keys()].length).toBeGreaterThan(0);
	url.search = '';
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ event: 'crawl.completed', jobId: 'crawl_forged', data: {} }),
	});
	return res.status;
}

/** A loopback logo host: a PNG at any path, and what it was asked. */
export async function serveLogos() {
	const requests: Array<{ path: string; headers: http.IncomingHttpHeaders }> = [];
	const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
	const server = await serveLoopback((req, _body, res) => {
		requests.push({ path: req.url ?? '', headers: req.headers });
		res.writeHead(200, { 'content-type': 'image/png' }).end(png);
	});
	return { ...server, requests };
}
