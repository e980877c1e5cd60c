/** Step 9 of an item's trip: its output items, paired with the input item, or its error item. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { OutputRecord } from '../behaviours';

export function outputItems(records: OutputRecord[], itemIndex: number): INodeExecutionData[] {
	// One object for every record of the item: shared, it is also saved once.
	const pairedItem = { item: itemIndex };
	return records.map(({ json, binary }) =>
		binary ? { json, binary, pairedItem } : { json, pairedItem },
	);
}

/** The item Continue On Fail outputs for a failure: its message, description and HTTP code. */
export function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	const { description, httpCode } = error as Error & { description?: string; httpCode?: string };
	if (description) json.description = description;
	if (httpCode) json.httpCode = httpCode;
	return { json, pairedItem: { item: itemIndex } };
}
