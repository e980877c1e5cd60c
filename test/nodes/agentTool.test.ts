/**
 * Our nodes as AI agent tools. n8n registers each as `<name>Tool` and reads the description the
 * model gets from the node's `toolDescription` parameter (n8n-workflow's
 * getToolDescriptionForNode): ours is prefilled per operation, and the user's text wins. Run as
 * a tool, a node returns the Simplify shape by default and caps each result at the answer budget;
 * run as itself, nothing changes.
 */
import type { IDataObject, INode, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { DEFAULT_AGENT_BUDGET, fitToBudget } from '../../nodes/shared/behaviours';
import { RESOURCES } from '../../nodes/shared/endpoints';
import { toolDescription } from '../../nodes/shared/tool';
import { loadPackage } from '../../devkit/package';
import { runNode } from '../helpers/runNode';
import { ACCOUNT_BODY, mockApi, useNock } from '../helpers/http';
import { created, jobDetail } from '../jobs/support';

useNock();

/** The description n8n gives the tool node's parameters (as the workflow JSON holds them). */
async function toolDescriptionFor(node: string, parameters: IDataObject): Promise<string> {
	const base = (await loadPackage()).nodeTypes[node];
	const description = { ...base.description, name: `${base.description.name}Tool` };
	const nodeType = { description } as INodeType;
	const withDefaults = NodeHelpers.getNodeParameters(
		description.properties,
		parameters as INode['parameters'],
		true,
		false,
		{ typeVersion: 1 },
		description,
	)!;
	const toolNode = { parameters: withDefaults, type: `x.${description.name}` } as INode;
	return NodeHelpers.getToolDescriptionForNode(toolNode, nodeType);
}

function visibleParameters(description: INodeTypeDescription, parameters: IDataObject) {
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters as INode['parameters'],
		true,
		false,
		{ typeVersion: 1 },
		description,
	)!;
}

describe('the description the model gets', () => {
	const operations = RESOURCES.flatMap((resource) =>
		resource.operations.map((op) => ({ title: `${resource.node}.${op.value}`, resource, op })),
	);

	test.each(operations)('$title: its action and required inputs', async ({ resource, op }) => {
		const described = await toolDescriptionFor(resource.node, { operation: op.value });
		expect(described).toBe(toolDescription(op));
		expect(described.startsWith(op.action)).toBe(true);
		for (const field of op.fields.filter((f) => f.required))
			expect(described).toContain(`${field.name} (`);
	});

	test('names the operation and its input', () => {
		const retrieve = RESOURCES.find((r) => r.node === 'webDataBrand')!.operations.find(
			(o) => o.value === 'retrieve',
		)!;
		expect(toolDescription(retrieve)).toBe(
			'Retrieve a brand by domain. Input: domain (a domain or URL)',
		);
		const batch = RESOURCES.find((r) => r.node === 'webDataScrape')!.operations.find(
			(o) => o.value === 'batchScrape',
		)!;
		// The field's editor aside "(or an expression returning an array)" is left out.
		expect(toolDescription(batch)).toBe(
			'Batch scrape many pages. Input: urls (the URLs to scrape, one per line or comma-separated)',
		);
		const account = RESOURCES.find((r) => r.node === 'webDataAccount')!.operations[0];
		expect(toolDescription(account)).toBe('Get account credits and plan.');
	});

	test('follows the operation chosen', async () => {
		expect(await toolDescriptionFor('webDataBrand', { operation: 'retrieveByTicker' })).toBe(
			'Retrieve a brand by stock ticker. Input: ticker (the stock ticker)',
		);
	});

	test("the user's own description wins", async () => {
		const own = 'Look up a company by its website.';
		expect(
			await toolDescriptionFor('webDataBrand', { operation: 'retrieve', toolDescription: own }),
		).toBe(own);
	});

	test("an older workflow's descriptionType (n8n's own switch, not ours) is ignored", async () => {
		const own = 'Look up a company by its website.';
		expect(
			await toolDescriptionFor('webDataBrand', {
				operation: 'retrieve',
				descriptionType: 'manual',
				toolDescription: own,
			}),
		).toBe(own);
		expect(
			await toolDescriptionFor('webDataBrand', { operation: 'retrieve', descriptionType: 'auto' }),
		).toBe('Retrieve a brand by domain. Input: domain (a domain or URL)');
	});

	test('the node itself (not a tool) has no tool description and Simplify off', async () => {
		const { description } = (await loadPackage()).nodeTypes.webDataBrand;
		const parameters = visibleParameters(description, { operation: 'retrieve' });
		expect(parameters.toolDescription).toBeUndefined();
		expect(parameters.simplify).toBe(false);
		const options = description.properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('retrieve'),
		);
		const budget = (options?.options as Array<{ name: string; displayOptions?: unknown }>).find(
			(o) => o.name === 'agentBudget',
		);
		expect(budget?.displayOptions).toEqual({ show: { '@tool': [true] } });
	});
});

