/**
 * What a behaviour is: something an operation adds on top of its single request (waiting for a
 * job, following pages, simplifying). Each behaviour is one module exporting its editor fields
 * (its parameters and its options), how it reads an item's values, and the send it builds around
 * the next one; index.ts lists them.
 */
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemValues, OperationSpec } from '../operations/types';
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

/** How an item's records leave the node: as items, or written to one file (fileOutput.ts). */
export type OutputMode = 'items' | 'file';

/** Sends an item's request and gives its records; the innermost one sends it to the API. */
export type Send = (request: ApiRequest) => Promise<OutputRecord[]>;

/** What every send of an item's trip is given besides the request. */
export interface TripContext {
	client: WebDataClient;
	op: OperationSpec;
	/** n8n's execution context: helpers (binary data, static data) for the behaviours. */
	exec: IExecuteFunctions;
	/** The item's validated values, keyed by API name: what a behaviour reads of the item. */
	values: ItemValues;
	/**
	 * Runs `commit` once the item's records are output: after every item has finished, only when
	 * the node completes and this item did not fail. What a behaviour keeps of a record (Watch for
	 * Changes' memory) waits for it, so a record never delivered is never counted as seen.
	 */
	onDelivered(commit: () => void): void;
}

/** A behaviour on for one item: builds its send around the next one (the one nearer the API). */
export type ItemBehaviour = (next: Send, context: TripContext) => Send;

/** What a behaviour reads of an item, before any request. */
export interface ItemParameters {
	/** A top-level parameter of the item. */
	get(name: string, fallback: unknown): unknown;
	/** The item's Options collection. */
	options: IDataObject;
	/** Whether the node runs as an AI agent's tool. */
	asTool: boolean;
	/** The item's output mode, decided once for all behaviours (outputMode in output.ts). */
	outputMode: OutputMode;
}

export interface Behaviour {
	/** Top-level parameters the behaviour adds to the operation. */
	parameters(op: OperationSpec): INodeProperties[];
	/** Entries it adds to the operation's Options collection. */
	options(op: OperationSpec): INodeProperties[];
	/**
	 * How it runs for this item, or undefined when it is off for the item. It throws on a value it
	 * cannot use (a message naming the field and the bound): the item then fails before any request.
	 */
	read(op: OperationSpec, item: ItemParameters): ItemBehaviour | undefined;
}

/** Applies a function to the JSON of every record. */
export const mapJson =
	(transform: (json: IDataObject) => IDataObject) =>
	(records: OutputRecord[]): OutputRecord[] =>
		records.map((record) => ({ ...record, json: transform(record.json) }));

/** Records from plain JSON objects. */
export const asRecords = (list: IDataObject[]): OutputRecord[] => list.map((json) => ({ json }));
