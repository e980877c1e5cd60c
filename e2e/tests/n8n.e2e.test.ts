/**
 * End to end, inside a real n8n (the pinned 2.x on Node 24) with the built package installed as
 * a community package, against the sandbox on loopback. One sandbox and one n8n user folder for
 * the whole file; the checks run in order:
 *   1. every action operation through `n8n import:workflow` + `n8n execute --id`;
 *   2. an out-of-bounds parameter fails the execution and sends nothing;
 *   (the examples of examples/ that start from a Manual Trigger run too);
 *   3. `n8n start` activates the trigger workflow: the seeded webhook points at n8n, a completed
 *      job's `crawl.completed` starts one successful execution, a delivery without the token none;
 *   4. the editor in headless Chromium, with one of our nodes open: screenshot in artifacts/e2e/.
 * Step timings go to artifacts/e2e/timings.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { RESOURCES, brand } from '../../nodes/shared/endpoints';
import { openEditor } from '../harness/browser';
import { N8n, nodeItems, nodeTask, sleep, tail, type ExecuteResult, type RunData } from '../harness/n8n';
import { ARTIFACTS_DIR, ROOT } from '../harness/paths';
import { Sandbox, freePort, freePortBlock, type RecordedRequest } from '../harness/sandbox';
import { isTriggerWorkflow, loadExamples, openAiPlaceholderCredential, sandboxCredential } from '../harness/setup';
import {
	BAD_PARAM_WORKFLOW_ID,
	BRAND_RETRIEVE_BOUND,
	EDITOR_NODE,
	EDITOR_WORKFLOW_ID,
	OP_CASES,
	OPS_WORKFLOW_ID,
	PACKAGE,
	TRIGGER_WORKFLOW_ID,
	badParameterWorkflow,
	editorWorkflow,
	operationsWorkflow,
	triggerWorkflow,
} from './operations';

const ART = path.join(ARTIFACTS_DIR, 'e2e');
const timings: Record<string, number> = {};
const time = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
	const started = Date.now();
	try {
		return await fn();
	} finally {
		timings[name] = Date.now() - started;
	}
};

let sandbox: Sandbox;
let n8n: N8n;
let userFolder: string;

beforeAll(async () => {
	fs.mkdirSync(ART, { recursive: true });
	sandbox = new Sandbox(await freePort(), path.join(ART, 'sandbox.log'));
	await time('sandbox start', () => sandbox.start());
	userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-e2e-'));
	n8n = new N8n({ userFolder, port: await freePortBlock(3), logFile: path.join(ART, 'n8n-start.log') });
	// WEBDATA_ALLOW_UNBUILT=1 installs without nodes package.json lists but the build lacks (development only).
	n8n.installPackage(ROOT, { skipMissing: process.env.WEBDATA_ALLOW_UNBUILT === '1' });
	await time('import:credentials (first n8n command: database set-up)', () =>
		n8n.importCredentials([sandboxCredential(sandbox.baseUrl, sandbox.apiKey), openAiPlaceholderCredential()]),
	);
	await time('import:workflow', () =>
		n8n.importWorkflows([
			operationsWorkflow(),
			badParameterWorkflow(),
			triggerWorkflow(),
			editorWorkflow(),
			...loadExamples().map((e) => e.workflow),
		]),
	);
	await time('publish:workflow (trigger)', () => n8n.publish(TRIGGER_WORKFLOW_ID));
});

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.stop();
	fs.writeFileSync(path.join(ART, 'timings.json'), JSON.stringify(timings, null, 2));
	process.stdout.write(
		`\ne2e step timings (ms):\n${Object.entries(timings)
			.map(([k, v]) => `  ${String(v).padStart(7)}  ${k}`)
			.join('\n')}\n`,
	);
	if (userFolder) fs.rmSync(userFolder, { recursive: true, force: true });
});

/** Starts `n8n start` once (the trigger checks start it; the editor checks reuse it). */
async function ensureServer(): Promise<void> {
	if (n8n.pid === undefined) await time('n8n start (until /healthz/readiness)', () => n8n.start());
}