const RECORD = {
	success: true,
	data: {
		status: 'ok',
		brand: {
			domain: 'acme.com',
			title: 'Acme Corporation',
			colors: [{ hex: '#ff0000', name: 'red' }],
			backdrops: [{ url: 'https://cdn.acme.com/hero.jpg' }],
		},
		key_metadata: { credits_remaining: 99 },
	},
};

describe('Simplify as a tool', () => {
	test('is on by default', async () => {
		mockApi(() => [200, RECORD]);
		const { items, error } = await runNode({
			type: 'webDataBrandTool',
			parameters: { operation: 'retrieve', domain: 'acme.com' },
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			expect.objectContaining({ domain: 'acme.com', colors: ['#ff0000'], creditsRemaining: 99 }),
		]);
		expect(items[0].json).not.toHaveProperty('data');
	});

	test('can be turned off', async () => {
		mockApi(() => [200, RECORD]);
		const { items } = await runNode({
			type: 'webDataBrandTool',
			parameters: { operation: 'retrieve', domain: 'acme.com', simplify: false },
		});
		expect(items[0].json).toEqual(RECORD);
	});

	test('the node itself still returns the full record by default', async () => {
		mockApi(() => [200, RECORD]);
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com' },
		});
		expect(items[0].json).toEqual(RECORD);
	});
});

const LONG_MARKDOWN = `# Guide\n\n${'All about anvils. '.repeat(5000)}`;
const LARGE_PAGE = {
	success: true,
	data: { url: 'https://acme.com/guide', markdown: LONG_MARKDOWN, metadata: { title: 'Guide' } },
};

describe('the answer budget', () => {
	test('a large page, as a tool: shortened to the default budget and marked', async () => {
		const api = mockApi(() => [200, LARGE_PAGE]);
		const { items, error } = await runNode({
			type: 'webDataScrapeTool',
			parameters: { operation: 'scrape', url: 'https://acme.com/guide' },
		});
		expect(error).toBeUndefined();
		expect(api.apiRequests()).toHaveLength(1);
		expect(items).toHaveLength(1);
		const json = items[0].json as typeof LARGE_PAGE & {
			truncated: boolean;
			originalLength: number;
		};
		expect(JSON.stringify(json).length).toBeLessThanOrEqual(DEFAULT_AGENT_BUDGET);
		expect(JSON.stringify(json).length).toBeGreaterThan(DEFAULT_AGENT_BUDGET - 100);
		expect(json.truncated).toBe(true);
		expect(json.originalLength).toBe(JSON.stringify(LARGE_PAGE).length);
		// The shape stays: the long text is cut, the short ones are whole.
		expect(json.data.metadata).toEqual({ title: 'Guide' });
		expect(json.data.markdown.endsWith('…')).toBe(true);
		expect(LONG_MARKDOWN.startsWith(json.data.markdown.slice(0, -1))).toBe(true);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('the budget is an option', async () => {
		mockApi(() => [200, LARGE_PAGE]);
		const { items } = await runNode({
			type: 'webDataScrapeTool',
			parameters: {
				operation: 'scrape',
				url: 'https://acme.com/guide',
				options: { agentBudget: 3000 },
			},
		});
		expect(JSON.stringify(items[0].json).length).toBeLessThanOrEqual(3000);
		expect(items[0].json).toMatchObject({ truncated: true });
	});

	test('the node itself returns the whole page', async () => {
		mockApi(() => [200, LARGE_PAGE]);
		const { items } = await runNode({
			type: 'webDataScrape',
			parameters: { operation: 'scrape', url: 'https://acme.com/guide' },
		});
		expect(items[0].json).toEqual(LARGE_PAGE);
	});

	test('caps each record of a job on its own', async () => {
		const page = (i: number) => ({ url: `https://acme.com/${i}`, markdown: LONG_MARKDOWN });
		mockApi((request) => {
			if (request.method === 'POST') return [200, created('job-1')];
			if (request.path === '/jobs/job-1')
				return [200, jobDetail('COMPLETED', { results: [page(1), page(2)] })];
			return [200, ACCOUNT_BODY];
		});
		const { items, error } = await runNode({
			type: 'webDataScrapeTool',
			parameters: {
				operation: 'batchScrape',
				urls: 'https://acme.com/1\nhttps://acme.com/2',
				options: { agentBudget: 5000, pollInterval: 0.1 },
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(JSON.stringify(item.json).length).toBeLessThanOrEqual(5000);
			expect(item.json.truncated).toBe(true);
		}
	});
});

describe('fitToBudget', () => {
	test('a record within the budget is returned as it is', () => {
		const json = { a: 'x'.repeat(100) };
		expect(fitToBudget(json, 1000)).toBe(json);
	});

	test('many short values: the JSON text is cut, and says so', () => {
		const json = { list: Array.from({ length: 3000 }, (_, i) => `item ${i}`) };
		const fitted = fitToBudget(json, 2000);
		expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(2000);
		expect(fitted).toMatchObject({ truncated: true, originalLength: JSON.stringify(json).length });
		expect(JSON.stringify(json).startsWith(fitted.partialJson as string)).toBe(true);
	});
});
