/**
 * Every operation of the endpoint table, generated from the table itself (a new row is covered
 * without touching this file): method, path, query and body under the API's own names, the
 * bearer header, and nothing the user did not set.
 */
import { BEARER, mockApi, useNock, type NockedRequest } from '../helpers/http';
import { runNode } from '../helpers/runNode';
import { sampleOperation } from '../helpers/samples';
import { OPERATIONS } from '../helpers/table';

useNock();

const sent = ({ method, path, query, body }: NockedRequest) => ({ method, path, query, body });

// A job ID picker resolves to the ID: one string.
const SINGLE_VALUE_KINDS = ['string', 'number', 'boolean', 'options', 'jobId'];

test('query and path fields hold single values: buildRequest sends them as they are, with no list or JSON encoding', () => {
	const multi = OPERATIONS.flatMap(({ label, op }) =>
		op.fields
			.filter((f) => f.in !== 'body' && !SINGLE_VALUE_KINDS.includes(f.kind))
			.map((f) => `${label} ${f.name} (${f.kind})`),
	);
	expect(multi).toEqual([]);
});

describe.each(OPERATIONS)('$label', ({ resource, op }) => {
	test('sends every field the user set, under its API name, with the bearer header', async () => {
		const api = mockApi();
		const { parameters, expected } = sampleOperation(op, true);

		const { error } = await runNode({ type: resource.node, parameters });

		expect(error).toBeUndefined();
		expect(api.apiRequests().map(sent)).toEqual([expected]);
		expect(api.apiRequests()[0].headers.authorization).toBe(BEARER);
		if (expected.body !== undefined)
			expect(api.apiRequests()[0].headers['content-type']).toMatch(/^application\/json/);
	});

	test('sends only the required fields when no option is set', async () => {
		const api = mockApi();
		const { parameters, expected } = sampleOperation(op, false);

		const { error } = await runNode({ type: resource.node, parameters });

		expect(error).toBeUndefined();
		expect(api.apiRequests().map(sent)).toEqual([expected]);
	});
});
