/**
 * Every min and max of the operations table (so a bound added to a row is tested without touching
 * this file): one past the bound is refused and sends nothing; the bound itself is sent.
 * Alternate names (BrandRetrieveMaxAgeMs, numCompetitors) are covered in limits.spec.test.ts.
 */
import { expectRejected, withItemValue } from '../helpers/expectations';
import { mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';
import { FIELDS, sampleOperation } from '../helpers/table';

useNock();

const BOUNDED = FIELDS.filter(
	({ field }) => field.kind === 'number' && (field.min !== undefined || field.max !== undefined),
).map((entry) => ({
	...entry,
	name: entry.field.name,
	title: `${entry.label} ${entry.field.name}`,
}));

describe.each(BOUNDED)('$title', ({ nodeSpec, op, field, name }) => {
	const base = sampleOperation(op, false).parameters;
	const edges = [
		...(field.min !== undefined
			? [{ bad: field.min - 1, ok: field.min, text: `at least ${field.min}` }]
			: []),
		...(field.max !== undefined
			? [{ bad: field.max + 1, ok: field.max, text: `at most ${field.max}` }]
			: []),
	];

	test.each(edges)('$bad is refused ($text), nothing is sent', async ({ bad, ok, text }) => {
		const api = mockApi();
		const result = await runNode({
			type: nodeSpec.node,
			parameters: withItemValue(base, name, !!field.required),
			items: [{ v: ok }, { v: bad }],
		});
		expectRejected(result, api, {
			field: name,
			displayName: field.displayName,
			mentions: [text],
			itemIndex: 1,
		});
	});

	test.each(edges)('$ok is sent as given', async ({ ok }) => {
		const api = mockApi();
		const { error } = await runNode({
			type: nodeSpec.node,
			parameters: withItemValue(base, name, !!field.required),
			items: [{ v: ok }],
		});
		expect(error).toBeUndefined();
		const [request] = api.apiRequests();
		const sent =
			field.in === 'query'
				? request?.query[name]
				: (request?.body as Record<string, unknown> | undefined)?.[name];
		expect(sent).toEqual(field.in === 'query' ? String(ok) : ok);
	});
});
