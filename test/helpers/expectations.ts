/** Assertions shared by the validation tests. */
import type { INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

import type { MockApi } from './http';
import { loadPackage } from '../../devkit/package';
import type { RunNodeResult } from '../helpers/runNode';

export interface ValidationExpectation {
	/** The API name the value was given under. */
	field: string;
	displayName: string;
	/** Further text the message must hold: the bound, the allowed values. */
	mentions?: Array<string | number>;
	itemIndex?: number;
}

/** The node failed with NodeOperationError naming the field, the bound and the item, and sent nothing. */
export function expectRejected(
	result: RunNodeResult,
	api: MockApi,
	expected: ValidationExpectation,
): void {
	const { error } = result;
	const itemIndex = expected.itemIndex ?? 0;
	expect(error).toBeDefined();
	expect(error?.name).toBe('NodeOperationError');
	const message = error?.message ?? '';
	// A field of the request is named by its label, with what to do; a node option (its
	// behaviour's own check) by its label and its name.
	const label = `"${expected.displayName}"`;
	const named = [`Enter a valid ${label}: it `, `Enter a value for ${label}: it `];
	named.push(`${label} (${expected.field}) `);
	const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	expect(message).toMatch(new RegExp(`^(${named.map(escape).join('|')})`));
	for (const text of expected.mentions ?? []) expect(message).toContain(String(text));
	expect(message).toContain(`[item ${itemIndex}]`);
	expect(error?.context?.itemIndex).toBe(itemIndex);
	expect(result.items).toEqual([]);
	api.expectNothingSent();
}

/** Parameters whose value at `name` comes from each item's `$json.v` (required: top level; optional: in options). */
export function withItemValue(
	base: INodeParameters,
	name: string,
	required: boolean,
): INodeParameters {
	const expression = '={{ $json.v }}';
	const options = { ...(base.options as object | undefined), [name]: expression };
	return required ? { ...base, [name]: expression } : { ...base, options };
}

/** The editor property of an operation's field as the loaded node shows it: top level, or inside Options. */
export async function uiProperty(
	node: string,
	operation: string,
	name: string,
	version = 1,
): Promise<{ property?: INodeProperties; where?: 'top' | 'options' }> {
	const type: INodeType = (await loadPackage()).nodeTypes[node];
	const forOp = type.description.properties.filter(
		(p) =>
			(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation) &&
			((p.displayOptions?.show?.['@version'] as number[] | undefined) ?? [version]).includes(
				version,
			),
	);
	const top = forOp.find((p) => p.name === name);
	if (top) return { property: top, where: 'top' };
	const options = forOp.find((p) => p.name === 'options' && p.type === 'collection');
	const inside = (options?.options as INodeProperties[] | undefined)?.find((p) => p.name === name);
	return inside ? { property: inside, where: 'options' } : {};
}
