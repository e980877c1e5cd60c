/**
 * The contract against the spec's facts (test/spec/facts.json): every endpoint of the endpoint
 * list, its method and path, and for each field the spec gives it: where it goes, whether it is
 * required, its bounds, its enum values, its alternate names and the type the spec states.
 */
import { ENDPOINTS, type Endpoint, type WireField, type WireType } from '../../contract';
import { SPEC as FACTS, endpointKey as key, type SpecField } from '../helpers/spec';
import { OPEN_TIMEOUT_MAX_MS } from '../../contract/fields';

const CONTRACT: Endpoint[] = Object.values(ENDPOINTS);
const SPEC = FACTS.endpoints;

/** The wire types a type word of the spec allows. The batch `actions` are listed as strings, but action objects go there too. */
const TYPES: Record<string, WireType[]> = {
	number: ['number'],
	boolean: ['boolean'],
	string: ['string', 'enum'],
	object: ['json'],
	'array of string': ['stringArray', 'json'],
	array: ['json', 'stringArray'],
};

/** Fields the spec leaves "not shown" that the contract sends anyway, each with why. */
const BEYOND_THE_SPEC: Record<string, string[]> = {
	// Scraping a single URL "using query parameters": the URL is the one it cannot do without.
	'GET /scrape': ['url'],
};

/** Upper bounds the contract sets where the spec states none, because the value becomes a timer. */
const BOUNDS_BEYOND_THE_SPEC: Record<string, number> = {
	'POST /youtube/transcript timeout': OPEN_TIMEOUT_MAX_MS,
	'POST /batch/scrape waitFor': OPEN_TIMEOUT_MAX_MS,
	'POST /batch/scrape timeout': OPEN_TIMEOUT_MAX_MS,
};

function contractEndpoint(method: string, path: string): Endpoint {
	const found = CONTRACT.find((e) => e.method === method && e.path === path);
	if (!found) throw new Error(`The contract has no ${method} ${path}`);
	return found;
}

test('the contract has exactly the endpoints of the spec, method and path', () => {
	expect(SPEC.length).toBeGreaterThan(0);
	expect(CONTRACT.map(key).sort()).toEqual(SPEC.map(key).sort());
});

describe.each(SPEC.map((request) => [key(request), request] as const))('%s', (_, request) => {
	const endpoint = contractEndpoint(request.method, request.path);

	test('has the fields of the spec, each where the spec puts it', () => {
		const expected = request.fieldsNotShown
			? (BEYOND_THE_SPEC[key(request)] ?? [])
			: request.fields.map((f) => `${f.in} ${f.name}`);
		const actual = endpoint.fields.map((f) =>
			request.fieldsNotShown ? f.name : `${f.in} ${f.name}`,
		);
		expect(actual.sort()).toEqual([...expected].sort());
	});

	const fields = request.fields.map((f) => [f.name, f] as const);
	if (fields.length === 0) return;

	test.each(fields)(
		'%s: required flag, bounds, enum, alternate names and type',
		(name, spec: SpecField) => {
			const wire = endpoint.fields.find((f) => f.name === name) as WireField;
			expect(Boolean(wire.required)).toBe(spec.required);
			expect(wire.alternateNames ?? []).toEqual(spec.alternateNames ?? []);
			expect(wire.enum ? [...wire.enum].sort() : undefined).toEqual(
				spec.enum ? [...spec.enum].sort() : undefined,
			);
			if (spec.type) expect(TYPES[spec.type]).toContain(wire.type);
			if (spec.max !== undefined || spec.min !== undefined)
				expect({ min: wire.min, max: wire.max }).toEqual({ min: spec.min, max: spec.max });
			// Where the spec states no bound, a number may still not be negative (milliseconds, counts).
			else
				expect({ min: wire.min ?? 0, max: wire.max }).toEqual({
					min: 0,
					max: BOUNDS_BEYOND_THE_SPEC[`${key(request)} ${name}`],
				});
		},
	);
});
