/**
 * Our nodes as AI agent tools. n8n registers each as `<name>Tool` and tells the model what
 * n8n-workflow's getToolDescriptionForNode gives: from node version 2, n8n's Tool Description
 * switch (Set Automatically: the operation's action; Set Manually: the user's text); in version
 * 1, a Description prefilled per operation. Run as a tool, a node returns the Simplify shape by
 * default and caps each result at the answer budget; run as itself, nothing changes.
 */
import type { IDataObject, INode, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { DEFAULT_AGENT_BUDGET, fitToBudget } from '../../nodes/shared/behaviours';
import { NODES } from '../../nodes/shared/operations';
import { toolDescription } from '../../nodes/shared/tool';
import { loadPackage } from '../../devkit/package';
import { runNode } from '../helpers/runNode';
import { ACCOUNT_BODY, mockApi, useNock, created, jobDetail } from '../helpers/http';
import { random } from '../helpers/random';

useNock();

/** The description n8n gives the tool node's parameters (as the workflow JSON holds them). */
async function toolDescriptionFor(
	node: string,
	parameters: IDataObject,
	typeVersion = 1,
): Promise<string> {
	const base = (await loadPackage()).nodeTypes[node];
	const description = { ...base.description, name: `${base.description.name}Tool` };
	const nodeType = { description } as INodeType;
	const withDefaults = visibleParameters(description, parameters, typeVersion);
	const toolNode = { parameters: withDefaults, type: `x.${description.name}` } as INode;
	return NodeHelpers.getToolDescriptionForNode(toolNode, nodeType);
}

function visibleParameters(
	description: INodeTypeDescription,
	parameters: IDataObject,
	typeVersion = 1,
) {
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters as INode['parameters'],
		true,
		false,
		{ typeVersion },
		description,
	)!;
}

const asTool = (description: INodeTypeDescription): INodeTypeDescription => ({
	...description,
	name: `${description.name}Tool`,
});

describe("the description the model gets, version 2 (n8n's Tool Description switch)", () => {
	const operations = NODES.flatMap((nodeSpec) =>
		nodeSpec.operations.map((op) => ({ title: `${nodeSpec.node}.${op.value}`, nodeSpec, op })),
	);

	test.each(operations)('$title: Set Automatically names its action', async ({ nodeSpec, op }) => {
		const { description } = (await loadPackage()).nodeTypes[nodeSpec.node];
		const shown = visibleParameters(asTool(description), { operation: op.value }, 2);
		expect(shown.descriptionType).toBe('auto');
		expect(await toolDescriptionFor(nodeSpec.node, { operation: op.value }, 2)).toBe(
			`${op.action} in ${nodeSpec.displayName}`,
		);
	});

	test("Set Manually sends the user's text; left empty, the automatic one", async () => {
		const own = 'Look up a company by its website.';
		const manual = { operation: 'retrieve', descriptionType: 'manual' };
		expect(await toolDescriptionFor('webDataBrand', { ...manual, toolDescription: own }, 2)).toBe(
			own,
		);
		expect(await toolDescriptionFor('webDataBrand', { ...manual, toolDescription: ' ' }, 2)).toBe(
			'Retrieve a brand by domain in Web Data Brand',
		);
		// Set Automatically ignores a text left from Set Manually, as in n8n's own tools.
		expect(
			await toolDescriptionFor(
				'webDataBrand',
				{ operation: 'retrieve', descriptionType: 'auto', toolDescription: own },
				2,
			),
		).toBe('Retrieve a brand by domain in Web Data Brand');
	});

	test('the switch and its Description show only on the tool, the text only when manual', async () => {
		const { description } = (await loadPackage()).nodeTypes.webDataScrape;
		const node = visibleParameters(description, { operation: 'scrape' }, 2);
		expect(node).not.toHaveProperty('descriptionType');
		expect(node).not.toHaveProperty('toolDescription');
		const auto = visibleParameters(asTool(description), { operation: 'scrape' }, 2);
		expect(auto).not.toHaveProperty('toolDescription');
		const manual = visibleParameters(
			asTool(description),
			{ operation: 'scrape', descriptionType: 'manual' },
			2,
		);
		expect(manual.toolDescription).toBe('');
	});

	test('a new node is named after its action, as n8n names its own', async () => {
		for (const nodeSpec of NODES) {
			const { description } = (await loadPackage()).nodeTypes[nodeSpec.node];
			for (const op of nodeSpec.operations) {
				const parameters = visibleParameters(description, { operation: op.value }, 2);
				expect(NodeHelpers.makeNodeName(parameters, description)).toBe(op.action);
			}
		}
	});

	test('Watch for Changes and Download Logo are left out of the tool, kept on the node', async () => {
		const { description } = (await loadPackage()).nodeTypes.webDataBrand;
		const on = { operation: 'retrieve', watchForChanges: true, downloadLogo: true };
		const tool = visibleParameters(asTool(description), on, 2);
		expect(tool).not.toHaveProperty('watchForChanges');
		expect(tool).not.toHaveProperty('downloadLogo');
		expect(tool).not.toHaveProperty('watchedFields');
		const node = visibleParameters(description, on, 2);
		expect(node).toMatchObject({ watchForChanges: true, downloadLogo: true });
		// Version 1's tool keeps them, as it was.
		expect(visibleParameters(asTool(description), on, 1)).toMatchObject({
			watchForChanges: true,
			downloadLogo: true,
		});
	});
});

