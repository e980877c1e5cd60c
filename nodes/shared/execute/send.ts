/** Step 8 of an item's trip: its request sent, wrapped by the behaviours on for it. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OutputRecord, Step } from '../behaviours';
import type { WebDataClient } from '../transport/client';
import type { PreparedItem } from './types';

export async function sendItem(
	client: WebDataClient,
	item: PreparedItem,
	exec: IExecuteFunctions,
): Promise<OutputRecord[]> {
	const send: Step = async (request) => [{ json: await client.request<IDataObject>(request) }];
	const context = { client, op: item.operation, exec, values: item.values };
	const run = item.wraps.reduce((next, wrap) => wrap(next, context), send);
	return await run(item.request);
}
