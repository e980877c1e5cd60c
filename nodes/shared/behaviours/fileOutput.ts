/**
 * Output: One File (JSON Lines), for the operations whose results can run to many thousands
 * (Crawl > Get Status, Job > Get, Batch Scrape's wait, Map). The records are written to one n8n
 * binary file (property `data`), one JSON record per line, page by page as the pages arrive, so
 * no page is held after it is written and the execution's JSON holds one small item: the IDs,
 * status and counts, and `file` (records, failed URLs, bytes, name). Lines are the records the
 * items output gives: a job's `result` first, where it has no results, its failed URLs last as
 * lines with `success: false`.
 * A failure half-way fails the item: n8n stores no binary data for it.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemValues } from '../operations/types';
import { PulledStream } from '../files/pulledStream';
import {
	crawlPage,
	failedUrlRecords,
	itemId,
	jobCounts,
	jobDetailOf,
	jobIds,
	jobResultRecords,
	mapLinks,
	ownResultRecords,
	type RecordKind,
} from '../records';
import { booleanOption, optionRefusal } from './optionBounds';
import { fileKind } from './output';
import type { Behaviour, OutputRecord } from './types';

export const FILE_PROPERTY = 'data';
export const FILE_MIME_TYPE = 'application/x-ndjson';

/** What the file's item says besides the file: IDs, status and counts, from the pages read. */
interface Summary {
	head: IDataObject;
	records: number;
	failed: number;
	bytes: number;
}

/** Each page's records, in the order the items output gives them; `summary.head` set on the way. */
async function* recordPages(
	kind: RecordKind,
	pages: AsyncIterable<IDataObject>,
	known: IDataObject,
	values: ItemValues,
	summary: Summary,
): AsyncGenerator<IDataObject[]> {
	if (kind === 'links') {
		for await (const page of pages) {
			const { links, counts } = mapLinks(page);
			summary.head = { ...counts };
			yield links;
		}
		return;
	}
	if (kind === 'crawlPages') {
		for await (const page of pages) {
			const { crawlId, status, results } = crawlPage(page, values);
			// The last page's `next` (set under a Limit) is the one to go on from.
			summary.head = { ...summary.head, crawlId, ...status };
			yield results;
		}
		return;
	}
	let failedUrls: IDataObject[] = [];
	for await (const page of pages) {
		const data = jobDetailOf(page);
		if (summary.head.jobId === undefined) {
			const status = known.status ?? data.status;
			const ids = jobIds(
				String(known.jobId ?? data.id ?? itemId(values)),
				status === undefined ? undefined : String(status),
			);
			summary.head = { ...ids, ...jobCounts(data) };
			// The job's `result` and failed URLs come with the first page: a result, where it has
			// no results, is written first, the failed URLs after every result, as items are.
			yield ownResultRecords(ids, data);
			failedUrls = failedUrlRecords(ids, data);
		}
		yield jobResultRecords(jobIds(String(summary.head.jobId), summary.head.status as string), data);
	}
	yield failedUrls;
}

/** The file's bytes, one chunk per page of records. */
async function* jsonLines(records: AsyncIterable<IDataObject[]>, summary: Summary) {
	const encoder = new TextEncoder();
	for await (const page of records) {
		if (page.length === 0) continue;
		let text = '';
		for (const record of page) {
			text += JSON.stringify(record) + '\n';
			if (record.success === false) summary.failed++;
		}
		summary.records += page.length;
		const chunk = encoder.encode(text);
		summary.bytes += chunk.length;
		yield chunk;
	}
}

function fileName(kind: RecordKind, known: IDataObject, values: ItemValues): string {
	if (kind === 'links') {
		const host = /^(?:[a-z]+:\/\/)?([^/?#:]+)/i.exec(String(values.url ?? ''))?.[1];
		return host ? `map-${host}.jsonl` : 'map.jsonl';
	}
	const id = String(known.jobId ?? itemId(values)).replace(/[^\w.-]/g, '_');
	return `${kind === 'crawlPages' ? 'crawl' : 'job'}-${id}.jsonl`;
}

async function writeFile(
	exec: IExecuteFunctions,
	kind: RecordKind,
	{ json: known, pages }: OutputRecord,
	values: ItemValues,
): Promise<OutputRecord> {
	const summary: Summary = { head: {}, records: 0, failed: 0, bytes: 0 };
	// An operation read without paging (Map, one page of a job) has its one response as `json`.
	const source =
		pages ??
		(async function* () {
			yield known;
		})();
	const lines = jsonLines(recordPages(kind, source, pages ? known : {}, values, summary), summary);
	const name = fileName(kind, pages ? known : {}, values);
	const stream = new PulledStream(lines[Symbol.asyncIterator]());
	// n8n types the stream as a Readable; PulledStream offers what its stores use of one.
	const binary = await exec.helpers.prepareBinaryData(
		stream as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
		name,
		FILE_MIME_TYPE,
	);
	const file = {
		property: FILE_PROPERTY,
		fileName: name,
		mimeType: FILE_MIME_TYPE,
		records: summary.records,
		failedUrls: summary.failed,
		bytes: summary.bytes,
	};
	return { json: { ...summary.head, file }, binary: { [FILE_PROPERTY]: binary } };
}

export const fileOutput: Behaviour = {
	parameters: () => [],
	// The Output option that offers the file is output.ts's.
	options: () => [],
	read(op, { get, asTool, outputMode }) {
		const kind = fileKind(op);
		if (!kind || outputMode !== 'file') return undefined;
		if (asTool)
			throw optionRefusal(
				'Output',
				'output',
				'cannot be "file" when the node is an AI agent\'s tool: a tool answers with text',
				'file',
			);
		if (
			op.job &&
			!booleanOption(get('waitForCompletion', true), 'Wait for Completion', 'waitForCompletion')
		)
			throw optionRefusal(
				'Output',
				'output',
				'can be "file" only with "Wait for Completion" on: without it there are no results to write',
				'file',
			);
		return (next, { exec, values }) =>
			async (request) => {
				const [record] = await next(request);
				return [await writeFile(exec, kind, record, values)];
			};
	},
};
