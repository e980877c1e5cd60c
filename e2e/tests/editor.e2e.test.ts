/**
 * What a person meets in n8n 2.x's editor, in headless Chromium, with one n8n start:
 *   1. every node, at every operation, open in the panel: its own icon, no word of the local
 *      sandbox, no raw route in the operation list (screenshots in artifacts/e2e/editor/);
 *   2. the examples that need no external model, run from the editor's Execute workflow button
 *      as they stand, the trigger example included (its test event names a job that exists);
 *   3. the saved credential reopened: no "does not look like a Web Data API key" warning for
 *      its saved bc_ key, and the warning still comes for a key typed without bc_;
 *   4. a tool variant at node version 2: n8n's Tool Description switch (Set Automatically, a
 *      Description only when Set Manually), no Watch for Changes or Download Logo.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Page } from 'playwright-core';

import { NODES } from '../../nodes/shared/operations';
import { openEditor } from '../../devkit/browser';
import { PACKAGE_NAME } from '../../devkit/paths';
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
	loadExamples,
	webDataNode,
} from '../../devkit/setup';
import { waitFor } from '../../devkit/wait';
import { Suite } from './suite';

const suite = new Suite('editor');
const ART = path.join(suite.art, 'editor');
const time = suite.time.bind(suite);

const PANEL_WORKFLOW_ID = 'wdE2eEditorPanels';

/** One node per operation of every node, and the trigger. */
const PANELS = [
	...NODES.flatMap((spec) =>
		spec.operations.map((op) => ({
			node: spec.node,
			operation: op.value,
			label: `${spec.displayName} ${op.name}`,
		})),
	),
	{ node: 'webDataTrigger', operation: undefined, label: 'Web Data Trigger' },
].map((panel, i) => ({ ...panel, id: `${PANEL_WORKFLOW_ID}-${i}` }));

function panelWorkflow() {
	return {
		id: PANEL_WORKFLOW_ID,
		name: 'e2e: every node and operation in the panel',
		settings: { executionOrder: 'v1' },
		nodes: PANELS.map((panel, i) => ({
			id: panel.id,
			position: [260 * (i % 6), 200 * Math.floor(i / 6)],
			...webDataNode(
				panel.label,
				panel.node,
				panel.operation === undefined ? {} : { operation: panel.operation },
			),
			...(panel.operation === undefined
				? { webhookId: '5d2b7c1e-9f0a-4c3b-8e21-0a1b2c3d4e5f' }
				: {}),
		})),
		connections: {},
	};
}

const TOOL_WORKFLOW_ID = 'wdE2eEditorTool';
const TOOL_NODE = {
	id: `${TOOL_WORKFLOW_ID}-tool`,
	name: 'Retrieve a brand by domain in Web Data Brand',
};
const BRAND_NODE = { id: `${TOOL_WORKFLOW_ID}-node`, name: 'Retrieve a brand by domain' };

/** Brand > Retrieve by Domain at version 2, as a tool and as itself, named as n8n names them. */
function toolWorkflow() {
	const node = (at: { id: string; name: string }, type: string, x: number) => ({
		id: at.id,
		position: [x, 0],
		...webDataNode(at.name, type, { operation: 'retrieve' }, { typeVersion: 2 }),
	});
	return {
		id: TOOL_WORKFLOW_ID,
		name: 'e2e: a tool variant in the panel',
		settings: { executionOrder: 'v1' },
		nodes: [node(TOOL_NODE, 'webDataBrandTool', 0), node(BRAND_NODE, 'webDataBrand', 300)],
		connections: {},
	};
}

/** The examples a person can run without an external model or client: by their triggers. */
const RUNNABLE = loadExamples().filter(({ workflow }) =>
	workflow.nodes.some((n) =>
		[
			'n8n-nodes-base.manualTrigger',
			'n8n-nodes-base.scheduleTrigger',
			`${PACKAGE_NAME}.webDataTrigger`,
		].includes(n.type),
	),
);

