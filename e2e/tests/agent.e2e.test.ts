/**
 * Our nodes as an AI Agent's tools inside real n8n, offline: examples/ai-agent-tools.json (agent,
 * OpenAI Chat Model, three Web Data tools) started by a Manual Trigger, its model credential
 * pointed at a scripted model on 127.0.0.1 (scriptedModel.ts) that calls the Scrape tool
 * on a large sandbox page, then answers quoting what the tool returned. It shows what the model
 * is offered (each tool's description), that the call reaches the sandbox with the model's
 * argument, and that the tool's answer stays within the answer budget.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { DEFAULT_AGENT_BUDGET } from '../../nodes/shared/behaviours';
import { nodeItems, nodeTask, type ExecuteResult } from '../../devkit/n8n';
import { tail } from '../../devkit/proc';
import type { RecordedRequest } from '../../devkit/sandbox';
import {
	ANSWER_PREFIX,
	startScriptedModel,
	offeredTools,
	toolResults,
	type OfferedTool,
} from './scriptedModel';
import { loadExamples, openAiPlaceholderCredential, type WorkflowJson } from '../../devkit/setup';
import { Suite, runError } from './suite';

const EXAMPLE = 'ai-agent-tools.json';
const WORKFLOW_ID = 'wdE2eAgentTools';
const LARGE_PAGE = 'https://docs.example.com/large-guide';
const PROMPT = `Summarise the page ${LARGE_PAGE}`;

/**
 * The AI example as it is (agent, model, tools), started by a Manual Trigger with the prompt set
 * in the Agent instead of a chat message, so that `n8n execute` can run it.
 */
function agentWorkflow(): WorkflowJson {
	const { workflow } = loadExamples().find((example) => example.file === EXAMPLE)!;
	const nodes = workflow.nodes.map((node) => {
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') {
			const { webhookId: _webhookId, ...rest } = node;
			return { ...rest, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
		}
		if (node.type === '@n8n/n8n-nodes-langchain.agent')
			return { ...node, parameters: { ...node.parameters, promptType: 'define', text: PROMPT } };
		return node;
	});
	return { ...workflow, id: WORKFLOW_ID, nodes };
}

/** The records a tool node returned to the agent (its run data, output `ai_tool`). */
function toolResponse(node: string): Array<Record<string, unknown>> {
	const data = nodeTask(result.run, node)?.data as
		| { ai_tool?: Array<Array<{ json: { response?: Array<Record<string, unknown>> } }>> }
		| undefined;
	return data?.ai_tool?.[0]?.[0]?.json.response ?? [];
}

/** n8n's tool name for a node name (spaces become underscores). */
const toolName = (nodeName: string) => nodeName.replace(/ /g, '_');

const suite = new Suite('agent');
let model: Awaited<ReturnType<typeof startScriptedModel>>;

const MODEL_KEY = 'sk-scripted-model';
const workflow = agentWorkflow();
let result: ExecuteResult;
let sent: RecordedRequest[] = [];
let offered: OfferedTool[] = [];

beforeAll(async () => {
	model = await startScriptedModel({
		name: toolName('Scrape page'),
		arguments: { url: LARGE_PAGE },
	});
	// The example's placeholder credential, pointed at the scripted model.
	const credential = openAiPlaceholderCredential() as { data: object };
	await suite.setUp({
		credentials: [
			{ ...credential, data: { ...credential.data, apiKey: MODEL_KEY, url: model.baseUrl } },
		],
		workflows: [workflow],
	});
	await suite.sandbox.clearRequests();
	result = await suite.time('execute: agent with tools', () => suite.n8n.execute(WORKFLOW_ID));
	suite.saveRun('agent', result);
	sent = (await suite.sandbox.requests()).filter((r) => r.path !== '/account');
	offered = model.requests[0] ? offeredTools(model.requests[0]) : [];
	fs.writeFileSync(
		path.join(suite.art, 'agent-model-requests.json'),
		JSON.stringify(model.requests, null, 2),
	);
});

afterAll(async () => {
	await suite.tearDown();
	await model?.close();
});

test('the workflow runs to the end, and the agent answers with what the tool returned', () => {
	if (!result.run)
		throw new Error(
			`n8n execute printed no run data (exit ${result.code}):\n${tail(result.stdout + result.stderr, 40)}`,
		);
	expect({ status: result.run.status, error: runError(result.run) }).toEqual({
		status: 'success',
		error: '',
	});
	expect(model.requests).toHaveLength(2);
	const [answer] = nodeItems(result.run, 'AI Agent');
	expect(String(answer?.output)).toContain(ANSWER_PREFIX);
	expect(String(answer?.output)).toContain(LARGE_PAGE);
});

test('the model is offered each tool with its operation description, or the user’s own', () => {
	const own = workflow.nodes.find((node) => node.name === 'Find competitors')?.parameters
		.toolDescription;
	expect(own).toEqual(expect.any(String));
	const descriptions = Object.fromEntries(offered.map((t) => [t.name, t.description]));
	expect(descriptions).toEqual({
		// Set Automatically (the default): n8n names the operation's action and the node.
		Brand_lookup: 'Retrieve a brand by domain in Web Data Brand',
		Scrape_page: 'Scrape a URL in Web Data Scrape',
		// Set Manually: the user's text.
		Find_competitors: own,
	});
	expect(offered.find((t) => t.name === 'Scrape_page')?.parameters).toMatchObject({
		properties: { url: { type: 'string' } },
	});
});

test('the tool call reaches the sandbox with the model’s argument and the bearer key', () => {
	// The sandbox answers 401 to a request without `Authorization: Bearer <its key>`.
	expect(sent.map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
		{ method: 'GET', path: '/scrape', query: { url: LARGE_PAGE }, status: 200 },
	]);
	expect(model.requests[0].headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
});

test('what the model receives from a large page stays within the answer budget, marked as cut', () => {
	const [toolResult] = toolResults(model.requests[1]);
	expect(toolResult).toBeDefined();
	// n8n hands the model the tool's items as JSON text: the record plus a few characters around it.
	expect(toolResult.length).toBeLessThanOrEqual(DEFAULT_AGENT_BUDGET + 100);
	expect(toolResult.length).toBeGreaterThan(DEFAULT_AGENT_BUDGET / 2);
	const [record] = toolResponse('Scrape page');
	expect(record).toMatchObject({ truncated: true });
	expect(record.originalLength as number).toBeGreaterThan(DEFAULT_AGENT_BUDGET);
	expect(JSON.stringify(record).length).toBeLessThanOrEqual(DEFAULT_AGENT_BUDGET);
	expect(toolResult).toContain('"truncated":true');
	expect(nodeTask(result.run, 'Scrape page')?.error).toBeUndefined();
});
