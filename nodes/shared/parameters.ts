/** Reads one item's parameters from the editor, validates them and builds its request. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_MAX_WAIT_S, DEFAULT_POLL_INTERVAL_S } from './behaviour';
import type { OperationSpec } from './endpoints/types';
import { buildRequest, type ApiRequest } from './request';
import { formatIssue, validateFields } from './validation';

export interface ItemBehaviour {
	waitForCompletion: boolean;
	maxWaitMs: number;
	pollIntervalMs: number;
	returnAll: boolean;
	simplify: boolean;
}

export interface PreparedItem {
	request: ApiRequest;
	behaviour: ItemBehaviour;
}

export function prepareItem(ctx: IExecuteFunctions, op: OperationSpec, itemIndex: number): PreparedItem {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const values: Record<string, unknown> = {};
	for (const field of op.fields) {
		if (field.required) values[field.name] = ctx.getNodeParameter(field.name, itemIndex, '');
		else for (const name of [field.name, ...(field.aliases ?? [])]) if (name in options) values[name] = options[name];
	}
	const result = validateFields(op, values);
	if (!result.ok) {
		const messages = result.issues.map(formatIssue);
		throw new NodeOperationError(ctx.getNode(), `${messages[0]} [item ${itemIndex}]`, {
			itemIndex,
			description: `Nothing was sent to the Web Data API. ${messages.length > 1 ? `All problems: ${messages.join('; ')}` : ''}`.trim(),
		});
	}
	const seconds = (name: string, fallback: number) => Number(options[name] ?? fallback) * 1000;
	return {
		request: buildRequest(op, result.values),
		behaviour: {
			waitForCompletion: op.job ? (ctx.getNodeParameter('waitForCompletion', itemIndex, true) as boolean) : false,
			maxWaitMs: seconds('maxWait', DEFAULT_MAX_WAIT_S),
			pollIntervalMs: seconds('pollInterval', DEFAULT_POLL_INTERVAL_S),
			returnAll: op.paginate ? (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) : false,
			simplify: op.simplify ? (ctx.getNodeParameter('simplify', itemIndex, false) as boolean) : false,
		},
	};
}
