/**
 * What every bench:n8n and bench:memory run shares: the plan it measures against, the settings
 * read from the environment, the frame of a run (its artifacts, the sandbox, progress on stderr)
 * and a fresh `n8n start` with the workflows published.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ARTIFACTS_DIR } from '../../devkit/paths';
import { N8n } from '../../devkit/n8n';
import { freePort } from '../../devkit/loopback';
import { cleanUpOnExit } from '../../devkit/proc';
import { Sandbox } from '../../devkit/sandbox';
import type { WorkflowJson } from '../../devkit/setup';

/** The plan every bench:n8n run measures against: the sandbox's latency, concurrency and rate. */
export const PLAN = { latencyMs: 100, concurrency: 10, ratePerMinute: 6000 };

/** The sandbox's configuration for that plan: reset with it before each part. */
export const SANDBOX_CONFIG = {
	latencyMs: PLAN.latencyMs,
	credits: 100_000_000,
	plan: { concurrency: PLAN.concurrency, rateLimitPerMinute: PLAN.ratePerMinute },
};

/** What the plan allows: items per second. */
export const LIMIT = Math.min(PLAN.concurrency / (PLAN.latencyMs / 1000), PLAN.ratePerMinute / 60);

export const SETTINGS = {
	...PLAN,
	/** Where logs go. */
	artifactsDir: path.join(ARTIFACTS_DIR, 'bench-n8n'),
	/** For experiments: install the package packed from here (npm pack) instead of the checkout. */
	packageFrom: process.env.WEBDATA_BENCH_PACKAGE || undefined,
	/** For experiments: extra environment for every n8n process. */
	n8nEnv: process.env.WEBDATA_BENCH_N8N_ENV
		? (JSON.parse(process.env.WEBDATA_BENCH_N8N_ENV) as Record<string, string>)
		: undefined,
};

/** The machine's 1-minute load average: the figures depend on what else runs on its cores. */
export const load = () => os.loadavg()[0].toFixed(1);

/**
 * A benchmark's main: a fresh `artifactsDir`, the sandbox in its own process (its log there),
 * then `body`; exits 0, or 1 after printing the error. `say` prints progress on stderr.
 */
export function benchMain(
	name: string,
	artifactsDir: string,
	body: (sandbox: Sandbox, say: (text: string) => void) => Promise<void>,
): void {
	const say = (text: string) => process.stderr.write(`[${name}] ${text}\n`);
	const main = async () => {
		fs.rmSync(artifactsDir, { recursive: true, force: true });
		fs.mkdirSync(artifactsDir, { recursive: true });
		const sandbox = new Sandbox(await freePort(), path.join(artifactsDir, 'sandbox.log'));
		try {
			await sandbox.start();
			await body(sandbox, say);
		} finally {
			await sandbox.stop();
		}
	};
	main().then(
		() => process.exit(0),
		(error) => {
			say(String((error as Error).stack ?? error));
			process.exit(1);
		},
	);
}

export interface FreshN8n {
	logFile: string;
	credentials: object[];
	/** Imported, then published once n8n runs. */
	workflows: WorkflowJson[];
	packageFrom?: string;
	env?: Record<string, string>;
}

/** `fn` with a fresh `n8n start` (regular mode, SQLite) in a throw-away user folder. */
export async function withN8n<T>(options: FreshN8n, fn: (n8n: N8n) => Promise<T>): Promise<T> {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-bench-'));
	const release = cleanUpOnExit(undefined, [userFolder]);
	const { logFile, env } = options;
	const n8n = new N8n({ userFolder, port: await freePort(3), logFile, env });
	try {
		n8n.installPackage(options.packageFrom);
		await n8n.importCredentials(options.credentials);
		await n8n.importWorkflows(options.workflows);
		await n8n.start();
		for (const workflow of options.workflows) await n8n.activate(workflow.id);
		return await fn(n8n);
	} finally {
		await n8n.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
		release();
	}
}
