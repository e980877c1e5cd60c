/**
 * The operations table as the tests walk it: every operation with its node, and a valid sample for
 * any field, with what the API must receive, from the spec's rules rather than the node's code.
 */
import type { IDataObject, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import { namesOf } from '../../contract';
import { NODES } from '../../nodes/shared/operations';
import type { FieldSpec, OperationSpec } from '../../nodes/shared/operations';

/** Version 1's operations: the version runNode runs unless told (test/nodes/versions.test.ts has 2). */
export const OPERATIONS = NODES.flatMap((nodeSpec) =>
	nodeSpec.versions[1].map((op) => ({
		nodeSpec,
		op,
		/** `webDataBrand retrieve (GET /brand/retrieve)`, for test names. */
		label: `${nodeSpec.node} ${op.value} (${op.method} ${op.path})`,
	})),
);

export function operation(node: string, value: string) {
	const found = OPERATIONS.find((o) => o.nodeSpec.node === node && o.op.value === value);
	if (!found) throw new Error(`No operation ${node} ${value} in the operations table`);
	return found;
}

export function field(op: OperationSpec, name: string): FieldSpec {
	const found = op.fields.find((f) => namesOf(f).includes(name));
	if (!found) throw new Error(`No field ${name} in ${op.method} ${op.path}`);
	return found;
}

/** Every (operation, field) pair of the table, for field-level checks. */
export const FIELDS = OPERATIONS.flatMap((o) => o.op.fields.map((f) => ({ ...o, field: f })));

/** A sample as the node holds it and as the API receives it: JSON in a body, text in a query. */
export interface Sample {
	/** As the node parameter holds it (workflow JSON). */
	input: NodeParameterValueType;
	body: unknown;
	query: string;
}

const JSON_SAMPLES: Record<string, unknown> = {
	object: { key: 'value', nested: { n: 1 } },
	any: { note: 'custom payload' },
	array: [1, 2],
	actions: [{ type: 'wait', milliseconds: 500 }, { type: 'click', selector: '#go' }, 'scroll'],
	agent: { mode: 'smart', model: 'reasoner-1' },
	formats: ['markdown', { type: 'json', prompt: 'the title' }],
	headers: { 'X-Trace': 'abc', Cookie: 'a=1; b=2' },
};

const FORMAT_SAMPLES: Record<string, string> = {
	url: 'https://www.example.com/page?x=1',
	domainOrUrl: 'example.com',
	email: 'ceo@example.com',
	countryCode: 'de',
};

function numberSample(field: FieldSpec): number {
	if (field.min !== undefined && field.max !== undefined)
		return Math.floor(field.min + (field.max - field.min) / 3);
	return (field.min ?? 0) + 1234;
}

function listSample(field: FieldSpec): string[] {
	if (field.kind === 'multiOptions') return (field.options ?? []).slice(0, 2).map((o) => o.value);
	if (/url/i.test(field.name)) return ['https://a.example.com/1', 'https://b.example.com/2'];
	return [`${field.name}-a`, `${field.name}-b`];
}

/** A value the node holds and the API receives alike (as text in a query). */
const same = (value: string | number | boolean): Sample => ({
	input: value,
	body: value,
	query: String(value),
});

function sampleFor(field: FieldSpec): Sample {
	const list = listSample(field);
	switch (field.kind) {
		case 'number':
			return same(numberSample(field));
		case 'boolean':
			return same(!(field.default ?? false));
		case 'options':
			return same((field.options ?? []).map((o) => o.value).find((v) => v !== field.default) ?? '');
		case 'multiOptions':
			return { input: list, body: list, query: list.join(',') };
		case 'stringList':
			return { input: list.join('\n'), body: list, query: list.join(',') };
		case 'json': {
			const value = JSON_SAMPLES[field.shape ?? 'any'];
			return { input: JSON.stringify(value, null, 2), body: value, query: JSON.stringify(value) };
		}
		default:
			if (field.in === 'path') return same('id_123');
			return same(FORMAT_SAMPLES[field.format ?? ''] ?? `sample ${field.name}`);
	}
}

/** Behaviour parameters that keep an operation to its one request (no waiting, no paging). */
export function singleRequestParameters(op: OperationSpec): INodeParameters {
	return {
		...(op.job ? { waitForCompletion: false } : {}),
		...(op.paginate ? { returnAll: false } : {}),
	};
}

/**
 * Parameters for an operation with every required field and, when `withOptional`, every optional
 * field set, and the sample each set field got (by API name).
 */
export function sampleOperation(
	op: OperationSpec,
	withOptional: boolean,
): { parameters: INodeParameters; samples: Record<string, Sample> } {
	const parameters: INodeParameters = { operation: op.value, ...singleRequestParameters(op) };
	const options: IDataObject = {};
	const samples: Record<string, Sample> = {};
	// A field of each of the row's needs (version 1's, as the tests run it) is always given.
	const needed = new Set((op.needs ?? []).filter((n) => !n.since).map((n) => n.anyOf[0]));
	for (const field of op.fields) {
		if (!field.required && !withOptional && !needed.has(field.name)) continue;
		const sample = sampleFor(field);
		samples[field.name] = sample;
		if (field.required) parameters[field.name] = sample.input;
		else options[field.name] = sample.input as IDataObject[string];
	}
	parameters.options = options as INodeParameters;
	return { parameters, samples };
}
