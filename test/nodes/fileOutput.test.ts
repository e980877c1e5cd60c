/**
 * Output: One File (JSON Lines) through real n8n-core: Crawl > Get Status, Job > Get, Batch
 * Scrape's wait and Map write their records to one binary file `data`, one JSON record per line
 * in the items output's order (a job's failed URLs last, with `success: false`), and return one
 * item per input item with the IDs, status and counts. n8n's in-memory binary mode (the harness's
 * default) and its filesystem mode (set up here as n8n sets it up) both store the stream; a
 * failure half-way leaves no file.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FsByteStore } from '@n8n/blob-storage';
import { Container } from '@n8n/di';
import { BinaryDataBlobManager, BinaryDataService, ErrorReporter } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { loadPackage } from '../../devkit/package';
import { runNode, FAST_POLL_S } from '../helpers/runNode';
import { resetNock, Recorder, answer, created, jobDetail } from '../helpers/http';

afterEach(resetNock);

/** The file's records, read back as a reader of JSON Lines would. */
async function linesOf(item: INodeExecutionData): Promise<IDataObject[]> {
	const binary = item.binary?.data;
	expect(binary).toMatchObject({ mimeType: 'application/x-ndjson' });
	const text = binary!.id
		? (await Container.get(BinaryDataService).getAsBuffer(binary!)).toString('utf8')
		: Buffer.from(binary!.data, 'base64').toString('utf8');
	expect(text.endsWith('\n')).toBe(true);
	return text
		.slice(0, -1)
		.split('\n')
		.map((line) => JSON.parse(line) as IDataObject);
}

const crawlUrls = (pages: string[]) =>
	pages.flatMap((p) => [`https://site.example/${p}/a`, `https://site.example/${p}/b`]);

function crawlPage(page: string, next: string | null) {
	return {
		success: true,
		data: {
			id: 'crawl-1',
			status: 'completed',
			total: 6,
			completed: 6,
			creditsUsed: 6,
			data: crawlUrls([page]).map((url) => ({ url, markdown: `# ${url}` })),
			next,
		},
	};
}

/** GET /crawl/crawl-1: pages 1, 2, 3; `failAt` answers that page with an error instead. */
function crawlApi(rec: Recorder, failAt?: string) {
	const nexts: Record<string, string | null> = { '1': '?page=2', '2': '?page=3', '3': null };
	return answer(
		rec,
		'get',
		'/crawl/crawl-1',
		(seen) =>
			seen.query.page === failAt
				? [404, { success: false, error: 'Crawl page expired' }]
				: [200, crawlPage(seen.query.page, nexts[seen.query.page] ?? null)],
		{ times: 10 },
	);
}

const crawlToFile = {
	type: 'webDataCrawl',
	parameters: {
		operation: 'getStatus',
		id: 'crawl-1',
		page: '1',
		returnAll: true,
		options: { output: 'file' },
	},
};

