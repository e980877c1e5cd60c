/**
 * Our nodes as MCP tools inside real n8n 2.x: examples/mcp-server.json (n8n's MCP Server Trigger
 * with three Web Data tools: Brand retrieve, Scrape, Map) published and served by `n8n start`,
 * driven by the official MCP TypeScript SDK client over Streamable HTTP on loopback (the SDK n8n
 * itself ships, loaded from the pinned n8n: as a devDependency its `pkce-challenge` brings an
 * `index.node.js` that n8n's custom loader takes for a node under `n8n-node dev`). The client
 * lists the tools (each with its operation's description and an input schema from `$fromAI`),
 * calls Scrape on a large sandbox page and gets an answer within the Answer Budget, and a bad
 * argument gets a tool error naming the field, with nothing sent to the sandbox.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { DEFAULT_AGENT_BUDGET } from '../../nodes/shared/behaviours';
import { loadExamples } from '../../devkit/setup';
import { requireFromN8n } from '../../devkit/toolchain';
import { sleep } from '../../devkit/wait';
import { Suite } from './suite';

const EXAMPLE = 'mcp-server.json';
const LARGE_PAGE = 'https://docs.example.com/large-guide';

type Tool = { name: string; description?: string; inputSchema: unknown };
/** What this suite uses of the SDK's client (`@modelcontextprotocol/sdk/client`). */
interface Client {
	connect(transport: unknown): Promise<void>;
	listTools(): Promise<{ tools: Tool[] }>;
	callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
	close(): Promise<void>;
}
const { Client } = requireFromN8n<{ Client: new (info: object) => Client }>(
	'@modelcontextprotocol/sdk/client/index.js',
);
const { StreamableHTTPClientTransport } = requireFromN8n<{
	StreamableHTTPClientTransport: new (url: URL) => unknown;
}>('@modelcontextprotocol/sdk/client/streamableHttp.js');

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const text = (result: ToolResult) =>
	result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

const suite = new Suite('mcp');
const { workflow } = loadExamples().find((example) => example.file === EXAMPLE)!;
const trigger = workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
let client: Client;

/** Connects once the production endpoint answers (n8n may answer 404 for a moment after start). */
async function connect(url: URL): Promise<Client> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const candidate = new Client({ name: 'webdata-e2e', version: '1.0.0' });
		try {
			await candidate.connect(new StreamableHTTPClientTransport(url));
			return candidate;
		} catch (error) {
			if (Date.now() > deadline) throw error;
			await sleep(500);
		}
	}
}

beforeAll(async () => {
	await suite.setUp({ workflows: [workflow] });
	await suite.time('publish:workflow (mcp)', () => suite.n8n.publish(workflow.id));
	await suite.time('n8n start (until /healthz/readiness)', () => suite.n8n.start());
	const url = new URL(`${suite.n8n.baseUrl}/mcp/${String(trigger.parameters.path)}`);
	client = await suite.time('MCP client: connect', () => connect(url));
});

afterAll(async () => {
	await client?.close();
	await suite.tearDown();
});

test('the client lists each tool with its operation description and an input schema from $fromAI', async () => {
	const { tools } = await suite.time('MCP: tools/list', () => client.listTools());
	fs.writeFileSync(path.join(suite.art, 'mcp-tools.json'), JSON.stringify(tools, null, 2));
	const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
	expect(Object.keys(byName).sort()).toEqual(['Brand_lookup', 'Map_site', 'Scrape_page']);
	// Tool Description: Set Automatically (the default): n8n names the operation's action.
	expect(byName.Brand_lookup.description).toBe('Retrieve a brand by domain in Web Data Brand');
	expect(byName.Scrape_page.description).toBe('Scrape a URL in Web Data Scrape');
	expect(byName.Map_site.description).toBe('Map a site in Web Data Map');
	expect(byName.Brand_lookup.inputSchema).toMatchObject({
		type: 'object',
		properties: { domain: { type: 'string', description: expect.stringContaining('domain') } },
		required: ['domain'],
	});
	expect(byName.Scrape_page.inputSchema).toMatchObject({
		properties: { url: { type: 'string' } },
		required: ['url'],
	});
});

test('a call reaches the sandbox and the answer stays within the Answer Budget', async () => {
	await suite.sandbox.clearRequests();
	const result = (await suite.time('MCP: tools/call Scrape_page', () =>
		client.callTool({ name: 'Scrape_page', arguments: { url: LARGE_PAGE } }),
	)) as ToolResult;
	expect(result.isError).toBeFalsy();
	const answer = text(result);
	expect(answer.length).toBeLessThanOrEqual(DEFAULT_AGENT_BUDGET + 100);
	expect(answer.length).toBeGreaterThan(DEFAULT_AGENT_BUDGET / 2);
	expect(answer).toContain('"truncated":true');
	const sent = (await suite.sandbox.requests()).filter((r) => r.path !== '/account');
	expect(sent.map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
		{ method: 'GET', path: '/scrape', query: { url: LARGE_PAGE }, status: 200 },
	]);
});

test('a bad argument gets a tool error naming the field, and nothing is sent', async () => {
	await suite.sandbox.clearRequests();
	const result = (await client.callTool({
		name: 'Map_site',
		arguments: { url: 'not a url' },
	})) as ToolResult;
	fs.writeFileSync(path.join(suite.art, 'mcp-bad-argument.json'), JSON.stringify(result, null, 2));
	expect(result.isError).toBe(true);
	expect(text(result)).toContain('Enter a valid "URL"');
	expect((await suite.sandbox.requests()).filter((r) => r.path !== '/account')).toEqual([]);
});
