/**
 * Step 7 of an item's trip: Max Concurrent Requests, the node's own cap under the plan the whole
 * process shares (read once, for every item), and its editor option.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { boundedNumber } from '../behaviours/optionBounds';

const MAX_CONCURRENT = {
	label: 'Max Concurrent Requests',
	name: 'maxConcurrentRequests',
	min: 1,
	max: 50,
	integer: true,
};

export const maxConcurrentOption: INodeProperties = {
	displayName: 'Max Concurrent Requests',
	name: 'maxConcurrentRequests',
	type: 'number',
	typeOptions: { minValue: MAX_CONCURRENT.min, maxValue: MAX_CONCURRENT.max },
	default: 5,
	description:
		"Caps this node's requests in flight. It can only lower the limit: every execution using the same credential in this n8n process already shares your plan's concurrency and rate limit.",
};

/** The node's cap (read once, for the first item), or undefined to follow the plan alone. */
export function readMaxConcurrent(ctx: IExecuteFunctions): number | undefined {
	const value = ctx.getNodeParameter('options.maxConcurrentRequests', 0, null);
	if (value === undefined || value === null || value === '') return undefined;
	try {
		return boundedNumber(value, MAX_CONCURRENT);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `${(error as Error).message} [item 0]`, {
			itemIndex: 0,
			description: 'Nothing was sent to the Web Data API.',
		});
	}
}