describe('Output: One File (JSON Lines)', () => {
	test('Crawl > Get Status: every page result as a line, in order, and one small item', async () => {
		const rec = new Recorder();
		crawlApi(rec);

		const { items, error } = await runNode(crawlToFile);

		expect(error).toBeUndefined();
		expect(rec.to('/crawl/crawl-1').map((s) => s.query.page)).toEqual(['1', '2', '3']);
		expect(items).toHaveLength(1);
		const lines = await linesOf(items[0]);
		expect(lines.map((line) => line.url)).toEqual(crawlUrls(['1', '2', '3']));
		expect(lines[0]).toEqual({
			url: 'https://site.example/1/a',
			markdown: '# https://site.example/1/a',
			crawlId: 'crawl-1',
			status: 'completed',
		});
		const bytes = Buffer.byteLength(lines.map((l) => JSON.stringify(l) + '\n').join(''));
		expect(items[0].json).toEqual({
			crawlId: 'crawl-1',
			status: 'completed',
			total: 6,
			completed: 6,
			creditsUsed: 6,
			next: null,
			file: {
				property: 'data',
				fileName: 'crawl-crawl-1.jsonl',
				mimeType: 'application/x-ndjson',
				records: 6,
				failedUrls: 0,
				bytes,
			},
		});
		expect(items[0].binary?.data).toMatchObject({ fileName: 'crawl-crawl-1.jsonl' });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Crawl > Get Status under a Limit: the file stops at the limit and the item gives next', async () => {
		const rec = new Recorder();
		crawlApi(rec);
		const { items } = await runNode({
			...crawlToFile,
			parameters: { ...crawlToFile.parameters, returnAll: false, limit: 3 },
		});
		expect(rec.to('/crawl/crawl-1').map((s) => s.query.page)).toEqual(['1', '2']);
		expect((await linesOf(items[0])).map((l) => l.url)).toEqual(crawlUrls(['1', '2']).slice(0, 3));
		expect(items[0].json).toMatchObject({ next: '?page=3', file: { records: 3 } });
	});

	test('Job > Get, Return All: results of every page in order, then the failed URLs marked failed', async () => {
		const rec = new Recorder();
		const results = (page: number) =>
			[1, 2].map((n) => ({ url: `https://a.example/${page}/${n}`, markdown: 'x' }));
		const errors = [{ url: 'https://a.example/down', error: 'DNS lookup failed' }];
		answer(
			rec,
			'get',
			'/jobs/job-7',
			(seen) => {
				const page = Number(seen.query.page);
				return [
					200,
					jobDetail('COMPLETED', { results: results(page), errors, page, totalPages: 2 }),
				];
			},
			{ times: 4 },
		);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: {
				operation: 'get',
				id: 'job-7',
				page: 1,
				returnAll: true,
				options: { output: 'file' },
			},
		});

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-7').map((s) => s.query.page)).toEqual(['1', '2']);
		const lines = await linesOf(items[0]);
		const tagged = [...results(1), ...results(2)].map((r) => ({
			...r,
			jobId: 'job-7',
			status: 'COMPLETED',
		}));
		const failedUrl = {
			jobId: 'job-7',
			status: 'COMPLETED',
			url: 'https://a.example/down',
			error: 'DNS lookup failed',
			success: false,
		};
		expect(lines).toEqual([...tagged, failedUrl]);
		expect(items[0].json).toMatchObject({
			jobId: 'job-7',
			status: 'COMPLETED',
			file: { fileName: 'job-job-7.jsonl', records: 5, failedUrls: 1 },
		});
	});

	test("Job > Get: a job's `result` is the first line, its failed URLs after it", async () => {
		const rec = new Recorder();
		const { data } = jobDetail('COMPLETED', {
			errors: [{ url: 'https://a.example/down', error: 'DNS lookup failed' }],
		});
		answer(rec, 'get', '/jobs/job-r', () => [
			200,
			{ success: true, data: { ...data, result: { companies: ['Acme'] } } },
		]);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-r', returnAll: true, options: { output: 'file' } },
		});

		expect(error).toBeUndefined();
		const ids = { jobId: 'job-r', status: 'COMPLETED' };
		expect(await linesOf(items[0])).toEqual([
			{ ...ids, result: { companies: ['Acme'] } },
			{ ...ids, url: 'https://a.example/down', error: 'DNS lookup failed', success: false },
		]);
		expect(items[0].json).toMatchObject({ ...ids, file: { records: 2, failedUrls: 1 } });
	});

	test("Job > Get: a job whose only output is its `result` writes it as the file's one line", async () => {
		const rec = new Recorder();
		const { data } = jobDetail('COMPLETED');
		answer(rec, 'get', '/jobs/job-r', () => [
			200,
			{ success: true, data: { ...data, result: { companies: ['Acme'] } } },
		]);

		const { items, error } = await runNode({
			type: 'webDataJob',
			parameters: { operation: 'get', id: 'job-r', returnAll: true, options: { output: 'file' } },
		});

		expect(error).toBeUndefined();
		expect(await linesOf(items[0])).toEqual([
			{ jobId: 'job-r', status: 'COMPLETED', result: { companies: ['Acme'] } },
		]);
	});

	test('Batch Scrape waits, then writes the job to the file with its ID and status', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-9')]);
		answer(rec, 'get', '/jobs/job-9', () => [
			200,
			jobDetail('COMPLETED', {
				results: [{ url: 'https://b.example/1', markdown: '# 1' }],
				errors: [{ url: 'https://b.example/2', error: 'Timeout' }],
			}),
		]);

		const { items, error } = await runNode({
			type: 'webDataScrape',
			parameters: {
				operation: 'batchScrape',
				urls: 'https://b.example/1\nhttps://b.example/2',
				options: { pollInterval: FAST_POLL_S, output: 'file' },
			},
		});

		expect(error).toBeUndefined();
		expect(await linesOf(items[0])).toEqual([
			{ url: 'https://b.example/1', markdown: '# 1', jobId: 'job-9', status: 'COMPLETED' },
			{
				jobId: 'job-9',
				status: 'COMPLETED',
				url: 'https://b.example/2',
				error: 'Timeout',
				success: false,
			},
		]);
		expect(items[0].json).toMatchObject({
			jobId: 'job-9',
			status: 'COMPLETED',
			file: { fileName: 'job-job-9.jsonl', records: 2, failedUrls: 1 },
		});
	});

	test('Map: one line per link; two input items give two files, each paired with its item', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'post',
			'/map',
			(seen) => {
				const site = String((seen.body as IDataObject).url);
				return [
					200,
					{
						success: true,
						total: 2,
						creditsUsed: 1,
						data: [{ url: `${site}/a` }, { url: `${site}/b` }],
					},
				];
			},
			{ times: 2 },
		);

		const { items, error } = await runNode({
			type: 'webDataMap',
			parameters: { operation: 'map', url: '={{ $json.site }}', options: { output: 'file' } },
			items: [{ site: 'https://one.example' }, { site: 'https://two.example' }],
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const [i, site] of ['https://one.example', 'https://two.example'].entries()) {
			expect(await linesOf(items[i])).toEqual([{ url: `${site}/a` }, { url: `${site}/b` }]);
			expect(items[i].pairedItem).toEqual({ item: i });
			expect(items[i].json).toMatchObject({ total: 2, creditsUsed: 1, file: { records: 2 } });
		}
		expect(items[1].json.file).toMatchObject({ fileName: 'map-two.example.jsonl' });
	});

	test('a failure half-way fails the item and gives no file; Continue On Fail gives an error item', async () => {
		const rec = new Recorder();
		crawlApi(rec, '2');
		const failed = await runNode(crawlToFile);
		expect(failed.items).toHaveLength(0);
		expect(failed.error?.message).toMatch(/expired|404|not found/i);

		resetNock();
		crawlApi(new Recorder(), '2');
		const { items, error } = await runNode({ ...crawlToFile, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.error).toBeDefined();
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('refused as an AI tool: a tool answers with text', async () => {
		const { error } = await runNode({ ...crawlToFile, type: 'webDataCrawlTool' });
		expect(error?.message).toMatch(/^Enter a valid "Output": it cannot be "file".*\[item 0\]/);
	});
});

describe('Output: One File in the editor', () => {
	type Choice = {
		name: string;
		displayOptions?: { show?: Record<string, unknown[]> };
		options?: Array<{ value: string }>;
	};

	/** The Output entries of an operation's Options collection. */
	async function outputChoices(node: string, operation: string): Promise<Choice[]> {
		const { description } = (await loadPackage()).nodeTypes[node];
		const options = description.properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes(operation),
		);
		return (options?.options as Choice[]).filter((o) => o.name === 'output');
	}

	test.each([
		['webDataCrawl', 'getStatus'],
		['webDataJob', 'get'],
		['webDataMap', 'map'],
		['webDataScrape', 'batchScrape'],
	])(
		'%s > %s offers the file on the node, never to an AI tool; items stay the default',
		async (node, operation) => {
			const outputs = await outputChoices(node, operation);
			const onNode = outputs.find((o) => o.displayOptions?.show?.['@tool']?.[0] === false);
			expect(onNode?.options?.map((o) => o.value)).toContain('file');
			expect((onNode as { default?: string }).default).toBe('records');
			for (const other of outputs.filter((o) => o !== onNode)) {
				expect(other.displayOptions?.show?.['@tool']).toEqual([true]);
				expect(other.options?.map((o) => o.value)).not.toContain('file');
			}
		},
	);

	test('Batch Scrape shows it only while it waits for completion', async () => {
		const [output] = await outputChoices('webDataScrape', 'batchScrape');
		expect(output.displayOptions?.show?.['/waitForCompletion']).toEqual([true]);
	});
});

