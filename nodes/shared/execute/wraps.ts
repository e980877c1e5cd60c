/**
 * Step 5 of an item's trip: the behaviours on for the item, each reading (and checking) its own
 * switches and options; a value one cannot use fails the item before any request.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { BEHAVIOURS, type Wrap } from '../behaviours';
import type { OperationSpec } from '../endpoints/types';
import { runsAsTool } from '../tool';
import type { ParameterReader } from './parameters';

/** The item's wraps, innermost first (the order of BEHAVIOURS). */
export function readWraps(
	ctx: IExecuteFunctions,
	op: OperationSpec,
	itemIndex: number,
	read: ParameterReader,
	options: IDataObject,
): Wrap[] {
	const parameters = {
		get: (name: string, fallback: unknown) => read(name, itemIndex, fallback),
		options,
		asTool: runsAsTool(ctx.getNode()),
	};
	try {
		return BEHAVIOURS.map((behaviour) => behaviour.read(op, parameters)).filter(
			(wrap): wrap is Wrap => wrap !== undefined,
		);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `${(error as Error).message} [item ${itemIndex}]`, {
			itemIndex,
			description: 'Nothing was sent to the Web Data API.',
		});
	}
}
