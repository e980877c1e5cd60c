/**
 * The order of BEHAVIOURS (behaviours/index.ts) through real n8n-core: each behaviour builds its
 * send around the one below it, so two that meet on one item must sit in the order that keeps
 * every record. Each case below runs an operation where two behaviours meet and expects every
 * record of the answer; the second block trades the two places in BEHAVIOURS (the array the
 * nodes read, as a reordered index.ts would) and expects records lost, so the first block is known
 * to fail on such an order.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { BEHAVIOURS } from '../../nodes/shared/behaviours';
import { agentBudget } from '../../nodes/shared/behaviours/agentBudget';
import { fileOutput } from '../../nodes/shared/behaviours/fileOutput';
import { output } from '../../nodes/shared/behaviours/output';
import { paging } from '../../nodes/shared/behaviours/paging';
import type { Behaviour } from '../../nodes/shared/behaviours/types';
import { waiting } from '../../nodes/shared/behaviours/waiting';
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
	/** The two behaviours that meet on the item, in BEHAVIOURS' order. */
	pair: [Behaviour, Behaviour];
	api: (request: NockedRequest) => NockReply;
	run: RunNodeOptions;
	urls: string[];
}

const CASES: Case[] = [
	{
		title: 'paging below the items output: every page result of every page is an item',
		pair: [paging, output],
		api: crawlPages,
		run: {
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: 'crawl-1', page: '1', returnAll: true },
		},
		urls: [...urls('p1-', 2), ...urls('p2-', 2)],
	},
	{
		title: 'waiting below the file output: the finished job is written, not its start',
		pair: [waiting, fileOutput],
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
		pair: [output, agentBudget],
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

describe('behaviours in the order of BEHAVIOURS keep every record', () => {
	test.each(CASES)('$title', async (entry) => {
		expect(await urlsOf(entry)).toEqual(entry.urls);
	});
});

describe('the same cases with the two behaviours trading places lose records', () => {
	/** BEHAVIOURS with two entries swapped, for one test: the array every node reads. */
	async function swapped<T>([a, b]: [Behaviour, Behaviour], body: () => Promise<T>): Promise<T> {
		const order = BEHAVIOURS as Behaviour[];
		const [i, j] = [order.indexOf(a), order.indexOf(b)];
		[order[i], order[j]] = [b, a];
		try {
			return await body();
		} finally {
			[order[i], order[j]] = [a, b];
		}
	}

	test.each(CASES)('$title', async (entry) => {
		const out = await swapped(entry.pair, () => urlsOf(entry));
		expect(out).not.toEqual(entry.urls);
	});
});
