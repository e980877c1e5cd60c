/**
 * The execute() of every action node: an item's trip. Every item is read and validated first
 * (bad input sends nothing), then the items run concurrently, and their output comes back in
 * input order with pairedItem. Continue On Fail turns an item's failure into an error item.
 *
 * The trip, in order (types.ts is the value the steps pass on; a step imports only earlier ones,
 * and prepare.ts and run.ts only the steps they list):
 *   1. operation.ts       the operation the node is set to
 *   2. parameters.ts      how parameters are read (constants once; itemReference.ts, the fast path)
 *   prepare.ts, for every item before any request is sent:
 *   3. values.ts          the values entered for the operation's fields
 *   4. validate.ts        checked with the contract's wire checks
 *   5. wraps.ts           the behaviours on for the item
 *   6. request.ts         its request
 *   run.ts, for every prepared item at once:
 *   7. maxConcurrent.ts   the node's own cap on the one paced client
 *   8. send.ts            the request, through the item's wraps
 *   9. output.ts          the output items, or the error item
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { NodeSpec } from '../endpoints/types';
import { asNodeError } from '../transport/errors';
import { pickOperation } from './operation';
import { parameterReader } from './parameters';
import { prepareItem } from './prepare';
import { runItems } from './run';
import type { Prepared } from './types';

export async function executeNode(
	this: IExecuteFunctions,
	spec: NodeSpec,
	properties: INodeProperties[] = [],
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const op = pickOperation(this, spec);
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
	return [await runItems(this, prepared, continueOnFail)];
}
