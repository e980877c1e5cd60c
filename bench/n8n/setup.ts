/**
 * What every bench:n8n and bench:memory run shares: the plan, the settings read from the
 * environment, the frame of a run, a fresh `n8n start` and the workflows. Each workflow is
 * Webhook (POST `{domains: [{domain}, ...]}`, answered when the last node is done) > Split Out >
 * the node under test, which keeps failed items as output so they can be counted.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ARTIFACTS_DIR } from '../../devkit/paths';
import { N8n } from '../../devkit/n8n';
import { freePort } from '../../devkit/loopback';
import { cleanUpOnExit } from '../../devkit/proc';
import { Sandbox } from '../../devkit/sandbox';
import type { UsageAt } from '../../sandbox/config';
import {
	HEADER_AUTH_CREDENTIAL_ID,
	HEADER_AUTH_CREDENTIAL_NAME,
	baseNode,
	chainWorkflow,
	webDataNode,
	webhookTrigger,
	type DraftNode,
	type WorkflowJson,
} from '../../devkit/setup';

export const PLAN = { latencyMs: 100, concurrency: 10, ratePerMinute: 6000 };

/**
 * When the usage read takes the usage it reports (WEBDATA_BENCH_USAGE_AT=arrival or answer, the
 * sandbox's default; sandbox/README.md `usageAt`).
 */
export const USAGE_AT: UsageAt =
	process.env.WEBDATA_BENCH_USAGE_AT === 'arrival' ? 'arrival' : 'answer';

/** The sandbox's configuration for PLAN: reset with it before each part. */
export const SANDBOX_CONFIG = {
	latencyMs: PLAN.latencyMs,
	usageAt: USAGE_AT,
	credits: 100_000_000,
	plan: { concurrency: PLAN.concurrency, rateLimitPerMinute: PLAN.ratePerMinute },
};

/** What a plan allows: items per second. */
export const limitOf = (p: typeof PLAN) =>
	Math.min(p.concurrency / (p.latencyMs / 1000), p.ratePerMinute / 60);
export const LIMIT = limitOf(PLAN);

export const SETTINGS = {
	...PLAN,
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
	fs.rmSync(artifactsDir, { recursive: true, force: true });
	fs.mkdirSync(artifactsDir, { recursive: true });
	const sandbox = new Sandbox(0, path.join(artifactsDir, 'sandbox.log'));
	const fail = (error: unknown) => {
		say(String((error as Error).stack ?? error));
		process.exit(1);
	};
	sandbox
		.start()
		.then(() => body(sandbox, say))
		.finally(() => sandbox.stop())
		.then(() => process.exit(0), fail);
}

/**
 * `fn` with a fresh `n8n start` (regular mode, SQLite) in a throw-away user folder, the
 * workflows imported and published, the package and environment of SETTINGS.
 */
export async function withN8n<T>(
	options: { logFile: string; credentials: object[]; workflows: WorkflowJson[] },
	fn: (n8n: N8n) => Promise<T>,
): Promise<T> {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-bench-'));
	const release = cleanUpOnExit(undefined, [userFolder]);
	const { logFile, workflows } = options;
	const n8n = new N8n({ userFolder, port: await freePort(3), logFile, env: SETTINGS.n8nEnv });
	try {
		n8n.installPackage(SETTINGS.packageFrom);
		await n8n.importCredentials(options.credentials);
		await n8n.importWorkflows(workflows);
		await n8n.start();
		for (const workflow of workflows) await n8n.activate(workflow.id);
		return await fn(n8n);
	} finally {
		await n8n.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
		release();
	}
}

/** The node under test in every workflow: its run data gives the timing and the items. */
export const NODE_UNDER_TEST = 'Under test';

/** A production webhook at `path` that answers, without data, when the last node is done. */
export const benchWebhook = (path: string) =>
	webhookTrigger(path, { responseMode: 'lastNode', responseData: 'noData' });

function webhookWorkflow(id: string, label: string, node: DraftNode) {
	const path = `bench-${id}`;
	const split = baseNode('Split Out', 'splitOut', { fieldToSplitOut: 'body.domains', options: {} });
	const underTest = { ...node, name: NODE_UNDER_TEST, onError: 'continueRegularOutput' };
	const workflow = chainWorkflow(id, `bench: ${label}`, [benchWebhook(path), split, underTest]);
	return { id, path, label, workflow };
}

export type BenchWorkflow = ReturnType<typeof webhookWorkflow>;

export function brandWorkflow(): BenchWorkflow {
	const parameters = { operation: 'retrieve', domain: '={{ $json.domain }}', options: {} };
	const node = webDataNode(NODE_UNDER_TEST, 'webDataBrand', parameters);
	return webhookWorkflow('wdBenchBrand', 'Web Data Brand > Retrieve (default settings)', node);
}

/**
 * n8n's HTTP Request node with the key as Header Auth (the Web Data credential is restricted to
 * this package's nodes, as users calling the API directly find): default settings, or batches of
 * 10 every 100 ms.
 */
export function httpRequestWorkflow(baseUrl: string, batching: boolean): BenchWorkflow {
	const parameters = {
		url: `${baseUrl}/brand/retrieve`,
		authentication: 'genericCredentialType',
		genericAuthType: 'httpHeaderAuth',
		sendQuery: true,
		queryParameters: { parameters: [{ name: 'domain', value: '={{ $json.domain }}' }] },
		options: batching ? { batching: { batch: { batchSize: 10, batchInterval: 100 } } } : {},
	};
	const httpHeaderAuth = { id: HEADER_AUTH_CREDENTIAL_ID, name: HEADER_AUTH_CREDENTIAL_NAME };
	const [id, label] = batching
		? ['wdBenchHttpBatched', 'HTTP Request (batches of 10, 100 ms apart)']
		: ['wdBenchHttp', 'HTTP Request (default settings)'];
	const node = baseNode(NODE_UNDER_TEST, 'httpRequest', parameters, 4.2);
	return webhookWorkflow(id, label, { ...node, credentials: { httpHeaderAuth } });
}

/** `count` distinct domains for one call: `<tag>-<i>.example`. */
export const domains = (tag: string, count: number) =>
	Array.from({ length: count }, (_, i) => `${tag}-${i}.example`);
