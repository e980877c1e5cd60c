/**
 * Steps 7 to 9 of an item's trip, for every prepared item at once: one paced client under the
 * node's cap, each item sent and turned into output items, in input order. Without Continue On
 * Fail the first failure stops the run: items still waiting send nothing, as when the execution
 * is cancelled. A refused node option (Max Concurrent Requests) fails the node, or under Continue
 * On Fail gives every item that error, with nothing sent.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { WebDataClient } from '../transport/client';
import { asNodeError, atItem } from '../transport/errors';
import { readMaxConcurrent } from './maxConcurrent';
import { errorItem, outputItems } from './output';
import { sendItem } from './send';
import type { Prepared } from './types';

export async function runItems(
	ctx: IExecuteFunctions,
	prepared: Prepared[],
	continueOnFail: boolean,
): Promise<INodeExecutionData[]> {
	const halt = new AbortController();
	const cancel = ctx.getExecutionCancelSignal?.();
	const signal = cancel ? AbortSignal.any([cancel, halt.signal]) : halt.signal;
	let maxConcurrent: number | undefined;
	try {
		maxConcurrent = readMaxConcurrent(ctx);
	} catch (error) {
		// A node option every item shares: under Continue On Fail each item carries its refusal.
		const refusal = asNodeError(ctx.getNode(), error as Error);
		if (!continueOnFail) throw refusal;
		return prepared.map((_, i) => errorItem(refusal, i));
	}
	const client = new WebDataClient(ctx, { shared: true, maxConcurrent, signal });
	const outputs = await Promise.all(
		prepared.map(async (entry, i): Promise<INodeExecutionData[]> => {
			if ('error' in entry) return [errorItem(entry.error, i)];
			try {
				return outputItems(await sendItem(client, entry.item, ctx), i);
			} catch (error) {
				const failure = atItem(asNodeError(ctx.getNode(), error), i);
				if (continueOnFail) return [errorItem(failure, i)];
				if (!halt.signal.aborted) halt.abort(failure);
				return [];
			}
		}),
	);
	if (halt.signal.aborted) throw halt.signal.reason;
	return outputs.flat();
}
