/**
 * What an n8n instance of this project holds: the sandbox credential, the placeholder OpenAI
 * credential of the AI example, and the example workflows of examples/.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { N8n } from './n8n';
import { EXAMPLES_DIR, PACKAGE_NAME } from './paths';
import { readText } from './proc';

export const SANDBOX_CREDENTIAL_ID = 'webdataSandbox';
export const SANDBOX_CREDENTIAL_NAME = 'Web Data sandbox';
export const HEADER_AUTH_CREDENTIAL_ID = 'webdataHeaderAuth';
export const HEADER_AUTH_CREDENTIAL_NAME = 'Web Data key as Header Auth';

export function sandboxCredential(baseUrl: string, apiKey: string): object {
	const data = { apiKey, baseUrl };
	return { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME, type: 'webDataApi', data };
}

/**
 * n8n's Header Auth credential carrying a sandbox key (`Authorization: Bearer <key>`): how n8n's
 * own HTTP Request node reaches the API, the Web Data credential being for this package's nodes.
 */
export function headerAuthCredential(apiKey: string): object {
	const data = { name: 'Authorization', value: `Bearer ${apiKey}` };
	const [id, name] = [HEADER_AUTH_CREDENTIAL_ID, HEADER_AUTH_CREDENTIAL_NAME];
	return { id, name, type: 'httpHeaderAuth', data };
}

/** The AI example's model credential: a placeholder (no LLM offline). */
export function openAiPlaceholderCredential(): object {
	const data = { apiKey: 'sk-placeholder-replace-with-your-key', url: 'https://api.openai.com/v1' };
	const name = 'OpenAI (placeholder: add your key)';
	return { id: 'openAiPlaceholder', name, type: 'openAiApi', data };
}

/** A node as the builders below take it: chainWorkflow fills in its id and position. */
export interface DraftNode {
	id?: string;
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	[k: string]: unknown;
}

export interface WorkflowJson {
	id: string;
	name: string;
	nodes: Array<DraftNode & { id: string }>;
	connections: Record<string, unknown>;
	[k: string]: unknown;
}

/** One of our nodes (`type` without the package, e.g. webDataBrand) on the sandbox credential. */
export function webDataNode(
	name: string,
	type: string,
	parameters: Record<string, unknown>,
	more: Record<string, unknown> = {},
): DraftNode {
	const node = { name, type: `${PACKAGE_NAME}.${type}`, typeVersion: 1, parameters };
	const webDataApi = { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME };
	return { ...node, credentials: { webDataApi }, ...more };
}

export function baseNode(name: string, type: string, parameters = {}, typeVersion = 1): DraftNode {
	return { name, type: `n8n-nodes-base.${type}`, typeVersion, parameters };
}

export const MANUAL_TRIGGER = baseNode('Start', 'manualTrigger');

/** A production Webhook node taking POSTs at `path` (answering at once unless told otherwise). */
export function webhookTrigger(
	path: string,
	parameters: Record<string, unknown> = { responseMode: 'onReceived' },
	webhookId: string = randomUUID(),
): DraftNode {
	const all = { httpMethod: 'POST', path, ...parameters, options: {} };
	return { ...baseNode('Webhook', 'webhook', all, 2), webhookId };
}

/** A workflow of `nodes`, each fed by the one before, left to right. */
export function chainWorkflow(
	id: string,
	name: string,
	nodes: DraftNode[],
	settings: Record<string, unknown> = {},
): WorkflowJson {
	const connect = (to: DraftNode) => ({ main: [[{ node: to.name, type: 'main', index: 0 }]] });
	return {
		id,
		name,
		settings: { executionOrder: 'v1', ...settings },
		nodes: nodes.map((node, i) => ({ id: `${id}-${i}`, position: [220 * i, 0], ...node })),
		connections: Object.fromEntries(nodes.slice(1).map((to, i) => [nodes[i].name, connect(to)])),
	};
}

/** The example workflows, by file name. */
export function loadExamples(): Array<{ file: string; workflow: WorkflowJson }> {
	const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json'));
	const read = (file: string) => fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
	return files.sort().map((file) => ({ file, workflow: JSON.parse(read(file)) as WorkflowJson }));
}

/** Examples that start from the Web Data Trigger: they are published (active) after import. */
export function isTriggerWorkflow(workflow: WorkflowJson): boolean {
	return workflow.nodes.some((n) => /\.webDataTrigger$/.test(n.type));
}

/** The trigger examples, and those served by n8n's MCP Server Trigger (so its MCP URL answers). */
function isPublished(workflow: WorkflowJson): boolean {
	const mcp = workflow.nodes.some((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
	return mcp || isTriggerWorkflow(workflow);
}

/**
 * Imports and publishes the examples when they changed since the last import into this user
 * folder (a second run keeps what the user edited); returns how many it imported.
 */
export async function importExamples(n8n: N8n): Promise<number> {
	const examples = loadExamples();
	const hash = createHash('sha256');
	for (const { file, workflow } of examples) hash.update(file).update(JSON.stringify(workflow));
	const digest = hash.digest('hex');
	const stamp = path.join(n8n.userFolder, '.examples.sha256');
	if (readText(stamp).trim() === digest) return 0;
	await n8n.importWorkflows(examples.map((e) => e.workflow));
	for (const { workflow } of examples) if (isPublished(workflow)) await n8n.publish(workflow.id);
	fs.writeFileSync(stamp, digest);
	return examples.length;
}
