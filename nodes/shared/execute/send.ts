/** Runs one item's operation: its request, wrapped by the behaviours on for the item. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OutputRecord, Step } from '../behaviours';
import type { OperationSpec } from '../endpoints/types';
import type { PreparedItem } from './parameters';
import type { WebDataClient } from '../transport/client';

export async function runOperation(
	client: WebDataClient,
	op: OperationSpec,
	item: PreparedItem,
	exec: IExecuteFunctions,
): Promise<OutputRecord[]> {
	const send: Step = async (request) => [{ json: await client.request<IDataObject>(request) }];
	const context = { client, op, exec, values: item.values };
	const run = item.wraps.reduce((next, wrap) => wrap(next, context), send);
	return await run(item.request);
}
