/**
 * Schema from an example: derives the JSON Schema an extraction asks for from an example of the
 * wanted output (types, nested objects, arrays typed by their first element), as n8n's
 * Structured Output Parser does. A value it cannot type (null, an empty array) is refused with
 * the path to it, as is an example beyond the stated bounds.
 */
import type { IDataObject } from 'n8n-workflow';

/** Nesting the generator follows, and keys it types in all: bounds on its work per item. */
export const MAX_EXAMPLE_DEPTH = 32;
export const MAX_EXAMPLE_KEYS = 2000;

export interface SchemaOptions {
	/** Every key of every object is listed as required. */
	allRequired: boolean;
}

const at = (path: string, key: string) =>
	/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

function schemaOf(
	value: unknown,
	path: string,
	depth: number,
	budget: { keys: number },
	options: SchemaOptions,
	fail: (message: string) => Error,
): IDataObject {
	if (depth > MAX_EXAMPLE_DEPTH)
		throw fail(`nests deeper than ${MAX_EXAMPLE_DEPTH} levels at ${path}`);
	if (typeof value === 'string') return { type: 'string' };
	if (typeof value === 'number') return { type: 'number' };
	if (typeof value === 'boolean') return { type: 'boolean' };
	if (value === null) throw fail(`has null at ${path}: give a value of the type you want there`);
	if (Array.isArray(value)) {
		if (value.length === 0)
			throw fail(`has an empty array at ${path}: give one element so its items can be typed`);
		return {
			type: 'array',
			items: schemaOf(value[0], `${path}[0]`, depth + 1, budget, options, fail),
		};
	}
	const entries = Object.entries(value as object);
	budget.keys -= entries.length;
	if (budget.keys < 0) throw fail(`has more than ${MAX_EXAMPLE_KEYS} keys`);
	const properties: IDataObject = {};
	for (const [key, entry] of entries)
		properties[key] = schemaOf(entry, at(path, key), depth + 1, budget, options, fail);
	const schema: IDataObject = { type: 'object', properties };
	if (options.allRequired && entries.length > 0) schema.required = entries.map(([key]) => key);
	return schema;
}

function parsed(text: string): { value: unknown } | { problem: string } {
	try {
		return { value: JSON.parse(text) };
	} catch (error) {
		return { problem: (error as Error).message };
	}
}

/**
 * The JSON Schema of an example: a JSON object, as text or already parsed. Throws an Error whose
 * message starts with `label` and says what is wrong and where ($ is the example's top).
 */
export function schemaOfExample(
	example: unknown,
	options: SchemaOptions,
	label = 'The example',
): IDataObject {
	const fail = (message: string) => new Error(`${label} ${message}`);
	let value = example;
	if (typeof example === 'string') {
		if (example.trim() === '') throw fail('is empty: paste an example of the wanted output');
		const result = parsed(example);
		if ('problem' in result) throw fail(`is not valid JSON (${result.problem})`);
		value = result.value;
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw fail('must be a JSON object (the extraction returns an object)');
	return schemaOf(value, '$', 0, { keys: MAX_EXAMPLE_KEYS }, options, fail);
}
