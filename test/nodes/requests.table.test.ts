/**
 * Every operation sends the request the spec describes (test/spec/facts.json): its method and
 * path, each field the user set where the spec puts it (path, query or body) under the API's own
 * name, the bearer header, and nothing the user did not set. The operations are generated from
 * the operations table, so a new row is covered without touching this file; what each must send
 * comes from the spec's facts, not from the row.
 */
import { BEARER, mockApi, useNock, type NockedRequest } from '../helpers/http';
import { runNode } from '../helpers/runNode';
import { SPEC, endpointKey, type SpecEndpoint, type SpecField } from '../helpers/spec';
import { OPERATIONS, sampleOperation, type Sample } from '../helpers/table';

useNock();

const sent = ({ method, path, query, body }: NockedRequest) => ({ method, path, query, body });

/** Endpoints whose fields the spec does not show, with the ones it implies. */
const NOT_SHOWN: Record<string, SpecField[]> = {
	// "scrape a single URL using query parameters": the URL, in the query.
	'GET /scrape': [{ name: 'url', in: 'query', required: true }],
};

const fieldsOf = (endpoint: SpecEndpoint) =>
	endpoint.fieldsNotShown ? (NOT_SHOWN[endpointKey(endpoint)] ?? []) : endpoint.fields;

/** The request the spec describes for these samples: each field where the spec puts it. */
function specRequest(
	endpoint: SpecEndpoint,
	samples: Record<string, Sample>,
	withOptional: boolean,
) {
	const query: Record<string, string> = {};
	const body: Record<string, unknown> = {};
	let path = endpoint.path;
	for (const field of fieldsOf(endpoint)) {
		// Without options, a request still carries the one field of each need the row gives it.
		if (!field.required && !withOptional && !samples[field.name]) continue;
		const sample = samples[field.name];
		if (!sample) throw new Error(`${field.name} of ${endpointKey(endpoint)} is not in the editor`);
		if (field.in === 'path')
			path = path.replace(`{${field.name}}`, encodeURIComponent(String(sample.input)));
		else if (field.in === 'query') query[field.name] = sample.query;
		else body[field.name] = sample.body;
	}
	const hasBody = Object.keys(body).length > 0;
	return { method: endpoint.method, path, query, body: hasBody ? body : undefined };
}

const CASES = SPEC.endpoints.flatMap((endpoint) =>
	OPERATIONS.filter(({ op }) => endpointKey(op) === endpointKey(endpoint)).map((entry) => ({
		...entry,
		endpoint,
	})),
);

test('every operation of the table runs on an endpoint of the spec', () => {
	expect(CASES.map((c) => c.label).sort()).toEqual(OPERATIONS.map((o) => o.label).sort());
});

test("the spec's query and path fields are entered as single values (sent as they are, with no list or JSON encoding)", () => {
	const single = ['string', 'number', 'boolean', 'options', 'jobId'];
	const multi = CASES.flatMap(({ label, op, endpoint }) =>
		fieldsOf(endpoint)
			.filter((f) => f.in !== 'body')
			.map((f) => ({ f, kind: op.fields.find((field) => field.name === f.name)?.kind }))
			.filter(({ kind }) => !single.includes(kind ?? ''))
			.map(({ f, kind }) => `${label} ${f.name} (${kind ?? 'not in the editor'})`),
	);
	expect(multi).toEqual([]);
});

describe.each(CASES)('$label', ({ nodeSpec, op, endpoint }) => {
	test('sends every field the user set where the spec puts it, with the bearer header', async () => {
		const api = mockApi();
		const { parameters, samples } = sampleOperation(op, true);

		const { error } = await runNode({ type: nodeSpec.node, parameters });

		expect(error).toBeUndefined();
		const expected = specRequest(endpoint, samples, true);
		expect(api.apiRequests().map(sent)).toEqual([expected]);
		expect(api.apiRequests()[0].headers.authorization).toBe(BEARER);
		if (expected.body !== undefined)
			expect(api.apiRequests()[0].headers['content-type']).toMatch(/^application\/json/);
	});

	test('sends only the fields the spec requires (and one of each need) when no option is set', async () => {
		const api = mockApi();
		const { parameters, samples } = sampleOperation(op, false);

		const { error } = await runNode({ type: nodeSpec.node, parameters });

		expect(error).toBeUndefined();
		expect(api.apiRequests().map(sent)).toEqual([specRequest(endpoint, samples, false)]);
	});
});
