/**
 * End to end, inside a real n8n (the pinned 2.x on Node 24) with the built package installed as
 * a community package, against the sandbox on loopback. One sandbox and one n8n user folder for
 * the whole file; the checks run in order (the operations and the bad-parameter check are in
 * operations.e2e.test.ts, which also runs against n8n 1.x):
 *   (the examples of examples/ that start from a Manual Trigger run first;)
 *   1. `n8n start` activates the trigger workflow: the seeded webhook points at n8n, a completed
 *      job's `crawl.completed` starts one successful execution, a delivery without the token none;
 *   2. the editor in headless Chromium, with one of our nodes open (and one as an AI tool):
 *      screenshots in artifacts/e2e/; the credential's test through n8n's REST API (a redirect
 *      fails it);
 *   3. brand monitoring: an active workflow (Webhook > Brand with Watch for Changes and Download
 *      Logo) called three times while the sandbox changes one brand: new brands, then the change,
 *      then nothing; logos come from a loopback host as binary data; and, in another workflow, a
 *      run where one lookup changes while another fails (404, then inside a 200), and the run
 *      after it, which delivers the change.
 * Step timings go to artifacts/e2e/timings-n8n.json.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { NODES, brand } from '../../nodes/shared/operations';
import { openEditor } from '../../devkit/browser';
import { PACKAGE_NAME } from '../../devkit/paths';
import { N8n, nodeItems, nodeTask, type RunItem } from '../../devkit/n8n';
import { Sandbox } from '../../devkit/sandbox';
import { sleep } from '../../devkit/wait';
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
	isTriggerWorkflow,
	loadExamples,
	openAiPlaceholderCredential,
} from '../../devkit/setup';
import { Suite, deliverWithoutToken, runError, serveLogos } from './suite';
import {
	EDITOR_NODE,
	EDITOR_WORKFLOW_ID,
	PICKER_NODES,
	PICKER_WORKFLOW_ID,
	TRIGGER_WORKFLOW_ID,
	editorWorkflow,
	pickerWorkflow,
	triggerWorkflow,
	brandWatchWorkflow,
	brandWatchFailuresWorkflow,
	WATCH_FAILURES_PATH,
	WATCH_FAILURES_WORKFLOW_ID,
	WATCH_NODE,
	WATCH_PATH,
	WATCH_WORKFLOW_ID,
} from './workflows';

/** examples/ai-agent-tools.json and its Brand lookup tool node. */
const AI_EXAMPLE_ID = 'wdExAiAgent';
const AI_BRAND_TOOL_ID = '3b0f7c1e-0003-4a51-9d2e-000000000005';

const suite = new Suite('n8n');
const ART = suite.art;
const timings = suite.timings;
const time = suite.time.bind(suite);

let sandbox: Sandbox;
let n8n: N8n;

beforeAll(async () => {
	await suite.setUp({
		credentials: [openAiPlaceholderCredential()],
		workflows: [
			triggerWorkflow(),
			editorWorkflow(),
			pickerWorkflow(),
			brandWatchWorkflow(),
			brandWatchFailuresWorkflow(),
			...loadExamples().map((e) => e.workflow),
		],
	});
	({ sandbox, n8n } = suite);
	await time('publish:workflow (trigger)', () => n8n.publish(TRIGGER_WORKFLOW_ID));
	await time('publish:workflow (brand monitoring)', () => n8n.publish(WATCH_WORKFLOW_ID));
	await time('publish:workflow (brand monitoring, failures)', () =>
		n8n.publish(WATCH_FAILURES_WORKFLOW_ID),
	);
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
		for (const node of e.workflow.nodes.filter((n) => n.type.startsWith(`${PACKAGE_NAME}.`))) {
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
		const before = await n8n.executions(TRIGGER_WORKFLOW_ID);
		expect(await deliverWithoutToken(String(webhook?.url))).toBe(401);
		await sleep(1500);
		expect(await n8n.executions(TRIGGER_WORKFLOW_ID)).toHaveLength(before.length);
	});
});

