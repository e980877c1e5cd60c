/**
 * Output: One File (JSON Lines) inside real n8n (2.x, and 1.x with WEBDATA_N8N_LINE=1): Web Data
 * Crawl > Get Status writes the seeded crawl to one binary file, and n8n's own Extract From File
 * (Extract From Text File) reads it back downstream; its lines are the crawl's page results in
 * order, each with the crawl's ID and status, and the crawl's item is one small item.
 */
import { nodeItems, nodeTask } from '../../devkit/n8n';
import { tail } from '../../devkit/proc';
import type { WorkflowJson } from '../../devkit/setup';
import { demoCrawl } from './operations';
import { crawlToFileNode } from './workflows';
import { Suite, runError } from './suite';

const WORKFLOW_ID = 'wdE2eCrawlToFile';
const CRAWL_NODE = 'Crawl to file';
const EXTRACT_NODE = 'Extract From File';

const suite = new Suite('files');

function crawlToFileWorkflow(): WorkflowJson {
	return {
		id: WORKFLOW_ID,
		name: 'e2e: a crawl to one file, read back by Extract From File',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'f-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			crawlToFileNode('f-crawl', CRAWL_NODE, [220, 0]),
			{
				id: 'f-extract',
				name: EXTRACT_NODE,
				type: 'n8n-nodes-base.extractFromFile',
				typeVersion: 1,
				position: [440, 0],
				parameters: { operation: 'text', binaryPropertyName: 'data', destinationKey: 'text' },
			},
		],
		connections: {
			Start: { main: [[{ node: CRAWL_NODE, type: 'main', index: 0 }]] },
			[CRAWL_NODE]: { main: [[{ node: EXTRACT_NODE, type: 'main', index: 0 }]] },
		},
	};
}

beforeAll(async () => {
	await suite.setUp({ workflows: [crawlToFileWorkflow()] });
});

afterAll(async () => {
	await suite.tearDown();
});

test('a crawl written to one file is read back by Extract From File, line by line', async () => {
	await suite.sandbox.reset();
	const result = await suite.time('execute: crawl to file', () => suite.n8n.execute(WORKFLOW_ID));
	suite.saveRun('files', result);
	expect({
		ok: result.ok,
		error: runError(result.run),
		log: result.ok ? '' : tail(result.stderr, 40),
	}).toEqual({ ok: true, error: '', log: '' });

	const { first, pages } = await demoCrawl(suite.sandbox);
	expect(pages.length).toBeGreaterThan(3);

	const crawl = nodeItems(result.run, CRAWL_NODE);
	expect(crawl).toHaveLength(1);
	expect(crawl[0]).toMatchObject({
		crawlId: 'crawl_demo',
		status: first.status,
		file: {
			property: 'data',
			fileName: 'crawl-crawl_demo.jsonl',
			records: pages.length,
			failedUrls: 0,
		},
	});
	const binary = nodeTask(result.run, CRAWL_NODE)?.data?.main?.[0]?.[0]?.binary?.data;
	expect(binary).toMatchObject({
		mimeType: 'application/x-ndjson',
		fileName: 'crawl-crawl_demo.jsonl',
	});

	const extracted = nodeItems(result.run, EXTRACT_NODE);
	expect(extracted).toHaveLength(1);
	const text = String(extracted[0].text);
	expect(Buffer.byteLength(text)).toBe((crawl[0].file as { bytes: number }).bytes);
	const lines = text
		.trimEnd()
		.split('\n')
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	expect(lines).toEqual(
		pages.map((page) => ({ ...page, crawlId: 'crawl_demo', status: first.status })),
	);
});