function saveRun(name: string, result: ExecuteResult): void {
	fs.writeFileSync(path.join(ART, `${name}.stdout.txt`), result.stdout);
	if (result.stderr) fs.writeFileSync(path.join(ART, `${name}.stderr.txt`), result.stderr);
}

function runError(run: RunData | undefined): string {
	const error = run?.data.resultData.error;
	return error ? `${error.message}${error.description ? ` (${error.description})` : ''}` : '';
}

describe('1. every action operation runs inside n8n (import:workflow + execute --id)', () => {
	let result: ExecuteResult;
	let requests: RecordedRequest[] = [];
	const outputs = new Map<string, Array<Record<string, unknown>>>();

	beforeAll(async () => {
		await sandbox.reset();
		await sandbox.configure({ jobDurationMs: 500, latencyMs: 0 });
		await sandbox.clearRequests();
		result = await time('execute: every operation', () => n8n.execute(OPS_WORKFLOW_ID));
		saveRun('operations', result);
		requests = await sandbox.requests();
		for (const c of OP_CASES) outputs.set(c.title, nodeItems(result.run, c.title));
	});

	test('the cases cover every operation of the endpoint table', () => {
		const table = RESOURCES.flatMap((r) => r.operations.map((o) => `${r.node}.${o.value}`)).sort();
		const covered = [...new Set(OP_CASES.map((c) => `${c.node}.${c.operation}`))].sort();
		expect(covered).toEqual(table);
	});

	test('the workflow ran to the end in n8n', () => {
		if (!result.run) {
			throw new Error(`n8n execute printed no run data (exit ${result.code}):\n${tail(result.stdout + result.stderr, 40)}`);
		}
		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({ status: 'success', error: '' });
	});

	test.each(OP_CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
		const task = nodeTask(result.run, c.title);
		if (!task) throw new Error(`node "${c.title}" did not run (the run stopped at ${result.run?.data.resultData.lastNodeExecuted})`);
		const output = outputs.get(c.title) ?? [];
		const failures = output.filter((item) => item.error !== undefined && item.jobId === undefined);
		if (task.error || failures.length > 0) {
			throw new Error(`n8n reported an error: ${task.error?.message ?? ''} ${JSON.stringify(failures).slice(0, 500)}`);
		}
		const expectedPath = c.request.path(outputs);
		const mine = requests.filter((r) => r.method === c.request.method && r.path === expectedPath);
		expect(mine.length).toBeGreaterThan(0);
		await c.check({ output, outputs, requests: mine, sandbox });
	});
});

describe('2. an out-of-bounds parameter', () => {
	let result: ExecuteResult;
	beforeAll(async () => {
		await sandbox.reset();
		await sandbox.clearRequests();
		result = await time('execute: bad parameter', () => n8n.execute(BAD_PARAM_WORKFLOW_ID));
		saveRun('bad-parameter', result);
	});

	test('fails the execution with our error message', () => {
		expect(result.ok).toBe(false);
		expect(result.run?.status).toBe('error');
		const message = runError(result.run);
		expect(message).toContain('(maxAgeMs)');
		expect(message).toContain(String(BRAND_RETRIEVE_BOUND));
		expect(message).toContain(String(BRAND_RETRIEVE_BOUND + 1));
	});

	test('sends nothing to the service', async () => {
		expect(await sandbox.requests()).toEqual([]);
	});
});