describe('the description the model gets, version 1', () => {
	const operations = NODES.flatMap((nodeSpec) =>
		nodeSpec.operations.map((op) => ({ title: `${nodeSpec.node}.${op.value}`, nodeSpec, op })),
	);

	test.each(operations)('$title: its action and required inputs', async ({ nodeSpec, op }) => {
		const described = await toolDescriptionFor(nodeSpec.node, { operation: op.value });
		expect(described).toBe(toolDescription(op));
		expect(described.startsWith(op.action)).toBe(true);
		for (const field of op.fields.filter((f) => f.required))
			expect(described).toContain(`${field.name} (`);
	});

	test('names the operation and its input', () => {
		const retrieve = NODES.find((r) => r.node === 'webDataBrand')!.operations.find(
			(o) => o.value === 'retrieve',
		)!;
		expect(toolDescription(retrieve)).toBe(
			'Retrieve a brand by domain. Input: domain (a domain or URL)',
		);
		const batch = NODES.find((r) => r.node === 'webDataScrape')!.operations.find(
			(o) => o.value === 'batchScrape',
		)!;
		// The field's editor aside "(or an expression returning an array)" is left out.
		expect(toolDescription(batch)).toBe(
			'Batch scrape many pages. Input: urls (the URLs to scrape, one per line or comma-separated)',
		);
		const account = NODES.find((r) => r.node === 'webDataAccount')!.operations[0];
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

	test('names no node after its action (as it was)', async () => {
		const { description } = (await loadPackage()).nodeTypes.webDataScrape;
		const parameters = visibleParameters(description, { operation: 'scrape' }, 1);
		expect(NodeHelpers.makeNodeName(parameters, description)).toBe('Web Data Scrape');
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

	test('version 2: Download Logo and Watch for Changes in a saved JSON are dropped (not shown)', async () => {
		const api = mockApi(() => [200, RECORD]);
		const { items, error } = await runNode({
			type: 'webDataBrandTool',
			typeVersion: 2,
			parameters: {
				operation: 'retrieve',
				domain: 'acme.com',
				downloadLogo: true,
				watchForChanges: true,
			},
		});
		expect(error).toBeUndefined();
		expect(api.apiRequests()).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json).not.toHaveProperty('change');
		expect(items[0].json).not.toHaveProperty('logoError');
		expect(items[0].json).toMatchObject({ domain: 'acme.com' });
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

	/**
	 * What fitToBudget computes without serialising per step, by serialising at every step: the
	 * same bisection over the text length, each length tried on the serialised record.
	 */
	function fittedBySerialising(json: IDataObject, budget: number): IDataObject | undefined {
		const marker = { truncated: true, originalLength: JSON.stringify(json).length };
		const shorten = (value: unknown, n: number): unknown => {
			if (typeof value === 'string') return value.length > n ? `${value.slice(0, n)}…` : value;
			if (Array.isArray(value)) return value.map((entry) => shorten(entry, n));
			if (value !== null && typeof value === 'object')
				return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, n)]));
			return value;
		};
		const record = (n: number) => ({ ...(shorten(json, n) as IDataObject), ...marker });
		const texts: string[] = [];
		const collect = (value: unknown): void => {
			if (typeof value === 'string') texts.push(value);
			else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
		};
		collect(json);
		let [low, high, best] = [200, Math.max(0, ...texts.map((t) => t.length)), 199];
		while (low <= high) {
			const middle = Math.floor((low + high) / 2);
			if (JSON.stringify(record(middle)).length <= budget) [best, low] = [middle, middle + 1];
			else high = middle - 1;
		}
		return best >= 200 ? record(best) : undefined;
	}

	test('texts with escapes, controls and surrogate pairs: the text length serialising at every step finds', () => {
		const rng = random(5);
		const glyphs = ['a', 'b', ' ', '"', '\\', '\n', '\u0001', 'é', '😀', '\ud800', '\udc00'];
		const textOf = (length: number) => Array.from({ length }, () => rng.pick(glyphs)).join('');
		let compared = 0;
		for (let n = 0; n < 25; n++) {
			const json: IDataObject = {
				title: textOf(rng.int(0, 300)),
				body: textOf(rng.int(200, 2000)),
				list: [textOf(rng.int(100, 1500)), { deep: [textOf(rng.int(150, 1200)), 7, null] }],
			};
			if (rng.next() < 0.3) json.truncated = textOf(rng.int(200, 900));
			const budget = rng.int(1000, 3000);
			const expected = fittedBySerialising(json, budget);
			if (!expected) continue;
			compared++;
			expect(fitToBudget(json, budget)).toEqual(expected);
		}
		expect(compared).toBeGreaterThan(15);
	});

	test('a record of 250,000 entries and 1,000 long texts: fitted without a stack overflow', () => {
		const json: IDataObject = {
			entries: Array.from({ length: 250_000 }, (_, i) => ({ i })),
			pages: Array.from({ length: 1000 }, (_, i) => `page ${i} ${'x'.repeat(300)}`),
		};
		const fitted = fitToBudget(json, 20_000);
		expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(20_000);
		expect(fitted).toMatchObject({ truncated: true, originalLength: JSON.stringify(json).length });
		expect(typeof fitted.partialJson).toBe('string');
	});

	test('one text of 300,000 characters among 250,000 short values: the text is shortened to fit', () => {
		const json: IDataObject = {
			markdown: 'word '.repeat(60_000),
			ids: Array.from({ length: 250_000 }, () => 1),
		};
		const budget = 600_000;
		const fitted = fitToBudget(json, budget);
		const length = JSON.stringify(fitted).length;
		expect(length).toBeLessThanOrEqual(budget);
		// The text is the longest that fits: one more character would not.
		const markdown = fitted.markdown as string;
		expect(markdown.endsWith('…')).toBe(true);
		expect(length + 1).toBeGreaterThan(budget);
		expect(fitted.ids).toEqual(json.ids);
	});

	test('many short values: the JSON text is cut, and says so', () => {
		const json = { list: Array.from({ length: 3000 }, (_, i) => `item ${i}`) };
		const fitted = fitToBudget(json, 2000);
		expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(2000);
		expect(fitted).toMatchObject({ truncated: true, originalLength: JSON.stringify(json).length });
		expect(JSON.stringify(json).startsWith(fitted.partialJson as string)).toBe(true);
	});
});
