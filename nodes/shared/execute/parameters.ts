/**
 * How an item's parameters are read, for the whole trip (itemReference.ts is the fast path of a
 * plain `={{ $json.x }}`).
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { checkedAfterEvaluation, itemReferencePath, readItemReference } from './itemReference';

export type ParameterReader = (name: string, itemIndex: number, fallback: unknown) => unknown;

function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(hasExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(hasExpression);
	return false;
}

/**
 * Reads node parameters for many items. A value without an expression is the same for every
 * item, so it is read once: n8n's per-item evaluation costs ~0.1 ms a call, and every item must
 * be read and validated before the first request goes out. A plain item reference
 * (`={{ $json.x }}`) of a parameter n8n does not check after evaluating it is read from the item
 * (`items`, the node's input) when the value there is one n8n would return unchanged.
 */
export function parameterReader(
	ctx: IExecuteFunctions,
	properties: INodeProperties[] = [],
	items: INodeExecutionData[] = [],
): ParameterReader {
	const raw = ctx.getNode().parameters;
	const constants = new Map<string, unknown>();
	const paths = new Map<string, string[] | undefined>();
	const referencePath = (name: string) => {
		if (!paths.has(name))
			paths.set(
				name,
				checkedAfterEvaluation(properties, name) ? undefined : itemReferencePath(raw[name]),
			);
		return paths.get(name);
	};
	return (name, itemIndex, fallback) => {
		const path = referencePath(name);
		const found = path && readItemReference(items[itemIndex]?.json, path);
		if (found) return found.value;
		if (hasExpression(raw[name])) return ctx.getNodeParameter(name, itemIndex, fallback);
		if (!constants.has(name)) constants.set(name, ctx.getNodeParameter(name, itemIndex, fallback));
		return constants.get(name);
	};
}