describe('examples/ in the running n8n', () => {
	test('every node type and version the examples use is loaded (our tools for the AI agent too)', async () => {
		await ensureServer();
		const known = await n8n.nodeTypes();
		expect(known.has(`${PACKAGE_NAME}.webDataBrandTool`)).toBe(true);
		expect(known.has(`${PACKAGE_NAME}.webDataTrigger`)).toBe(true);
		const missing = loadExamples().flatMap(({ file, workflow }) =>
			workflow.nodes
				.filter((node) => !(known.get(node.type) ?? []).includes(Number(node.typeVersion)))
				.map((node) => `${file}: ${node.name} (${node.type} v${String(node.typeVersion)})`),
		);
		expect(missing).toEqual([]);
	});
});

describe('2. the editor in headless Chromium', () => {
	const table = () => ({ NODES, brand });
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

	test('as an AI tool, a node shows Tool Description: Set Automatically and the Answer Budget option; the node itself neither', async () => {
		const { page } = session;
		const optionsOf = async (workflowId: string, nodeId: string) => {
			await page.goto(`${n8n.baseUrl}/workflow/${workflowId}/${nodeId}`, {
				waitUntil: 'domcontentloaded',
			});
			await page
				.locator('[data-test-id="parameter-input-operation"] input')
				.waitFor({ timeout: 90_000 });
			const switchInput = page.locator('[data-test-id="parameter-input-descriptionType"] input');
			const shown = (await switchInput.count()) > 0 ? await switchInput.inputValue() : undefined;
			await page.locator('[data-test-id="collection-parameter-add"] input').first().click();
			const items = page.locator('.el-select-dropdown__item');
			await items.filter({ hasText: 'Force Language' }).waitFor({ timeout: 30_000 });
			return { description: shown, options: await items.allInnerTexts() };
		};
		// The AI example's Brand lookup tool (Retrieve by Domain), then the plain Brand node.
		const tool = await optionsOf(AI_EXAMPLE_ID, AI_BRAND_TOOL_ID);
		await page.screenshot({ path: path.join(ART, 'editor-tool-options.png') });
		expect(tool.description).toBe('Set Automatically');
		expect(tool.options).toContain('Answer Budget (Characters)');
		const plain = await optionsOf(EDITOR_WORKFLOW_ID, EDITOR_NODE.id);
		expect(plain.description).toBeUndefined();
		expect(plain.options).toContain('Max Concurrent Requests');
		expect(plain.options).not.toContain('Answer Budget (Characters)');
	});

	test("the job pickers list the sandbox's jobs of their type, From List (screenshots in artifacts/e2e)", async () => {
		const { page } = session;
		const created = async (type: string) =>
			(await sandbox.admin<{ id: string }>('POST', '/jobs', { type, durationMs: 60_000 })).id;
		const crawlId = await created('crawl');
		const extractId = await created('extract');
		const listed: Record<string, string[]> = {};
		for (const node of PICKER_NODES) {
			await page.goto(`${n8n.baseUrl}/workflow/${PICKER_WORKFLOW_ID}/${node.id}`, {
				waitUntil: 'domcontentloaded',
			});
			const input = page.locator('[data-test-id="rlc-input"]').first();
			await input.waitFor({ timeout: 90_000 });
			await input.click();
			const items = page.locator('[data-test-id="rlc-item"]');
			try {
				await items.first().waitFor({ timeout: 30_000 });
			} finally {
				await page.screenshot({ path: path.join(ART, `editor-picker-${node.type}.png`) });
			}
			listed[node.type] = await items.allInnerTexts();
		}
		fs.writeFileSync(path.join(ART, 'editor-pickers.json'), JSON.stringify(listed, null, 2));
		const ids = (texts: string[]) => texts.map((t) => t.trim().split(' · ').pop());
		expect(ids(listed.webDataCrawl)).toContain(crawlId);
		expect(ids(listed.webDataCrawl)).not.toContain(extractId);
		expect(listed.webDataCrawl.every((t) => t.startsWith('Crawl · '))).toBe(true);
		expect(ids(listed.webDataExtract)[0]).toBe(extractId);
		expect(ids(listed.webDataExtract)).not.toContain(crawlId);
		expect(listed.webDataExtract[0]).toMatch(/^Extract · (PENDING|RUNNING) · \d{4}-\d\d-\d\dT/);
		expect(ids(listed.webDataJob)).toEqual(expect.arrayContaining([crawlId, extractId]));
		// Newest first: the two jobs just created lead the list of all jobs.
		expect(ids(listed.webDataJob).slice(0, 2).sort()).toEqual([crawlId, extractId].sort());
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
		const expected = [...table().NODES.map((r) => r.displayName), 'Web Data Trigger'];
		expect(expected.filter((name) => !shown.some((s) => s.trim() === name))).toEqual([]);
	});
});