describe('examples/ that start from a Manual Trigger run in n8n', () => {
	const examples = loadExamples().filter((e) => e.workflow.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger'));

	test.each(examples.map((e) => [e.file, e] as const))('%s', async (file, e) => {
		await sandbox.reset();
		const result = await time(`execute: example ${file}`, () => n8n.execute(e.workflow.id));
		saveRun(`example-${file.replace(/\.json$/, '')}`, result);
		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({ status: 'success', error: '' });
		// Every node of ours produced items without errors.
		for (const node of e.workflow.nodes.filter((n) => n.type.startsWith(`${PACKAGE}.`))) {
			const items = nodeItems(result.run, node.name);
			expect({ node: node.name, items: items.length > 0, errors: items.filter((i) => i.error) }).toEqual({
				node: node.name,
				items: true,
				errors: [],
			});
		}
	});
});

describe('3. the trigger in a running n8n', () => {
	const webhookOf = async (id: string) => (await sandbox.webhooks()).find((w) => w.id === id);

	// The trigger example of examples/ runs too, on a second webhook so both can be active.
	const example = loadExamples().find((e) => isTriggerWorkflow(e.workflow));
	let crawlJobId = '';

	beforeAll(async () => {
		await sandbox.reset();
		await sandbox.clearRequests();
		if (example) {
			const second = await sandbox.admin<{ id: string }>('POST', '/webhooks', {
				url: 'http://127.0.0.1:9/unset',
				events: ['crawl.completed'],
				isActive: false,
			});
			const copy = JSON.parse(JSON.stringify(example.workflow)) as typeof example.workflow;
			for (const node of copy.nodes.filter((n) => /\.webDataTrigger$/.test(n.type))) node.parameters.webhookId = second.id;
			await time('import + publish the trigger example', async () => {
				await n8n.importWorkflows([copy]);
				await n8n.publish(copy.id);
			});
		}
		await ensureServer();
	});

	test('activation points the seeded webhook at n8n', async () => {
		const started = Date.now();
		let webhook = await webhookOf('wh_demo');
		while (!webhook?.url.startsWith(n8n.baseUrl) && Date.now() - started < 30_000) {
			await sleep(250);
			webhook = await webhookOf('wh_demo');
		}
		timings['trigger activation seen by the sandbox after readiness'] = Date.now() - started;
		expect(webhook?.url.startsWith(`${n8n.baseUrl}/webhook/`)).toBe(true);
		expect(webhook?.isActive).toBe(true);
		expect(webhook?.events).toContain('crawl.completed');
	});

	test('a completed job delivers crawl.completed and n8n records one successful execution with it', async () => {
		const before = await n8n.executions(TRIGGER_WORKFLOW_ID);
		const jobId = await sandbox.createJob('crawl', 300);
		crawlJobId = jobId;
		const started = Date.now();
		let executions = before;
		while (executions.length === before.length && Date.now() - started < 30_000) {
			await sleep(300);
			executions = await n8n.executions(TRIGGER_WORKFLOW_ID);
		}
		timings['job created -> execution listed'] = Date.now() - started;
		const fresh = executions.filter((e) => !before.some((b) => b.id === e.id));
		expect(fresh).toHaveLength(1);
		let execution = await n8n.execution(fresh[0].id);
		for (let i = 0; i < 40 && !['success', 'error', 'crashed'].includes(execution.status); i++) {
			await sleep(250);
			execution = await n8n.execution(fresh[0].id);
		}
		expect(execution.status).toBe('success');
		const items = nodeItems(execution, 'Web Data Trigger');
		expect(items).toHaveLength(1);
		const item = JSON.stringify(items[0]);
		expect(item).toContain('crawl.completed');
		expect(item).toContain(jobId);
		expect(nodeItems(execution, 'Received')).toHaveLength(1);
	});

	test(`the trigger example (${example?.file}) ran on the same event and summarised the crawl`, async () => {
		expect(example).toBeDefined();
		expect(crawlJobId).not.toBe('');
		const id = example!.workflow.id;
		let executions = await n8n.executions(id);
		for (let i = 0; i < 60 && !executions.some((e) => ['success', 'error', 'crashed'].includes(e.status)); i++) {
			await sleep(250);
			executions = await n8n.executions(id);
		}
		expect(executions.map((e) => e.status)).toEqual(['success']);
		const execution = await n8n.execution(executions[0].id);
		const summary = nodeItems(execution, 'Crawl summary');
		expect(summary).toHaveLength(1);
		expect(summary[0].crawlId).toBe(crawlJobId);
		expect(summary[0].status).toBe('COMPLETED');
		expect(Number(summary[0].pages)).toBeGreaterThan(0);
	});

	test('a delivery without the token gets 401 and starts nothing', async () => {
		const webhook = await webhookOf('wh_demo');
		expect(webhook).toBeDefined();
		const url = new URL(String(webhook?.url));
		expect([...url.searchParams.keys()].length).toBeGreaterThan(0);
		url.search = '';
		const before = await n8n.executions(TRIGGER_WORKFLOW_ID);
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ event: 'crawl.completed', jobId: 'crawl_forged', data: {} }),
		});
		expect(res.status).toBe(401);
		await sleep(1500);
		expect(await n8n.executions(TRIGGER_WORKFLOW_ID)).toHaveLength(before.length);
	});
});

