/**
 * Queue mode, end to end: the pinned n8n as main + worker + webhook processor (devkit/queue.ts)
 * on a throw-away PostgreSQL and Redis, the package installed in each process's own user folder,
 * against the sandbox. All on 127.0.0.1.
 *   a. Webhook > Split Out (50 items) > Web Data Brand runs on the worker, every item succeeds,
 *      and the sandbox sees each of the 50 domains exactly once;
 *   b. Web Data Trigger, activated by main, registers the webhook processor's URL; a crawl's
 *      `crawl.completed` reaches the webhook processor and the worker records exactly one
 *      successful execution; a delivery without the token starts nothing;
 *   c. Web Data Crawl > Get Status with Output: One File (JSON Lines) runs on the worker, its file
 *      stored in the database (the binary data mode of queue mode), and Extract From File on the
 *      worker reads every page result back;
 *   d. stopping the cluster leaves no process behind.
 * Logs and timings: artifacts/e2e/queue/.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { nodeItems, type ExecutionRow } from '../../devkit/n8n';
import { ARTIFACTS_DIR } from '../../devkit/paths';
import { QueueCluster } from '../../devkit/queue';
import { freePort } from '../../devkit/loopback';
import { Sandbox } from '../../devkit/sandbox';
import { sleep } from '../../devkit/wait';
import { sandboxCredential, type WorkflowJson } from '../../devkit/setup';
import { demoCrawl } from './operations';
import {
	TRIGGER_WORKFLOW_ID,
	crawlToFileNode,
	triggerWorkflow,
	webhookBrandsWorkflow,
} from './workflows';
import { deliverWithoutToken } from './suite';

const ART = path.join(ARTIFACTS_DIR, 'e2e', 'queue');
const ITEMS = 50;
const BRANDS_WORKFLOW_ID = 'wdQueueBrands';
const BRANDS_PATH = 'webdata-queue-brands';
const CONCURRENCY = 5;

/** Writes which process ran the execution into its run data (`$env` is opened for this). */
function marker(id: string, x: number): WorkflowJson['nodes'][number] {
	return {
		id,
		name: 'Ran on',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [x, 0],
		executeOnce: true,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{ id: `${id}-a`, name: 'process', value: '={{ $env.WEBDATA_PROCESS }}', type: 'string' },
				],
			},
			includeOtherFields: false,
			options: {},
		},
	};
}

/** Webhook (POST {domains: [{domain}, ...]}) > Split Out > Web Data Brand > Ran on. */
function brandsWorkflow(): WorkflowJson {
	const workflow = webhookBrandsWorkflow({
		id: BRANDS_WORKFLOW_ID,
		name: 'e2e queue: 50 brands from a webhook',
		path: BRANDS_PATH,
		webhookId: '4f7c2a10-9d3e-4b8a-a1f0-3c5e7d9b2e61',
		brandNode: 'Web Data Brand',
	});
	workflow.nodes.push(marker('qb-ran-on', 660));
	workflow.connections['Web Data Brand'] = { main: [[{ node: 'Ran on', type: 'main', index: 0 }]] };
	return workflow;
}

/** The suite's usual trigger workflow on wh_demo, with the marker after it. */
function queueTriggerWorkflow(): WorkflowJson {
	const workflow = triggerWorkflow('wh_demo');
	workflow.nodes.push(marker('tr-ran-on', 440));
	workflow.connections.Received = { main: [[{ node: 'Ran on', type: 'main', index: 0 }]] };
	return workflow;
}

const FILE_WORKFLOW_ID = 'wdQueueCrawlFile';
const FILE_PATH = 'webdata-queue-crawl-file';

/** Webhook > Web Data Crawl (crawl_demo to one file) > Extract From File (text) > Ran on. */
function crawlFileWorkflow(): WorkflowJson {
	return {
		id: FILE_WORKFLOW_ID,
		name: 'e2e queue: a crawl to one file, read back',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'qf-webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '8d2b6e40-1c7f-4a93-b5e2-7f0a9c3d4e15',
				parameters: {
					httpMethod: 'POST',
					path: FILE_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			crawlToFileNode('qf-crawl', 'Crawl to file', [220, 0]),
			{
				id: 'qf-extract',
				name: 'Extract From File',
				type: 'n8n-nodes-base.extractFromFile',
				typeVersion: 1,
				position: [440, 0],
				parameters: { operation: 'text', binaryPropertyName: 'data', destinationKey: 'text' },
			},
			marker('qf-ran-on', 660),
		],
		connections: {
			Webhook: { main: [[{ node: 'Crawl to file', type: 'main', index: 0 }]] },
			'Crawl to file': { main: [[{ node: 'Extract From File', type: 'main', index: 0 }]] },
			'Extract From File': { main: [[{ node: 'Ran on', type: 'main', index: 0 }]] },
		},
	};
}

