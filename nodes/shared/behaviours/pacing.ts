/** Max Concurrent Requests: a node's own cap under the plan the whole process shares. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

export const maxConcurrentOption: INodeProperties = {
	displayName: 'Max Concurrent Requests',
	name: 'maxConcurrentRequests',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 50 },
	default: 5,
	description:
		"Caps this node's requests in flight. It can only lower the limit: every execution using the same credential in this n8n process already shares your plan's concurrency and rate limit.",
};

/** The node's cap, or undefined to follow the plan alone. */
export function readMaxConcurrent(ctx: IExecuteFunctions): number | undefined {
	return (ctx.getNodeParameter('options.maxConcurrentRequests', 0, 0) as number) || undefined;
}
