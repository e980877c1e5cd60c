/**
 * Output: one item per record (a map's links, a crawl's page results, a job's results and failed
 * URLs), each carrying the IDs to route on, or the whole response as one item. It wraps paging,
 * so it splits everything paging gathered, and the behaviours around it (Simplify, an AI tool's
 * budget) see one record at a time.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type {
	CrawlStatus,
	CrawlStatusResponse,
	JobDetail,
	JobDetailResponse,
	MapResponse,
} from '../../../contract';
import type { OperationBehaviour } from '../endpoints/types';
import { jobRecords } from '../jobs/records';
import { onlyAsTool } from '../tool';
import { listOf } from '../transport/answers';
import { FILE_CHOICE } from './fileOutput';
import { asRecords, type Behaviour } from './types';

type Obj = IDataObject;
type RecordKind = NonNullable<OperationBehaviour['records']>;
type Values = Readonly<Record<string, unknown>>;

/** The item's own ID (a crawl's or a job's): for a response that leaves it out. */
export const itemId = (values: Values) => String(values.id ?? '');

/*
 * The answers records are read from, each the answer of its row's endpoint (a page of it under
 * paging), read as the contract types it: both the items and the file output read them here.
 */

/** Map's answer: its links, and the rest (counts) for a map without links. */
export function mapLinks(json: Obj) {
	const { data, ...counts } = json as MapResponse;
	return { links: listOf(data), counts };
}

/**
 * A page of Crawl > Get Status: the crawl's ID (the item's where the answer leaves it out), its
 * status fields, and its page results, each tagged with the ID and status. The results are this
 * request's own parsed objects: tagged in place, as a copy of every page would cost memory in
 * crawls of many thousands.
 */
export function crawlPage(json: Obj, values: Values) {
	const crawl: Partial<CrawlStatus> = (json as CrawlStatusResponse).data ?? {};
	const { data, id, ...status } = crawl;
	const crawlId = String(id ?? itemId(values));
	// A page result's fields are open: the spec does not show them.
	const results = (listOf(data) as Obj[]).map((result) =>
		Object.assign(result, { crawlId, status: status.status }),
	);
	return { crawlId, status, results };
}

/** Job > Get's `data`, each field where present. */
export const jobDetailOf = (json: Obj): Partial<JobDetail> =>
	(json as JobDetailResponse).data ?? {};

/** Each kind: the option's label for a record, and how a response becomes records. */
const SPLITTERS: Record<RecordKind, { record: string; split(json: Obj, values: Values): Obj[] }> = {
	links: {
		record: 'Link',
		split(json) {
			const { links, counts } = mapLinks(json);
			return links.length > 0 ? links : [{ ...counts }];
		},
	},
	crawlPages: {
		record: 'Page Result',
		split(json, values) {
			const { crawlId, status, results } = crawlPage(json, values);
			return results.length > 0 ? results : [{ crawlId, ...status }];
		},
	},
	jobResults: {
		record: 'Result',
		split(json, values) {
			const data = jobDetailOf(json);
			const status = data.status === undefined ? undefined : String(data.status);
			return jobRecords(String(data.id ?? itemId(values)), data, status);
		},
	},
};

function outputChoices(record: string): INodePropertyOptions[] {
	return [
		{
			name: `One Item per ${record}`,
			value: 'records',
			description:
				'Each record as its own item, with the IDs to route on; a response without records gives one item with its status and counts',
		},
		{
			name: 'Whole Response',
			value: 'whole',
			description: 'The response as one item, as the API returns it',
		},
	];
}

/** The Output option: with the file output on the node itself, without it as an AI tool. */
function outputOptions(record: string): INodeProperties[] {
	const asTool: INodeProperties = {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: outputChoices(record),
		default: 'records',
		description: 'Whether to return one item per record or the whole response as one item',
		displayOptions: { show: onlyAsTool(true) },
	};
	return [
		{
			...asTool,
			options: [...outputChoices(record), FILE_CHOICE],
			description:
				'Whether to return one item per record, the whole response as one item, or the records in one file',
			displayOptions: { show: onlyAsTool(false) },
		},
		asTool,
	];
}

export const records: Behaviour = {
	switches: () => [],
	options: (op) => (op.records ? outputOptions(SPLITTERS[op.records].record) : []),
	read(op, { options }) {
		const kind = op.records;
		if (!kind) return undefined;
		const output = options.output ?? 'records';
		if (output !== 'records' && output !== 'whole' && output !== 'file')
			throw new Error(
				`"Output" (output) must be "records", "whole" or "file", got ${JSON.stringify(output)}`,
			);
		// The file output (fileOutput.ts) splits the pages itself, as they arrive.
		if (output !== 'records') return undefined;
		const { split } = SPLITTERS[kind];
		return (next, { values }) =>
			async (request) =>
				(await next(request)).flatMap(({ json }) => asRecords(split(json, values)));
	},
};
