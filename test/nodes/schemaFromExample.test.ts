/**
 * Extract > Schema Type "Generate From JSON Example": the schema the API receives is derived from
 * the example (types, nested objects, arrays from their first element, keys required unless the
 * user says otherwise), it is shown in the output, and a bad example fails before any request.
 */
import { OPEN_BOUNDS } from '../../contract';
import { schemaOfExample } from '../../nodes/shared/schema/fromExample';
import { mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';

useNock();

const CREATED = { id: 'ext_1', status: 'PENDING', url: '/extract/ext_1' };
const created = () => mockApi(() => [200, CREATED]);

const EXAMPLE = {
	name: 'Acme',
	founded: 1999,
	public: false,
	plans: [{ name: 'Pro', price: 49.5, features: ['sso'] }],
	contact: { email: 'sales@acme.com' },
};

const EXPECTED_SCHEMA = {
	type: 'object',
	properties: {
		name: { type: 'string' },
		founded: { type: 'number' },
		public: { type: 'boolean' },
		plans: {
			type: 'array',
			items: {
				type: 'object',
				properties: {
					name: { type: 'string' },
					price: { type: 'number' },
					features: { type: 'array', items: { type: 'string' } },
				},
				required: ['name', 'price', 'features'],
			},
		},
		contact: {
			type: 'object',
			properties: { email: { type: 'string' } },
			required: ['email'],
		},
	},
	required: ['name', 'founded', 'public', 'plans', 'contact'],
};

const extract = (parameters: Record<string, unknown>, options: Record<string, unknown> = {}) =>
	runNode({
		type: 'webDataExtract',
		parameters: {
			operation: 'extract',
			prompt: 'Company facts',
			waitForCompletion: false,
			schemaType: 'fromExample',
			...parameters,
			options: { urls: 'https://acme.com', ...options },
		},
	});

describe('Extract with a schema generated from a JSON example', () => {
	it('sends the derived schema and shows it in the output', async () => {
		const api = created();
		const { items, error } = await extract({ jsonExample: JSON.stringify(EXAMPLE, null, 2) });
		expect(error).toBeUndefined();
		expect(api.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/extract',
				body: { prompt: 'Company facts', urls: ['https://acme.com'], schema: EXPECTED_SCHEMA },
			}),
		]);
		expect(items[0].json).toEqual({ ...CREATED, generatedSchema: EXPECTED_SCHEMA });
	});

	it('lists the keys without requiring them when All Keys Required is off', async () => {
		const api = created();
		await extract({
			jsonExample: '{"name": "Acme", "address": {"city": "Oslo"}}',
			exampleKeysRequired: false,
		});
		expect((api.apiRequests()[0].body as { schema: unknown }).schema).toEqual({
			type: 'object',
			properties: {
				name: { type: 'string' },
				address: { type: 'object', properties: { city: { type: 'string' } } },
			},
		});
	});

	it("keeps today's behaviour by default: Options > Schema as typed, nothing added", async () => {
		const api = created();
		const schema = { type: 'object', properties: { x: { type: 'integer' } } };
		const { items } = await runNode({
			type: 'webDataExtract',
			parameters: {
				operation: 'extract',
				prompt: 'p',
				waitForCompletion: false,
				// Extract needs URLs or Enable Web Search (the API refuses it without).
				options: { urls: 'https://acme.com', schema: JSON.stringify(schema) },
			},
		});
		expect(api.apiRequests()[0].body).toEqual({ prompt: 'p', urls: ['https://acme.com'], schema });
		expect(items[0].json).toEqual(CREATED);
	});

	it.each([
		['not JSON', '{"name": ', /^Enter a valid "JSON Example": it is not valid JSON/],
		[
			'an array at the top',
			'[{"a": 1}]',
			/^Enter a valid "JSON Example": it must be a JSON object/,
		],
		['an empty array', '{"plans": []}', /has an empty array at \$\.plans: give one element/],
		['a null deep inside', '{"plans": [{"price": null}]}', /has null at \$\.plans\[0\]\.price/],
		['empty', '  ', /^Enter a valid "JSON Example": it is empty/],
	])('refuses %s before sending, naming the field and the item', async (_, example, message) => {
		const api = created();
		const { error } = await extract({ jsonExample: example });
		expect(error?.message).toMatch(message);
		expect(error?.message).toMatch(/\[item 0\]/);
		expect(error?.description).toMatch(/Nothing was sent/);
		api.expectNothingSent();
	});

	it('bounds the example and the schema it gives like any JSON field, before sending', async () => {
		const { jsonLength } = OPEN_BOUNDS;
		const tooLong = `must be at most ${jsonLength} characters of JSON`;
		// Long keys: the schema (`{"type":"string"}` per key, and the required list) outgrows the example.
		const key = (i: number) => `k${i}_${'x'.repeat(400)}`;
		const wide = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [key(i), 'v']));
		expect(JSON.stringify(wide).length).toBeLessThan(jsonLength);
		const cases = [
			[JSON.stringify({ a: 'x'.repeat(jsonLength) }), `it ${tooLong}`],
			[JSON.stringify(wide), `it gives a schema that ${tooLong}`],
		];
		for (const [example, message] of cases) {
			const api = created();
			const { error } = await extract({ jsonExample: example });
			expect(error?.message).toMatch(`Enter a valid "JSON Example": ${message}`);
			expect(error?.message).toMatch(/\[item 0\]$/);
			api.expectNothingSent();
		}
	});

	it('refuses a schema typed in Options as well as an example', async () => {
		const api = created();
		const { error } = await extract({ jsonExample: '{"a": 1}' }, { schema: '{"type": "object"}' });
		expect(error?.message).toMatch(
			/^"Schema \(JSON\)" is set in Options while "Schema Type" is .* remove one/,
		);
		api.expectNothingSent();
	});
});

describe('schemaOfExample bounds', () => {
	it('refuses an example nested deeper than its bound', () => {
		let deep: unknown = 1;
		for (let i = 0; i < 40; i++) deep = { a: deep };
		expect(() => schemaOfExample(deep, { allRequired: true })).toThrow(/deeper than 32 levels/);
	});

	it('refuses an example with more keys than its bound', () => {
		const wide = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, i]));
		expect(() => schemaOfExample(wide, { allRequired: true })).toThrow(/more than 2000 keys/);
	});

	it('names keys that are not identifiers with brackets', () => {
		expect(() => schemaOfExample({ 'a b': null }, { allRequired: true })).toThrow(
			'has null at $["a b"]',
		);
	});
});
