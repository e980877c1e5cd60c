/**
 * Schema Type: Extract's schema typed as JSON Schema (Options > Schema in version 1, on the panel
 * below Schema Type from version 2) or generated
 * from a JSON example of the wanted output. The generated schema is sent as `schema` and shown
 * in each output record as `generatedSchema`, so the user can check what was asked for.
 */
import type { INodeProperties } from 'n8n-workflow';

import { OPEN_BOUNDS } from '../../../contract';
import type { OperationSpec } from '../operations/types';
import { schemaOfExample } from '../schema/fromExample';
import { booleanOption, optionRefusal } from './optionBounds';
import { mapJson, type Behaviour } from './types';

const TOO_LONG = `must be at most ${OPEN_BOUNDS.jsonLength} characters of JSON`;
const FROM_EXAMPLE = 'fromExample';
const JSON_SCHEMA = 'jsonSchema';
const SCHEMA_TYPES = [JSON_SCHEMA, FROM_EXAMPLE];
const shownForExample = { displayOptions: { show: { schemaType: [FROM_EXAMPLE] } } };

const schemaType = (schemaWhere: string): INodeProperties => ({
	displayName: 'Schema Type',
	name: 'schemaType',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Define Using JSON Schema',
			value: JSON_SCHEMA,
			description: `Optional: a JSON Schema in ${schemaWhere}`,
		},
		{
			name: 'Generate From JSON Example',
			value: FROM_EXAMPLE,
			description: 'Paste an example of the wanted output; its schema is generated and sent',
		},
	],
	default: JSON_SCHEMA,
	description: 'How the structure of the extracted data is given',
});

/** From version 2 the schema is on the panel, below Schema Type (the row's `schema` field). */
const schemaTypeAt = (op: OperationSpec) =>
	schemaType(op.version >= 2 ? 'Schema (JSON) below' : 'Options > Schema (JSON)');

const EXAMPLE_PARAMETERS: INodeProperties[] = [
	{
		displayName: 'JSON Example',
		name: 'jsonExample',
		type: 'json',
		default: '{\n  "name": "Acme Inc",\n  "plans": [{ "name": "Pro", "price": 49 }]\n}',
		required: true,
		description:
			'An example of the output you want. Its schema is generated: types from the values, nested objects, array items from the first element. Null and empty arrays cannot be typed.',
		...shownForExample,
	},
	{
		displayName: 'All Keys Required',
		name: 'exampleKeysRequired',
		type: 'boolean',
		default: true,
		description:
			'Whether every key of the example is required in the output. Off: the keys are listed but optional.',
		...shownForExample,
	},
];

export const schemaFromExample: Behaviour = {
	parameters: (op) => (op.schemaFromExample ? [schemaTypeAt(op), ...EXAMPLE_PARAMETERS] : []),
	options: () => [],
	read(op, { get, options }) {
		if (!op.schemaFromExample) return undefined;
		const schemaType = get('schemaType', JSON_SCHEMA);
		if (!SCHEMA_TYPES.includes(schemaType as string))
			throw optionRefusal(
				'Schema Type',
				'schemaType',
				`must be one of: ${SCHEMA_TYPES.join(', ')}`,
				schemaType,
			);
		if (schemaType !== FROM_EXAMPLE) return undefined;
		if (options.schema !== undefined)
			throw new Error(
				'"Schema (JSON)" is set in Options while "Schema Type" is Generate From JSON Example: remove one of them',
			);
		const allRequired = booleanOption(
			get('exampleKeysRequired', true),
			'All Keys Required',
			'exampleKeysRequired',
		);
		const example = get('jsonExample', '');
		const tooLong = (value: unknown) =>
			(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).length >
			OPEN_BOUNDS.jsonLength;
		// The bound every JSON field has, on what is pasted and on the schema sent from it.
		if (tooLong(example)) throw optionRefusal('JSON Example', 'jsonExample', TOO_LONG, example);
		const schema = schemaOfExample(example, { allRequired }, 'Enter a valid "JSON Example": it');
		if (tooLong(schema))
			throw optionRefusal(
				'JSON Example',
				'jsonExample',
				`gives a schema that ${TOO_LONG}`,
				example,
			);
		return (next) => async (request) =>
			mapJson((json) => ({ ...json, generatedSchema: schema }))(
				await next({ ...request, body: { ...request.body, schema } }),
			);
	},
};
