/**
 * What a behaviour is: something an operation adds on top of its single request (waiting for a
 * job, following pages, simplifying). Each behaviour is one module exporting its editor
 * properties, how it reads an item's parameters, and how it runs; index.ts lists them.
 */
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { OperationSpec } from '../endpoints/types';
import type { ApiRequest } from '../transport/apiRequest';
import type { WebDataClient } from '../transport/client';

/** One output record of an item: its JSON, and binary data where a behaviour adds some. */
export interface OutputRecord {
	json: IDataObject;
	binary?: IBinaryKeyData;
	/**
	 * Under the file output, paging and waiting give the response page by page as it arrives (the
	 * envelope of each) instead of gathering it; `json` then holds only the IDs known up front.
	 */
	pages?: AsyncIterable<IDataObject>;
}

/** Whether the item's Output is the file output (fileOutput.ts). */
export const wantsFile = (options: IDataObject) => options.output === 'file';

/** Produces an item's output records from its request. */
export type Step = (request: ApiRequest) => Promise<OutputRecord[]>;

export interface StepContext {
	client: WebDataClient;
	op: OperationSpec;
	/** n8n's execution context: helpers (binary data, static data) for the behaviours. */
	exec: IExecuteFunctions;
	/** The item's validated values, keyed by API name: what a behaviour reads of the item. */
	values: Readonly<Record<string, unknown>>;
}

/** Applies a function to the JSON of every record. */
export const mapJson =
	(transform: (json: IDataObject) => IDataObject) =>
	(records: OutputRecord[]): OutputRecord[] =>
		records.map((record) => ({ ...record, json: transform(record.json) }));

/** Records from plain JSON objects. */
export const asRecords = (list: IDataObject[]): OutputRecord[] => list.map((json) => ({ json }));

/** Wraps the step below it; the innermost step sends the request. */
export type Wrap = (next: Step, context: StepContext) => Step;

/** Reads one parameter for the item: a top-level one, or an entry of the Options collection. */
export interface ItemParameters {
	get(name: string, fallback: unknown): unknown;
	options: IDataObject;
	/** Whether the node runs as an AI agent's tool. */
	asTool: boolean;
}

export interface Behaviour {
	/** Top-level parameters the behaviour adds to the operation. */
	switches(op: OperationSpec): INodeProperties[];
	/** Entries it adds to the operation's Options collection. */
	options(op: OperationSpec): INodeProperties[];
	/**
	 * How it runs for this item, or undefined when it is off for the item. It throws on a value it
	 * cannot use (a message naming the field and the bound): the item then fails before any request.
	 */
	read(op: OperationSpec, parameters: ItemParameters): Wrap | undefined;
}
