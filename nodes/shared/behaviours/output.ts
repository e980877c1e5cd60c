/**
 * Output: one item per record (a map's links, a crawl's page results, a job's results and failed
 * URLs), each carrying the IDs to route on, the whole response as one item, or one file
 * (fileOutput.ts). The item's output mode (items or one file) is decided here once, in
 * `outputMode`, and given to every behaviour. The split sits above paging, so it splits everything
 * paging gathered, and the behaviours around it (Simplify, an AI tool's budget) see one record at
 * a time.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationSpec } from '../operations/types';
import { optionRefusal } from './optionBounds';
import { asRecords, mapJson, type Behaviour, type OutputMode } from './types';
import { SPLITTERS, type RecordKind } from '../records';
import { onlyAsTool } from '../tool';

/** The kind of records an operation can write to a file, or undefined when it offers none. */
export function fileKind(op: OperationSpec): RecordKind | undefined {
	return op.recordKind ?? (op.job === 'jobs' ? 'jobResults' : undefined);
}

/** The item's output mode: one file when its Output says so and the operation offers one. */
export function outputMode(op: OperationSpec, options: IDataObject): OutputMode {
	return fileKind(op) && options.output === 'file' ? 'file' : 'items';
}

const FILE_CHOICE: INodePropertyOptions = {
	name: 'One File (JSON Lines)',
	value: 'file',
	description:
		'All records in one file (binary property "data"), one JSON record per line, written as the pages arrive: for large results. The item holds the IDs, status and counts.',
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

/** Batch Scrape's Output, for its wait: its results as items or in one file. */
const jobOutputOption: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{
			name: 'One Item per Result',
			value: 'records',
			description: 'Each result and each failed URL as its own item',
		},
		FILE_CHOICE,
	],
	default: 'records',
	description: 'Whether to return one item per result or all results in one file',
	displayOptions: { show: { ...onlyAsTool(false), '/waitForCompletion': [true] } },
};

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer without the fields its row withholds, at its top level and in its `data`. */
function withhold(json: IDataObject, names: readonly string[]): IDataObject {
	const without = (object: IDataObject) =>
		Object.fromEntries(Object.entries(object).filter(([key]) => !names.includes(key)));
	const kept = without(json);
	return isObject(kept.data) ? { ...kept, data: without(kept.data) } : kept;
}

/**
 * The whole answer of an operation without records, as its row and version shape it: its `data`
 * instead of the API's `{success, data}` (version 2 of a row that says `unwrapData`; an answer
 * without `data`, such as a deletion's message, stays as it is), and never a withheld field.
 */
function answerShape(op: OperationSpec): ((json: IDataObject) => IDataObject) | undefined {
	const unwrap = op.unwrapData === true && op.version >= 2;
	const withheld = op.withheld ?? [];
	if (!unwrap && withheld.length === 0) return undefined;
	return (json) => {
		const kept = withhold(json, withheld);
		return unwrap && isObject(kept.data) ? kept.data : kept;
	};
}

export const output: Behaviour = {
	parameters: () => [],
	options(op) {
		if (op.recordKind) return outputOptions(SPLITTERS[op.recordKind].record);
		return fileKind(op) ? [jobOutputOption] : [];
	},
	read(op, { options }) {
		const kind = op.recordKind;
		if (!kind) {
			const chosen = options.output ?? 'records';
			if (fileKind(op) && chosen !== 'records' && chosen !== 'file')
				throw optionRefusal('Output', 'output', 'must be "records" or "file"', chosen);
			const shape = answerShape(op);
			return shape && ((next) => async (request) => mapJson(shape)(await next(request)));
		}
		const chosen = options.output ?? 'records';
		if (chosen !== 'records' && chosen !== 'whole' && chosen !== 'file')
			throw optionRefusal('Output', 'output', 'must be "records", "whole" or "file"', chosen);
		// The file output (fileOutput.ts) splits the pages itself, as they arrive.
		if (chosen !== 'records') return undefined;
		const { split } = SPLITTERS[kind];
		return (next, { values }) =>
			async (request) =>
				(await next(request)).flatMap(({ json }) => asRecords(split(json, values)));
	},
};
