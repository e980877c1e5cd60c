/**
 * `npm run bench:n8n` (scripts/bench-n8n.sh builds, then runs this): the many-items benchmark
 * inside real n8n. One workflow sends the same 200 items through
 *   - Web Data Brand > Retrieve (default settings),
 *   - n8n's HTTP Request node with the Web Data credential (default settings),
 *   - the HTTP Request node batching 10 items per batch, 100 ms apart,
 * against the sandbox with 100 ms latency whose plan allows 10 concurrent requests (more get
 * 429) and WEBDATA_BENCH_RATE requests per minute (default 6000, so both bounds are 100/s).
 * Prints items ok and items per second per node (each node's own execution time in n8n's run
 * data). Not a pass/fail test. Results also go to artifacts/bench-n8n.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { N8n, nodeItems, nodeTask } from './n8n';
import { ARTIFACTS_DIR, N8N_VERSION } from './paths';
import { Sandbox, freePort, freePortBlock } from './sandbox';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME, sandboxCredential, type WorkflowJson } from './setup';

const ITEMS = Number(process.env.WEBDATA_BENCH_ITEMS ?? 200);
const LATENCY_MS = 100;
const CONCURRENCY = 10;
const RATE_PER_MINUTE = Number(process.env.WEBDATA_BENCH_RATE ?? 6000);
const WORKFLOW_ID = 'wdBenchItems';

const credentials = { webDataApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } };

interface Contender {
	name: string;
	label: string;
	node: Record<string, unknown>;
}

function contenders(baseUrl: string): Contender[] {
	const http = (batching: boolean) => ({
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		credentials,
		onError: 'continueRegularOutput',
		parameters: {
			url: `${baseUrl}/brand/retrieve`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'webDataApi',
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'domain', value: '={{ $json.domain }}' }] },
			options: batching ? { batching: { batch: { batchSize: 10, batchInterval: 100 } } } : {},
		},
	});
	return [
		{
			name: 'Web Data Brand',
			label: 'Web Data Brand > Retrieve (default settings)',
			node: {
				type: 'n8n-nodes-webdata.webDataBrand',
				typeVersion: 1,
				credentials,
				onError: 'continueRegularOutput',
				parameters: { operation: 'retrieve', domain: '={{ $json.domain }}', options: {} },
			},
		},
		{ name: 'HTTP Request', label: 'HTTP Request (default settings)', node: http(false) },
		{ name: 'HTTP Request batched', label: 'HTTP Request (batches of 10, 100 ms apart)', node: http(true) },
	];
}

function benchWorkflow(list: Contender[]): WorkflowJson {
	const nodes: WorkflowJson['nodes'] = [
		{ id: 'b-start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 200], parameters: {} },
		{
			id: 'b-items',
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 200],
			parameters: { jsCode: `return Array.from({ length: ${ITEMS} }, (_, i) => ({ json: { domain: 'brand' + i + '.example' } }));` },
		},
	];
	// v1 execution order runs the branches one after the other, top to bottom.
	list.forEach((c, i) =>
		nodes.push({ id: `b-${i}`, name: c.name, position: [480, i * 200], ...c.node } as unknown as WorkflowJson['nodes'][number]),
	);
	return {
		id: WORKFLOW_ID,
		name: 'bench: 200 items',
		settings: { executionOrder: 'v1' },
		nodes,
		connections: {
			Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [list.map((c) => ({ node: c.name, type: 'main', index: 0 }))] },
		},
	};
}

async function main(): Promise<void> {
	const t0 = Date.now();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-bench-'));
	const sandbox = new Sandbox(await freePort());
	const n8n = new N8n({ userFolder, port: await freePortBlock(3) });
	try {
		await sandbox.start();
		await sandbox.reset();
		await sandbox.configure({
			latencyMs: LATENCY_MS,
			credits: 100_000_000,
			plan: { concurrency: CONCURRENCY, rateLimitPerMinute: RATE_PER_MINUTE },
		});
		// The balance is set on reset: reset once more with the credits in place.
		await sandbox.admin('POST', '/reset', {
			latencyMs: LATENCY_MS,
			credits: 100_000_000,
			plan: { concurrency: CONCURRENCY, rateLimitPerMinute: RATE_PER_MINUTE },
		});
		n8n.installPackage();
		await n8n.importCredentials([sandboxCredential(sandbox.baseUrl, sandbox.apiKey)]);
		const list = contenders(sandbox.baseUrl);
		await n8n.importWorkflows([benchWorkflow(list)]);
		process.stderr.write(`[bench:n8n] set-up ${((Date.now() - t0) / 1000).toFixed(1)} s; running ${ITEMS} items x ${list.length} nodes in n8n ...\n`);
		const result = await n8n.execute(WORKFLOW_ID, 600_000);
		if (!result.run) throw new Error(`n8n execute printed no run data:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
		const limit = Math.min(CONCURRENCY / (LATENCY_MS / 1000), RATE_PER_MINUTE / 60);
		const rows = list.map((c) => {
			const task = nodeTask(result.run, c.name);
			const items = nodeItems(result.run, c.name);
			const ok = items.filter((item) => item.error === undefined).length;
			const seconds = (task?.executionTime ?? NaN) / 1000;
			const statuses = items
				.filter((item) => item.error !== undefined)
				.map((item) => String((item.error as Record<string, unknown>)?.httpCode ?? item.httpCode ?? /\b(4\d\d|5\d\d)\b/.exec(JSON.stringify(item.error))?.[1] ?? 'error'));
			const failures = statuses.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
			return { node: c.label, itemsOk: ok, items: ITEMS, seconds, itemsPerSecond: ok / seconds, shareOfLimit: ok / seconds / limit, failures, ran: Boolean(task) };
		});
		const lines = [
			'',
			`n8n ${N8N_VERSION}, ${ITEMS} items through each node in one workflow (\`n8n execute\`), against the sandbox:`,
			`  latency ${LATENCY_MS} ms, plan concurrency ${CONCURRENCY} (more in flight get 429), ${RATE_PER_MINUTE} requests/min`,
			`  limit = min(concurrency / latency, rate / 60) = ${limit.toFixed(1)} items/s`,
			'',
			`  ${'node'.padEnd(46)} ${'items ok'.padStart(9)} ${'seconds'.padStart(8)} ${'items/s'.padStart(8)} ${'% limit'.padStart(8)}  failures`,
			...rows.map(
				(r) =>
					`  ${r.node.padEnd(46)} ${`${r.itemsOk}/${r.items}`.padStart(9)} ${r.seconds.toFixed(2).padStart(8)} ${r.itemsPerSecond.toFixed(1).padStart(8)} ${`${(r.shareOfLimit * 100).toFixed(0)}%`.padStart(8)}  ${
						r.ran ? Object.entries(r.failures).map(([k, v]) => `${v} x ${k}`).join(', ') || '-' : 'node did not run'
					}`,
			),
			'',
			`(items/s = items ok / the node's execution time in n8n's run data; whole run ${(result.ms / 1000).toFixed(1)} s including n8n's start-up)`,
			'',
		];
		process.stdout.write(lines.join('\n'));
		fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
		fs.writeFileSync(
			path.join(ARTIFACTS_DIR, 'bench-n8n.json'),
			JSON.stringify({ n8n: N8N_VERSION, items: ITEMS, latencyMs: LATENCY_MS, concurrency: CONCURRENCY, rateLimitPerMinute: RATE_PER_MINUTE, limit, rows }, null, 2),
		);
	} finally {
		await n8n.stop();
		await sandbox.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	process.stderr.write(`[bench:n8n] ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
