/**
 * Where two behaviours meet on one item (behaviours/index.ts builds each send around the one
 * below it), through real n8n-core: each case runs such an operation and expects every record
 * of the answer. Swapping the two in BEHAVIOURS loses records in each case (checked once by hand,
 * docs/test-audit.md).
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { mockApi, useNock, type NockedRequest, type NockReply } from '../helpers/http';
import { runNode, type RunNodeOptions } from '../helpers/runNode';

useNock();

const urls = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, i) => `https://site.example/${prefix}${i + 1}`);

/** Crawl crawl-1: two pages of two results, linked by `next`. */
function crawlPages(request: NockedRequest): NockReply {
	const page = request.query.page ?? '1';
	return [
		200,
		{
			success: true,
			data: {
				id: 'crawl-1',
				status: 'completed',
				total: 4,
				data: urls(`p${page}-`, 2).map((url) => ({ url })),
				next: page === '1' ? '?page=2' : null,
			},
		},
	];
}

/** Batch Scrape of job-9: started, then done with three results. */
function batchJob(request: NockedRequest): NockReply {
	if (request.method === 'POST') return [200, { success: true, id: 'job-9' }];
	return [
		200,
		{
			success: true,
			data: {
				id: 'job-9',
				status: 'COMPLETED',
				total: 3,
				completed: 3,
				results: urls('r', 3).map((url) => ({ url })),
				resultPagination: { page: 1, limit: 100, totalPages: 1 },
			},
		},
	];
}

/** Map: forty links, more than the AI tool's budget as one answer, each well within it. */
const LINKS = urls('link-', 40).map((url) => ({ url, title: `The page at ${url}` }));
const mapLinks = (): NockReply => [200, { success: true, total: 40, data: LINKS }];

/** The URLs an item's records hold: its items' `url`, or the lines of its file. */
async function urlsOut(items: INodeExecutionData[]): Promise<unknown[]> {
	const file = items[0]?.binary?.data;
	if (!file) return items.map((item) => item.json.url);
	const text = file.id
		? (await Container.get(BinaryDataService).getAsBuffer(file)).toString('utf8')
		: Buffer.from(file.data, 'base64').toString('utf8');
	return text
		.trim()
		.split('\n')
		.map((line) => (JSON.parse(line) as IDataObject).url);
}

interface Case {
	title: string;
	api: (request: NockedRequest) => NockReply;
	run: RunNodeOptions;
	urls: string[];
}

const CASES: Case[] = [
	{
		title: 'paging below the items output: every page result of every page is an item',
		api: crawlPages,
		run: {
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: 'crawl-1', page: '1', returnAll: true },
		},
		urls: [...urls('p1-', 2), ...urls('p2-', 2)],
	},
	{
		title: 'waiting below the file output: the finished job is written, not its start',
		api: batchJob,
		run: {
			type: 'webDataScrape',
			parameters: {
				operation: 'batchScrape',
				urls: 'https://site.example/r1',
				options: { pollInterval: 0.05, output: 'file' },
			},
		},
		urls: urls('r', 3),
	},
	{
		title: "the items output below an AI tool's budget: the budget caps each link, not the list",
		api: mapLinks,
		run: {
			type: 'webDataMapTool',
			parameters: { operation: 'map', url: 'https://site.example', options: { agentBudget: 1000 } },
		},
		urls: LINKS.map((link) => link.url),
	},
];

async function urlsOf({ api, run }: Case): Promise<unknown[]> {
	mockApi((request) =>
		request.path === '/account'
			? [200, { success: true, data: { plan: { concurrency: 10, rateLimitPerMinute: 6000 } } }]
			: api(request),
	);
	const { items, error } = await runNode(run);
	if (error) return [`failed: ${error.message}`];
	return await urlsOut(items);
}

describe('where two behaviours meet on one item, every record of the answer comes out', () => {
	test.each(CASES)('$title', async (entry) => {
		expect(await urlsOf(entry)).toEqual(entry.urls);
	});
});
