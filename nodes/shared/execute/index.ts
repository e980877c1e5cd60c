/**
 * The execute() of every action node: validate every item first (bad input sends nothing), then
 * run the items concurrently through one paced client, and return their output in input order
 * with pairedItem. Continue On Fail turns an item's failure into an error item.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readMaxConcurrent } from './maxConcurrent';
import type { ResourceSpec } from '../endpoints/types';
import { runOperation } from './send';
import { parameterReader, prepareItem, type PreparedItem } from './parameters';
import { asNodeError, atItem } from '../transport/errors';
import { WebDataClient } from '../transport/client';

type Prepared = { item: PreparedItem } | { error: Error };

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const { description, httpCode } = error as Error & { description?: string; httpCode?: string };
	if (description) json.description = description;
	if (httpCode) json.httpCode = httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

export async function executeResource(
	this: IExecuteFunctions,
	resource: ResourceSpec,
	properties: INodeProperties[] = [],
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const value = this.getNodeParameter('operation', 0) as string;
	const op = resource.operations.find((candidate) => candidate.value === value);
	if (!op)
		throw new NodeOperationError(
			this.getNode(),
			`Unknown operation "${value}" for ${resource.displayName}`,
		);
	const continueOnFail = this.continueOnFail();

	const read = parameterReader(this, properties, items);
	const prepared: Prepared[] = items.map((_, i) => {
		try {
			return { item: prepareItem(this, op, i, read) };
		} catch (error) {
			if (!continueOnFail) throw asNodeError(this.getNode(), error);
			return { error };
		}
	});

	// Without Continue On Fail the first failure stops the run: items still waiting send nothing,
	// as when the execution is cancelled.
	const halt = new AbortController();
	const cancel = this.getExecutionCancelSignal?.();
	const signal = cancel ? AbortSignal.any([cancel, halt.signal]) : halt.signal;
	const client = new WebDataClient(this, {
		shared: true,
		maxConcurrent: readMaxConcurrent(this),
		signal,
	});
	const outputs = await Promise.all(
		prepared.map(async (entry, i): Promise<INodeExecutionData[]> => {
			if ('error' in entry) return [errorItem(entry.error, i)];
			try {
				const records = await runOperation(client, op, entry.item, this);
				// One object for every record of the item: shared, it is also saved once.
				const pairedItem = { item: i };
				return records.map(({ json, binary }) =>
					binary ? { json, binary, pairedItem } : { json, pairedItem },
				);
			} catch (error) {
				const failure = atItem(asNodeError(this.getNode(), error), i);
				if (continueOnFail) return [errorItem(failure, i)];
				if (!halt.signal.aborted) halt.abort(failure);
				return [];
			}
		}),
	);
	if (halt.signal.aborted) throw halt.signal.reason;
	return [outputs.flat()];
}