describe("2b. the credential's test, as the editor's Test button runs it", () => {
	type TestResult = { status: string; message: string };
	const testCredential = (data: { apiKey: string; baseUrl: string }) =>
		n8n.rest<TestResult>('POST', '/credentials/test', {
			credentials: {
				id: SANDBOX_CREDENTIAL_ID,
				name: SANDBOX_CREDENTIAL_NAME,
				type: 'webDataApi',
				data,
			},
		});

	beforeAll(ensureServer);

	test('the sandbox key passes; a wrong key fails', async () => {
		const good = await testCredential({ apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl });
		expect(good.status).toBe('OK');
		const wrong = await testCredential({ apiKey: 'bc_wrong_key', baseUrl: sandbox.baseUrl });
		expect(wrong.status).toBe('Error');
	});

	test('an API answering with a redirect fails the test; the other origin hears nothing', async () => {
		const elsewhere = await serveLogos();
		try {
			await sandbox.configure({
				failure: { status: 302, location: `${elsewhere.url}/account`, paths: ['/account'] },
			});
			const result = await testCredential({ apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl });
			expect(result.status).toBe('Error');
			expect(elsewhere.requests).toEqual([]);
		} finally {
			await sandbox.configure({ failure: null });
			await elsewhere.close();
		}
	});
});

