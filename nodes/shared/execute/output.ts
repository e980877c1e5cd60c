/**
 * The trip's last stage: an item's records as output items, each paired with the input item, or
 * the one item Continue On Fail outputs for its failure; and the error of an item refused before
 * anything was sent.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OutputRecord } from '../behaviours';

export function outputItems(records: OutputRecord[], itemIndex: number): INodeExecutionData[] {
	// One object for every record of the item: shared, it is also saved once.
	const pairedItem = { item: itemIndex };
	return records.map(({ json, binary }) =>
		binary ? { json, binary, pairedItem } : { json, pairedItem },
	);
}

/**
 * The item Continue On Fail outputs for a failure: its message, description and HTTP code, and a
 * failed or cancelled job's state (`jobStatus`).
 */
export function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const { description, httpCode, context } = error as Error & {
		description?: string;
		httpCode?: string | null;
		context?: IDataObject;
	};
	if (description) json.description = description;
	if (httpCode) json.httpCode = httpCode;
	if (typeof context?.jobStatus === 'string') json.jobStatus = context.jobStatus;
	return { json, pairedItem: { item: itemIndex } };
}

/** The error of a value refused before any request: it names the item and says nothing was sent. */
export function refusal(
	ctx: IExecuteFunctions,
	message: string,
	itemIndex: number,
	more = '',
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, {
		itemIndex,
		description: `Nothing was sent to the Web Data API. ${more}`.trim(),
	});
}