let sandbox: Sandbox;
let cluster: QueueCluster;
const timings: Record<string, number> = {};

beforeAll(async () => {
	fs.rmSync(ART, { recursive: true, force: true });
	cluster = new QueueCluster({
		workers: 1,
		concurrency: CONCURRENCY,
		artifactsDir: ART,
		// Each process says who it is through $env in the marker node.
		env: { N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false' },
	});
	let t = Date.now();
	sandbox = new Sandbox(await freePort(), path.join(cluster.logDir, 'sandbox.log'));
	await sandbox.start();
	timings['sandbox start'] = Date.now() - t;
	t = Date.now();
	await cluster.start(async (main) => {
		await main.importCredentials([sandboxCredential(sandbox.baseUrl, sandbox.apiKey)]);
		await main.importWorkflows([brandsWorkflow(), queueTriggerWorkflow(), crawlFileWorkflow()]);
		await main.publish(BRANDS_WORKFLOW_ID);
		await main.publish(FILE_WORKFLOW_ID);
		await main.publish(TRIGGER_WORKFLOW_ID);
	});
	timings['cluster start (total)'] = Date.now() - t;
	// Five processes start one after another: about a minute on an idle 2-core machine, over
	// three when it is busy.
}, 480_000);

afterAll(async () => {
	try {
		// Sandbox first: the cluster's stop() copies its log too.
		await sandbox?.stop();
	} finally {
		await cluster?.stop();
		Object.assign(timings, cluster?.timings ?? {});
		fs.mkdirSync(ART, { recursive: true });
		fs.writeFileSync(path.join(ART, 'timings.json'), JSON.stringify(timings, null, 2));
		process.stdout.write(
			`\nqueue e2e step timings (ms):\n${Object.entries(timings)
				.map(([k, v]) => `  ${String(v).padStart(7)}  ${k}`)
				.join('\n')}\n`,
		);
	}
});

/** The processes of these process groups (procps' pgrep). */
function inGroups(groups: number[]): string[] {
	const found = spawnSync('pgrep', ['-a', '-g', groups.join(',')], { encoding: 'utf8' });
	return found.stdout.split('\n').filter(Boolean);
}

async function runData(id: string) {
	return await cluster.main.execution(id);
}

describe('queue mode: main + worker + webhook processor on PostgreSQL and Redis', () => {
	describe('a. a webhook workflow with 50 items through Web Data Brand', () => {
		const domains = Array.from({ length: ITEMS }, (_, i) => `queue-brand-${i}.example`);
		let rows: ExecutionRow[] = [];
		let response: { status: number; body: string };

		beforeAll(async () => {
			await sandbox.clearRequests();
			const t = Date.now();
			const res = await fetch(cluster.productionWebhookUrl(BRANDS_PATH), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ domains: domains.map((domain) => ({ domain })) }),
			});
			response = { status: res.status, body: await res.text() };
			rows = await cluster.waitForExecutions(BRANDS_WORKFLOW_ID, 1);
			timings['a: webhook call -> execution ended'] = Date.now() - t;
		});

		test('the webhook processor accepts the call and one execution ends successfully', () => {
			expect(response.status).toBe(200);
			expect(rows.map((r) => ({ status: r.status, mode: r.mode }))).toEqual([
				{ status: 'success', mode: 'webhook' },
			]);
		});

		test('it ran on the worker: its run data and the worker log say so, main and the webhook processor ran nothing', async () => {
			const [row] = rows;
			const run = await runData(row.id);
			expect(nodeItems(run, 'Ran on')).toEqual([{ process: 'worker-1' }]);
			expect(cluster.executionsStartedBy('worker-1')).toContain(row.id);
			for (const name of ['main', 'webhook']) expect(cluster.executionsStartedBy(name)).toEqual([]);
		});

		test('every one of the 50 items succeeded, in order', async () => {
			const run = await runData(rows[0].id);
			expect(nodeItems(run, 'Split Out')).toHaveLength(ITEMS);
			const items = nodeItems(run, 'Web Data Brand');
			expect(items.filter((item) => item.error !== undefined)).toEqual([]);
			expect(
				items.map(
					(item) => (item.data as { brand?: { domain?: string } } | undefined)?.brand?.domain,
				),
			).toEqual(domains);
		});

		test('the service saw each of the 50 domains exactly once, each answered 200', async () => {
			const brand = (await sandbox.requests()).filter(
				(r) => r.method === 'GET' && r.path === '/brand/retrieve',
			);
			expect(brand.map((r) => String(r.query.domain)).sort()).toEqual([...domains].sort());
			expect(brand.filter((r) => r.status !== 200)).toEqual([]);
		});
	});

	describe('b. Web Data Trigger through the webhook processor', () => {
		const wh = async () => (await sandbox.webhooks()).find((w) => w.id === 'wh_demo');

		test('main activated it: the seeded webhook points at the webhook processor', async () => {
			const webhook = await wh();
			expect(webhook?.url.startsWith(`${cluster.webhook.baseUrl}/webhook/`)).toBe(true);
			expect(webhook?.url.startsWith(cluster.main.baseUrl)).toBe(false);
			expect(webhook?.isActive).toBe(true);
			expect(webhook?.events).toEqual(['crawl.completed']);
		});

		test("a crawl's crawl.completed starts exactly one successful execution, on the worker", async () => {
			const before = await cluster.executions(TRIGGER_WORKFLOW_ID);
			const t = Date.now();
			const jobId = await sandbox.createJob('crawl', 300);
			const rows = await cluster.waitForExecutions(TRIGGER_WORKFLOW_ID, before.length + 1, {
				settleMs: 1500,
			});
			timings['b: job created -> execution ended'] = Date.now() - t;
			const fresh = rows.filter((r) => !before.some((b) => b.id === r.id));
			expect(fresh.map((r) => ({ status: r.status, mode: r.mode }))).toEqual([
				{ status: 'success', mode: 'webhook' },
			]);
			const run = await runData(fresh[0].id);
			const items = nodeItems(run, 'Web Data Trigger');
			expect(items).toHaveLength(1);
			expect(items[0]).toMatchObject({ event: 'crawl.completed', jobId });
			expect(nodeItems(run, 'Ran on')).toEqual([{ process: 'worker-1' }]);
			expect(cluster.executionsStartedBy('worker-1')).toContain(fresh[0].id);
			// One delivery, answered 2xx the first time: the webhook processor took it, no retry.
			const deliveries = ((await wh())?.deliveries ?? []).filter((d) => d.jobId === jobId);
			expect(
				deliveries.map((d) => ({
					status: d.status,
					url: String(d.url).startsWith(cluster.webhook.baseUrl),
				})),
			).toEqual([{ status: 200, url: true }]);
		});

		test('a delivery without the token gets 401 from the webhook processor and starts nothing', async () => {
			const before = await cluster.executions(TRIGGER_WORKFLOW_ID);
			expect(await deliverWithoutToken(String((await wh())?.url))).toBe(401);
			await sleep(1500);
			expect(await cluster.executions(TRIGGER_WORKFLOW_ID)).toEqual(before);
			expect(await cluster.executions()).toHaveLength(before.length + 1);
		});
	});

	describe('c. a crawl to one file on the worker, binary data in the database', () => {
		test('the file is stored and Extract From File reads every page result back, in order', async () => {
			const t = Date.now();
			const res = await fetch(cluster.productionWebhookUrl(FILE_PATH), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			expect(res.status).toBe(200);
			const rows = await cluster.waitForExecutions(FILE_WORKFLOW_ID, 1);
			timings['c: webhook call -> crawl file read back'] = Date.now() - t;
			expect(rows.map((r) => r.status)).toEqual(['success']);
			const run = await runData(rows[0].id);
			expect(nodeItems(run, 'Ran on')).toEqual([{ process: 'worker-1' }]);
			const [crawl] = nodeItems(run, 'Crawl to file');
			const binary = run?.data.resultData.runData['Crawl to file']?.[0]?.data?.main?.[0]?.[0]
				?.binary?.data as { id?: string } | undefined;
			expect(binary?.id).toMatch(/^database:/);
			const { first, pages } = await demoCrawl(sandbox);
			expect(crawl).toMatchObject({ crawlId: 'crawl_demo', file: { records: pages.length } });
			const text = String(nodeItems(run, 'Extract From File')[0]?.text);
			expect(
				text
					.trimEnd()
					.split('\n')
					.map((line) => JSON.parse(line) as unknown),
			).toEqual(pages.map((page) => ({ ...page, crawlId: 'crawl_demo', status: first.status })));
		});
	});

	describe('d. stopping', () => {
		test('stop() ends PostgreSQL, Redis and the three n8n processes with everything they started', async () => {
			const pids = { ...cluster.pids(), postgres: cluster.postgres.pid, redis: cluster.redis.pid };
			expect(Object.values(pids).every((pid) => typeof pid === 'number')).toBe(true);
			// Each server leads a process group of its own, with what it started in it.
			const groups = Object.values(pids) as number[];
			expect(inGroups(groups).length).toBeGreaterThan(groups.length); // postgres backends, task runners
			const t = Date.now();
			await cluster.stop();
			timings['d: cluster stop'] = Date.now() - t;
			expect(inGroups(groups)).toEqual([]);
			expect(fs.existsSync(cluster.dir)).toBe(false);
			expect(fs.existsSync(cluster.postgres.dir)).toBe(false);
		});
	});
});