describe('examples/ in the running n8n', () => {
	test('every node type and version the examples use is loaded (our tools for the AI agent too)', async () => {
		await ensureServer();
		const known = await n8n.nodeTypes();
		expect(known.has(`${PACKAGE}.webDataBrandTool`)).toBe(true);
		expect(known.has(`${PACKAGE}.webDataTrigger`)).toBe(true);
		const missing = loadExamples().flatMap(({ file, workflow }) =>
			workflow.nodes
				.filter((node) => !(known.get(node.type) ?? []).includes(Number(node.typeVersion)))
				.map((node) => `${file}: ${node.name} (${node.type} v${String(node.typeVersion)})`),
		);
		expect(missing).toEqual([]);
	});
});

describe('4. the editor in headless Chromium', () => {
	const table = () => ({ RESOURCES, brand });
	let session: Awaited<ReturnType<typeof openEditor>>;

	beforeAll(async () => {
		await ensureServer();
		session = await time('chromium: launch + login', () => openEditor(n8n));
	});
	afterAll(async () => {
		await session?.close();
	});

	test('shows one of our nodes open, with its name and Operation dropdown (screenshot in artifacts/e2e)', async () => {
		const operationLabel = table().brand.operations.find((o) => o.value === EDITOR_NODE.operation)?.name ?? '';
		const { page } = session;
		const operation = page.locator('[data-test-id="parameter-input-operation"] input');
		try {
			await time('chromium: open the node in the editor', async () => {
				await page.goto(`${n8n.baseUrl}/workflow/${EDITOR_WORKFLOW_ID}/${EDITOR_NODE.id}`, { waitUntil: 'domcontentloaded' });
				await operation.waitFor({ timeout: 90_000 });
			});
		} finally {
			await page.screenshot({ path: path.join(ART, 'editor-node-open.png') });
		}
		const ndv = page.locator('[data-test-id="ndv"]');
		fs.writeFileSync(path.join(ART, 'editor-node-open.txt'), await ndv.innerText());
		expect(await page.locator('[data-test-id="node-title-container"]').innerText()).toContain(EDITOR_NODE.name);
		expect(await ndv.getByText('Operation', { exact: true }).first().isVisible()).toBe(true);
		expect(await operation.inputValue()).toBe(operationLabel);
		expect(await page.locator('[data-test-id="parameter-input-domain"]').isVisible()).toBe(true);
	});

	test('lists every Web Data node in the node panel (screenshot in artifacts/e2e)', async () => {
		const { page } = session;
		await page.goto(`${n8n.baseUrl}/workflow/${EDITOR_WORKFLOW_ID}`, { waitUntil: 'domcontentloaded' });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await page.locator('[data-test-id="node-creator-search-bar"]').waitFor({ timeout: 30_000 });
		// The panel opens with its search box focused, as for a user.
		await page.keyboard.type('Web Data');
		const names = page.locator('[data-test-id="node-creator-item-name"]');
		await names.filter({ hasText: 'Web Data Brand' }).first().waitFor({ timeout: 30_000 });
		await page.waitForTimeout(500);
		await page.screenshot({ path: path.join(ART, 'node-panel.png') });
		const shown = await names.allInnerTexts();
		const expected = [...table().RESOURCES.map((r) => r.displayName), 'Web Data Trigger'];
		expect(expected.filter((name) => !shown.some((s) => s.trim() === name))).toEqual([]);
	});
});
