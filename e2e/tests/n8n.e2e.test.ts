/**
 * End to end, inside a real n8n (the pinned 2.x on Node 24) with the built package installed as
 * a community package, against the sandbox on loopback. One sandbox and one n8n user folder for
 * the whole file; the checks run in order (the operations and the bad-parameter check are in
 * operations.e2e.test.ts, which also runs against n8n 1.x):
 *   (the examples of examples/ that start from a Manual Trigger run first;)
 *   1. `n8n start` activates the trigger workflow: the seeded webhook points at n8n, a completed
 *      job's `crawl.completed` starts one successful execution, a delivery without the token none;
 *   2. the editor in headless Chromium, with one of our nodes open: screenshot in artifacts/e2e/.
 * Step timings go to artifacts/e2e/timings-n8n.json.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { RESOURCES, brand } from '../../nodes/shared/endpoints';
import { openEditor } from '../../devkit/browser';
import { N8n, nodeItems } from '../../devkit/n8n';
import { Sandbox } from '../../devkit/sandbox';
import { sleep } from '../../devkit/wait';
import { isTriggerWorkflow, loadExamples, openAiPlaceholderCredential } from '../../devkit/setup';
import { Suite, runError } from './suite';
import {
	EDITOR_NODE,
	EDITOR_WORKFLOW_ID,
	PACKAGE,
	TRIGGER_WORKFLOW_ID,
	editorWorkflow,
	triggerWorkflow,
} from './operations';

const suite = new Suite('n8n');
const ART = suite.art;
const timings = suite.timings;
const time = suite.time.bind(suite);

let sandbox: Sandbox;
let n8n: N8n;

beforeAll(async () => {
	await suite.setUp({
		credentials: [openAiPlaceholderCredential()],
		workflows: [triggerWorkflow(), editorWorkflow(), ...loadExamples().map((e) => e.workflow)],
	});
	({ sandbox, n8n } = suite);
	await time('publish:workflow (trigger)', () => n8n.publish(TRIGGER_WORKFLOW_ID));
});

afterAll(async () => {
	await suite.tearDown();
});

/** Starts `n8n start` once (the trigger checks start it; the editor checks reuse it). */
async function ensureServer(): Promise<void> {
	if (n8n.pid === undefined) await time('n8n start (until /healthz/readiness)', () => n8n.start());
}

describe('examples/ that start from a Manual Trigger run in n8n', () => {
	const examples = loadExamples().filter((e) =>
		e.workflow.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger'),
	);

	test.each(examples.map((e) => [e.file, e] as const))('%s', async (file, e) => {
		await sandbox.reset();
		const result = await time(`execute: example ${file}`, () => n8n.execute(e.workflow.id));
		suite.saveRun(`example-${file.replace(/\.json$/, '')}`, result);
		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
			status: 'success',
			error: '',
		});
		// Every node of ours produced items without errors.
		for (const node of e.workflow.nodes.filter((n) => n.type.startsWith(`${PACKAGE}.`))) {
			const items = nodeItems(result.run, node.name);
			expect({
				node: node.name,
				items: items.length > 0,
				errors: items.filter((i) => i.error),
			}).toEqual({
				node: node.name,
				items: true,
				errors: [],
			});
		}
	});
});

describe('1. the trigger in a running n8n', () => {
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
			for (const node of copy.nodes.filter((n) => /\.webDataTrigger$/.test(n.type)))
				node.parameters.webhookId = second.id;
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

	test(`the trigger example (${example?.file}) ran on the same event: one item per crawled page`, async () => {
		expect(example).toBeDefined();
		expect(crawlJobId).not.toBe('');
		const id = example!.workflow.id;
		let executions = await n8n.executions(id);
		for (
			let i = 0;
			i < 60 && !executions.some((e) => ['success', 'error', 'crashed'].includes(e.status));
			i++
		) {
			await sleep(250);
			executions = await n8n.executions(id);
		}
		expect(executions.map((e) => e.status)).toEqual(['success']);
		const execution = await n8n.execution(executions[0].id);
		const pages = nodeItems(execution, 'Page');
		const crawl = await sandbox.api<{ data: { total: number } }>(
			'GET',
			`/crawl/${crawlJobId}?page=1`,
		);
		expect(pages).toHaveLength(crawl.body.data.total);
		expect(new Set(pages.map((page) => page.url)).size).toBe(pages.length);
		for (const page of pages) {
			expect(page).toMatchObject({ crawlId: crawlJobId, status: 'COMPLETED' });
			expect(Number(page.words)).toBeGreaterThan(0);
		}
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

describe('2. the editor in headless Chromium', () => {
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
		const operationLabel =
			table().brand.operations.find((o) => o.value === EDITOR_NODE.operation)?.name ?? '';
		const { page } = session;
		const operation = page.locator('[data-test-id="parameter-input-operation"] input');
		try {
			await time('chromium: open the node in the editor', async () => {
				await page.goto(`${n8n.baseUrl}/workflow/${EDITOR_WORKFLOW_ID}/${EDITOR_NODE.id}`, {
					waitUntil: 'domcontentloaded',
				});
				await operation.waitFor({ timeout: 90_000 });
			});
		} finally {
			await page.screenshot({ path: path.join(ART, 'editor-node-open.png') });
		}
		const ndv = page.locator('[data-test-id="ndv"]');
		fs.writeFileSync(path.join(ART, 'editor-node-open.txt'), await ndv.innerText());
		expect(await page.locator('[data-test-id="node-title-container"]').innerText()).toContain(
			EDITOR_NODE.name,
		);
		expect(await ndv.getByText('Operation', { exact: true }).first().isVisible()).toBe(true);
		expect(await operation.inputValue()).toBe(operationLabel);
		expect(await page.locator('[data-test-id="parameter-input-domain"]').isVisible()).toBe(true);
	});

	test('lists every Web Data node in the node panel (screenshot in artifacts/e2e)', async () => {
		const { page } = session;
		await page.goto(`${n8n.baseUrl}/workflow/${EDITOR_WORKFLOW_ID}`, {
			waitUntil: 'domcontentloaded',
		});
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
