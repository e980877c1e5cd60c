/**
 * Steps 3 to 6 of an item's trip, for one item: its values, validated, the behaviours on for it,
 * and its request. Nothing is sent here.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationSpec } from '../endpoints/types';
import type { ParameterReader } from './parameters';
import { buildRequest } from './request';
import type { PreparedItem } from './types';
import { validateValues } from './validate';
import { readValues } from './values';
import { readWraps } from './wraps';

export function prepareItem(
	ctx: IExecuteFunctions,
	op: OperationSpec,
	itemIndex: number,
	read: ParameterReader,
): PreparedItem {
	const entered = readValues(op, itemIndex, read);
	const values = validateValues(ctx, op, entered, itemIndex);
	const wraps = readWraps(ctx, op, itemIndex, read, entered.options);
	return { operation: op, values, request: buildRequest(op, values), wraps };
}
