/**
 * The trip's second stage, for every prepared item at once: one paced client under the node's
 * cap (Max Concurrent Requests), each item's request sent through the behaviours on for it, and
 * its output, in input order. Without Continue On Fail the first failure stops the run: items
 * still waiting send nothing, as when the execution is cancelled, and no item's onDelivered
 * commit runs (nothing was output). A refused cap fails the node,
 * or under Continue On Fail gives every item that error, with nothing sent.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { OutputRecord, Send } from '../behaviours';
import type { OperationSpec } from '../operations/types';
import { boundedNumber } from '../behaviours/optionBounds';
import { WebDataClient } from '../transport/client';
import { asNodeError, atItem } from '../transport/errors';
import { errorItem, outputItems, refusal } from './output';
import type { PreparedItem } from './prepare';

/** Each input item after the first stage: ready to send, or the error Continue On Fail outputs. */
export type Prepared = { item: PreparedItem } | { error: Error };

const CAP = {
	label: 'Max Concurrent Requests',
	name: 'maxConcurrentRequests',
	min: 1,
	max: 50,
	integer: true,
};

/**
 * Whether an operation offers the node's cap: every one in version 1; from version 2 those whose
 * items each keep requests going for long (a job's wait, pages followed), where many items can
 * fill the plan. Elsewhere the plan's own limit, shared by the process, paces the node alone.
 */
export function offersCap(op: OperationSpec): boolean {
	return op.version < 2 || op.job !== undefined || op.paginate !== undefined;
}

/** The node's cap under the plan the whole process shares, in the Options of `offersCap`. */
export const maxConcurrentOption: INodeProperties = {
	displayName: 'Max Concurrent Requests',
	name: 'maxConcurrentRequests',
	type: 'number',
	typeOptions: { minValue: CAP.min, maxValue: CAP.max },
	default: 5,
	description:
		"Caps this node's requests in flight. It can only lower the limit: every execution using the same credential in this n8n process already shares your plan's concurrency and rate limit.",
};

/** The node's cap (read once, for the first item), or undefined to follow the plan alone. */
function readCap(ctx: IExecuteFunctions): number | undefined {
	const value = ctx.getNodeParameter('options.maxConcurrentRequests', 0, null);
	if (value === undefined || value === null || value === '') return undefined;
	try {
		return boundedNumber(value, CAP);
	} catch (error) {
		throw refusal(ctx, (error as Error).message, 0);
	}
}

/** The item's request sent to the API through the sends its behaviours build around it. */
async function sendItem(
	client: WebDataClient,
	item: PreparedItem,
	exec: IExecuteFunctions,
	commits: Array<() => void>,
): Promise<OutputRecord[]> {
	const toApi: Send = async (request) => [{ json: await client.request<IDataObject>(request) }];
	const onDelivered = (commit: () => void) => void commits.push(commit);
	const context = { client, op: item.operation, exec, values: item.values, onDelivered };
	const send = item.behaviours.reduce((next, behaviour) => behaviour(next, context), toApi);
	return await send(item.request);
}

export async function runItems(
	ctx: IExecuteFunctions,
	prepared: Prepared[],
	continueOnFail: boolean,
): Promise<INodeExecutionData[]> {
	const halt = new AbortController();
	const cancel = ctx.getExecutionCancelSignal?.();
	const signal = cancel ? AbortSignal.any([cancel, halt.signal]) : halt.signal;
	let cap: number | undefined;
	try {
		cap = readCap(ctx);
	} catch (error) {
		// A node option every item shares: under Continue On Fail each item carries its refusal.
		const refused = asNodeError(ctx.getNode(), error as Error);
		if (!continueOnFail) throw refused;
		return prepared.map((_, i) => errorItem(refused, i));
	}
	const client = new WebDataClient(ctx, { shared: true, cap, signal });
	// What each item's behaviours keep once its records are output (onDelivered).
	const commits: Array<Array<() => void>> = prepared.map(() => []);
	const outputs = await Promise.all(
		prepared.map(async (entry, i): Promise<INodeExecutionData[]> => {
			if ('error' in entry) return [errorItem(entry.error, i)];
			try {
				return outputItems(await sendItem(client, entry.item, ctx, commits[i]), i);
			} catch (error) {
				commits[i] = [];
				const failure = atItem(asNodeError(ctx.getNode(), error), i);
				if (continueOnFail) return [errorItem(failure, i)];
				if (!halt.signal.aborted) halt.abort(failure);
				return [];
			}
		}),
	);
	if (halt.signal.aborted) throw halt.signal.reason;
	for (const commit of commits.flat()) commit();
	return outputs.flat();
}