describe("Output: One File in n8n's filesystem binary mode", () => {
	let storagePath: string;
	const service = () => Container.get(BinaryDataService);

	beforeAll(async () => {
		storagePath = await mkdtemp(join(tmpdir(), 'webdata-files-'));
		const errorReporter = Container.get(ErrorReporter);
		const store = new FsByteStore({ storagePath, reportError: () => undefined });
		service().setManager('filesystem-v2', new BinaryDataBlobManager(store, errorReporter));
	});

	afterAll(async () => {
		(service() as unknown as { managers: Record<string, unknown> }).managers = {};
		await rm(storagePath, { recursive: true, force: true });
	});

	const filesUnder = async (dir: string): Promise<string[]> =>
		(await readdir(dir, { recursive: true, withFileTypes: true }))
			.filter((entry) => entry.isFile())
			.map((entry) => join(entry.parentPath, entry.name));

	test('the file is written to disk, and the item refers to it', async () => {
		crawlApi(new Recorder());
		const { items, error } = await runNode(crawlToFile);
		expect(error).toBeUndefined();
		const binary = items[0].binary!.data;
		expect(binary.id).toMatch(/^filesystem-v2:/);
		expect(binary.data).toBe('filesystem-v2');
		expect((await linesOf(items[0])).map((l) => l.url)).toEqual(crawlUrls(['1', '2', '3']));
		const onDisk = (await filesUnder(storagePath)).filter((f) => !f.endsWith('.metadata'));
		const sizes = await Promise.all(onDisk.map(async (f) => (await readFile(f)).length));
		expect(sizes).toContain((items[0].json.file as IDataObject).bytes);
	});

	test('a failure half-way leaves no file behind', async () => {
		await rm(storagePath, { recursive: true, force: true });
		crawlApi(new Recorder(), '3');
		const { error } = await runNode(crawlToFile);
		expect(error).toBeDefined();
		const left = await filesUnder(storagePath).catch(() => []);
		expect(left).toEqual([]);
	});
});
