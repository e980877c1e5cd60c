/** Reads one item's parameters from the editor, validates them and builds its request. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { namesOf } from '../../../contract';
import { BEHAVIOURS, type Wrap } from '../behaviours';
import { checkedAfterEvaluation, itemReferencePath, readItemReference } from './itemReference';
import type { OperationSpec } from '../endpoints/types';
import { buildRequest } from './request';
import { runsAsTool } from '../tool';
import type { ApiRequest } from '../transport/apiRequest';
import { jobIdValue } from '../jobs/picker';
import { formatIssue, validateFields, type FieldIssue, type ValidationResult } from './validate';

export interface PreparedItem {
	request: ApiRequest;
	/** The validated values the request was built from, keyed by API name. */
	values: Readonly<Record<string, unknown>>;
	/** The behaviours on for this item, innermost first. */
	wraps: Wrap[];
}

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

export function prepareItem(
	ctx: IExecuteFunctions,
	op: OperationSpec,
	itemIndex: number,
	read: ParameterReader,
): PreparedItem {
	const options = read('options', itemIndex, {}) as IDataObject;
	const values: Record<string, unknown> = {};
	const pickerIssues: FieldIssue[] = [];
	for (const field of op.fields) {
		if (field.kind === 'jobId') {
			const picked = jobIdValue(read(field.name, itemIndex, ''));
			if ('problem' in picked)
				pickerIssues.push({
					field: field.name,
					in: field.in,
					displayName: field.displayName,
					message: picked.problem,
					value: picked.got,
				});
			else values[field.name] = picked.id;
		} else if (field.required) values[field.name] = read(field.name, itemIndex, '');
		else for (const name of namesOf(field)) if (name in options) values[name] = options[name];
	}
	const checked = validateFields(op, values);
	const result: ValidationResult =
		pickerIssues.length === 0
			? checked
			: {
					ok: false,
					issues: [
						...pickerIssues,
						...(checked.ok ? [] : checked.issues).filter(
							(issue) => !pickerIssues.some((picked) => picked.field === issue.field),
						),
					],
				};
	if (!result.ok) {
		const messages = result.issues.map(formatIssue);
		throw new NodeOperationError(ctx.getNode(), `${messages[0]} [item ${itemIndex}]`, {
			itemIndex,
			description:
				`Nothing was sent to the Web Data API. ${messages.length > 1 ? `All problems: ${messages.join('; ')}` : ''}`.trim(),
		});
	}
	const parameters = {
		get: (name: string, fallback: unknown) => read(name, itemIndex, fallback),
		options,
		asTool: runsAsTool(ctx.getNode()),
	};
	let wraps: Wrap[];
	try {
		wraps = BEHAVIOURS.map((behaviour) => behaviour.read(op, parameters)).filter(
			(wrap): wrap is Wrap => wrap !== undefined,
		);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), `${(error as Error).message} [item ${itemIndex}]`, {
			itemIndex,
			description: 'Nothing was sent to the Web Data API.',
		});
	}
	return { request: buildRequest(op, result.values), values: result.values, wraps };
}