/** Words that belong to this repository's tooling, not to the published package. */
const SANDBOX_WORDING = /sandbox|wh_demo|127\.0\.0\.1:5680/i;
const RAW_ROUTE = /\((GET|POST|PATCH|DELETE) \//;

let session: Awaited<ReturnType<typeof openEditor>>;

beforeAll(async () => {
	fs.mkdirSync(ART, { recursive: true });
	await suite.setUp({
		workflows: [panelWorkflow(), toolWorkflow(), ...RUNNABLE.map((e) => e.workflow)],
	});
	await time('n8n start (until /healthz/readiness)', () => suite.n8n.start());
	session = await time('chromium: launch + login', () => openEditor(suite.n8n));
});

afterAll(async () => {
	await session?.close();
	await suite.tearDown();
});

/**
 * Opens a node's panel. Within the workflow already loaded, by the editor's own router (a
 * popstate, as the browser's Back does), not a reload: a reload takes half a minute on 2 cores.
 */
async function openNode(page: Page, workflowId: string, nodeId: string, name: string) {
	const url = `${suite.n8n.baseUrl}/workflow/${workflowId}/${nodeId}`;
	if (page.url().includes(`/workflow/${workflowId}`)) {
		// A string: the page's code, run in the page (this project's types have no DOM).
		await page.evaluate(
			`window.history.pushState({}, '', ${JSON.stringify(url)});` +
				`window.dispatchEvent(new PopStateEvent('popstate'));`,
		);
	} else await page.goto(url, { waitUntil: 'domcontentloaded' });
	const ndv = page.locator('[data-test-id="ndv"]');
	const title = page.locator('[data-test-id="node-title-container"]', { hasText: name });
	await title.waitFor({ timeout: 90_000 });
	// Parameters render after the node type's description has loaded.
	await ndv.locator('[data-test-id^="parameter-input-"]').first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(300);
	// The credential's name is the test fixture's ("Web Data sandbox"), not the package's text.
	return (await ndv.innerText()).replaceAll(SANDBOX_CREDENTIAL_NAME, '');
}

describe('1. every node and operation, open in the panel', () => {
	test.each(PANELS.map((p) => [p.label, p] as const))('%s', async (_label, panel) => {
		const { page } = session;
		const text = await openNode(page, PANEL_WORKFLOW_ID, panel.id, panel.label);
		const file = `${panel.node}-${panel.operation ?? 'trigger'}`;
		await page.screenshot({ path: path.join(ART, `${file}.png`) });
		expect(text.match(SANDBOX_WORDING)).toBeNull();
		// The node's own icon, in the panel's header (the canvas behind shows every node's).
		const icon = page.locator(
			`[data-test-id="ndv"] img[src*="icons/${PACKAGE_NAME}/dist/icons/${panel.node}.svg"]`,
		);
		expect(await icon.count()).toBeGreaterThan(0);
		if (panel.operation === undefined) return;
		// The operation list, as the dropdown shows it: names and descriptions, no routes.
		await page.locator('[data-test-id="parameter-input-operation"] input').click();
		const items = page.locator('.el-select-dropdown__item:visible');
		await items.first().waitFor({ timeout: 30_000 });
		const operations = (await items.allInnerTexts()).join('\n');
		await page.keyboard.press('Escape');
		expect(operations.match(RAW_ROUTE)).toBeNull();
		expect(operations.match(SANDBOX_WORDING)).toBeNull();
	});
});

describe('2. the examples, run from the editor as they stand', () => {
	test.each(RUNNABLE.map((e) => [e.file, e] as const))('%s', async (file, { workflow }) => {
		const { page } = session;
		const { n8n, sandbox } = suite;
		await sandbox.reset();
		const before = new Set((await n8n.executions(workflow.id)).map((e) => e.id));
		await page.goto(`${n8n.baseUrl}/workflow/${workflow.id}`, { waitUntil: 'domcontentloaded' });
		const button = page.locator('[data-test-id="execute-workflow-button"]');
		await button.waitFor({ timeout: 90_000 });
		await time(`editor: execute example ${file}`, async () => {
			await button.click();
			await waitFor(
				async () =>
					(await n8n.executions(workflow.id)).find(
						(e) => !before.has(e.id) && !['new', 'running', 'waiting'].includes(e.status),
					),
				{ timeoutMs: 120_000, intervalMs: 500 },
			);
		});
		await page.waitForTimeout(1000);
		await page.screenshot({ path: path.join(ART, `example-${file.replace(/\.json$/, '')}.png`) });
		const [latest] = (await n8n.executions(workflow.id)).filter((e) => !before.has(e.id));
		const run = await n8n.execution(latest.id);
		const error = run.data?.resultData?.error;
		expect({ status: latest.status, error: error?.message }).toEqual({
			status: 'success',
			error: undefined,
		});
		// Every node of ours ran and gave items.
		const runData = run.data?.resultData?.runData ?? {};
		for (const node of workflow.nodes.filter((n) => n.type.startsWith(`${PACKAGE_NAME}.`))) {
			const items = runData[node.name]?.[0]?.data?.main?.[0] ?? [];
			expect({ node: node.name, items: items.length > 0 }).toEqual({
				node: node.name,
				items: true,
			});
		}
	});
});

describe('3. the saved credential, reopened', () => {
	test('shows no key warning for its saved bc_ key; a key typed without bc_ gets it', async () => {
		const { page } = session;
		await page.goto(`${suite.n8n.baseUrl}/home/credentials/${SANDBOX_CREDENTIAL_ID}`, {
			waitUntil: 'domcontentloaded',
		});
		const modal = page.locator('[data-test-id="editCredential-modal"]');
		await modal.waitFor({ timeout: 90_000 });
		const apiKey = modal.locator('[data-test-id="parameter-input-apiKey"] input');
		await apiKey.waitFor({ timeout: 30_000 });
		await page.waitForTimeout(2000);
		await page.screenshot({ path: path.join(ART, 'credential-reopened.png') });
		const warning = modal.getByText('does not look like a Web Data API key');
		// The credential's name is the test fixture's, not the package's text.
		const reopened = (await modal.innerText()).replaceAll(SANDBOX_CREDENTIAL_NAME, '');
		expect(reopened.match(SANDBOX_WORDING)).toBeNull();
		expect(await warning.count()).toBe(0);

		await apiKey.fill('sk_live_not_ours');
		await warning.first().waitFor({ timeout: 10_000 });
		await page.screenshot({ path: path.join(ART, 'credential-wrong-key.png') });
		expect(await warning.count()).toBe(1);
	});
});

describe('4. a tool variant (version 2), open in the panel', () => {
	test("n8n's Tool Description switch; nothing a model cannot use (screenshots)", async () => {
		const { page } = session;
		const text = await openNode(page, TOOL_WORKFLOW_ID, TOOL_NODE.id, TOOL_NODE.name);
		await page.screenshot({ path: path.join(ART, 'tool-brand-auto.png') });
		const switchInput = page.locator('[data-test-id="parameter-input-descriptionType"] input');
		expect(await switchInput.inputValue()).toBe('Set Automatically');
		expect(text).toContain('Tool Description');
		const description = page.locator('[data-test-id="parameter-input-toolDescription"]');
		expect(await description.count()).toBe(0);
		expect(text).not.toContain('Watch for Changes');
		expect(text).not.toContain('Download Logo');
		expect(text).not.toContain('Resource');
		// Set Manually: the Description box, n8n filling in the automatic text to start from.
		await switchInput.click();
		await page.locator('.el-select-dropdown__item:visible', { hasText: 'Set Manually' }).click();
		await description.locator('textarea').waitFor({ timeout: 30_000 });
		await page.waitForTimeout(500);
		await page.screenshot({ path: path.join(ART, 'tool-brand-manual.png') });
		expect(await description.locator('textarea').inputValue()).toBe(
			'Retrieve a brand by domain in Web Data Brand',
		);
		// The node itself keeps both, and has no switch.
		const node = await openNode(page, TOOL_WORKFLOW_ID, BRAND_NODE.id, BRAND_NODE.name);
		await page.screenshot({ path: path.join(ART, 'tool-brand-node.png') });
		expect(node).toContain('Watch for Changes');
		expect(node).toContain('Download Logo');
		expect(node).not.toContain('Tool Description');
	});
});