describe('3. brand monitoring in an active workflow', () => {
	type Change = {
		status: string;
		fields: Array<{ field: string; before: unknown; after: unknown }>;
	};

	/**
	 * Calls the production webhook and returns what the Brand node output in that execution, which
	 * ends with `status` (a failed lookup fails it).
	 */
	async function watchRun(
		domains: string[],
		{ workflowId = WATCH_WORKFLOW_ID, path = WATCH_PATH, status = 'success' } = {},
	): Promise<RunItem[]> {
		const before = (await n8n.executions(workflowId)).length;
		let res: Response | undefined;
		// A freshly started n8n may answer 404 for a moment before the webhook is registered.
		for (let i = 0; i < 40 && res?.status !== 200; i++) {
			if (res) await sleep(250);
			res = await fetch(`${n8n.baseUrl}/webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ domains: domains.map((domain) => ({ domain })) }),
			});
		}
		expect(res?.status).toBe(200);
		let executions = await n8n.executions(workflowId);
		for (let i = 0; i < 80; i++) {
			if (
				executions.length > before &&
				['success', 'error', 'crashed'].includes(executions[0].status)
			)
				break;
			await sleep(250);
			executions = await n8n.executions(workflowId);
		}
		expect(executions).toHaveLength(before + 1);
		expect(executions[0]).toMatchObject({ status, mode: 'webhook' });
		const execution = await n8n.execution(executions[0].id);
		return nodeTask(execution, WATCH_NODE)?.data?.main?.[0] ?? [];
	}

	const DOMAINS = ['acme.com', 'globex.com', 'initech.com'];

	test('first call: every brand is new; after the sandbox changes one brand, only it; then nothing; logos arrive as files', async () => {
		await ensureServer();
		await sandbox.reset();
		// The logos are served on loopback: nothing leaves the machine.
		const logos = await serveLogos();
		try {
			for (const domain of DOMAINS)
				await sandbox.admin('POST', '/brands', { domain, logos: [`${logos.url}/${domain}.png`] });

			const first = await time('brand monitoring: first call', () => watchRun(DOMAINS));
			expect(
				first.map(({ json, binary }) => [
					json.domain,
					(json.change as Change).status,
					binary?.logo,
				]),
			).toEqual(
				DOMAINS.map((domain) => [
					domain,
					'new',
					expect.objectContaining({ mimeType: 'image/png', fileName: `${domain}.png` }),
				]),
			);
			const globexColors = first[1].json.colors;

			await sandbox.admin('POST', '/brands', {
				domain: 'www.Globex.com',
				colors: ['#123456', '#abcdef'],
			});
			const second = await time('brand monitoring: second call', () => watchRun(DOMAINS));
			expect(second.map(({ json }) => json.domain)).toEqual(['globex.com']);
			expect(second[0].json.change).toEqual({
				status: 'changed',
				fields: [{ field: 'colors', before: globexColors, after: ['#123456', '#abcdef'] }],
			});

			const third = await time('brand monitoring: third call', () => watchRun(DOMAINS));
			expect(third).toEqual([]);

			// Only output brands were downloaded (3, then 1), and never with the API key.
			const paths = logos.requests.map((r) => r.path);
			expect(paths.slice(0, 3).sort()).toEqual(DOMAINS.map((domain) => `/${domain}.png`));
			expect(paths.slice(3)).toEqual(['/globex.com.png']);
			expect(JSON.stringify(logos.requests)).not.toContain(sandbox.apiKey);
		} finally {
			await logos.close();
		}
	});

	test('a lookup that fails the run loses no change: the next production run delivers it; a failure inside a 200 is no change', async () => {
		await ensureServer();
		await sandbox.reset();
		const domains = ['hooli.com', 'piedpiper.com'];
		const failures = { workflowId: WATCH_FAILURES_WORKFLOW_ID, path: WATCH_FAILURES_PATH };
		const failOnly = (failure: Record<string, unknown>) =>
			sandbox.configure({
				failure: { ...failure, paths: ['/brand/'], query: { domain: 'piedpiper.com' } },
			});
		try {
			const first = await time('brand monitoring, failures: run 1', () =>
				watchRun(domains, failures),
			);
			expect(first.map(({ json }) => (json.change as Change).status)).toEqual(['new', 'new']);
			const title = first[0].json.title;

			// Run 2: hooli.com changes, and piedpiper.com answers 404: the run fails, nothing is saved.
			await sandbox.admin('POST', '/brands', { domain: 'hooli.com', title: 'Hooli XYZ' });
			await failOnly({ status: 404 });
			const second = await time('brand monitoring, failures: run 2', () =>
				watchRun(domains, { ...failures, status: 'error' }),
			);
			expect(second).toEqual([]);

			// Run 3: every lookup answers; the change of run 2 is delivered.
			await sandbox.configure({ failure: null });
			const third = await time('brand monitoring, failures: run 3', () =>
				watchRun(domains, failures),
			);
			expect(third.map(({ json }) => [json.domain, json.change])).toEqual([
				[
					'hooli.com',
					{ status: 'changed', fields: [{ field: 'title', before: title, after: 'Hooli XYZ' }] },
				],
			]);

			// Run 4: piedpiper.com's failure comes inside a 200: the run fails, and invents no change.
			await failOnly({ status: 503, inBody: true });
			await time('brand monitoring, failures: run 4', () =>
				watchRun(domains, { ...failures, status: 'error' }),
			);
			await sandbox.configure({ failure: null });
			const fifth = await time('brand monitoring, failures: run 5', () =>
				watchRun(domains, failures),
			);
			expect(fifth).toEqual([]);
		} finally {
			await sandbox.configure({ failure: null });
		}
	});
});
