/**
 * Every bound of the spec's Limits table: the number in the spec is the number in the endpoint
 * table and in the editor, a value one past it is refused before anything is sent (naming the
 * API field, its display name, the bound and the item), and the bound itself is sent as given.
 */
import { expectRejected, uiProperty, withItemValue } from '../helpers/expectations';
import { mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';
import { SPEC } from '../helpers/spec';
import { field, operation, singleRequestParameters } from '../helpers/table';

useNock();

interface Target {
	node: string;
	op: string;
	/** API names the bound applies to: the field and its alternate names. */
	names: string[];
}

interface LimitCase {
	/** The Parameter cell of the spec's Limits table: its numbers are the case's bounds. */
	row: string;
	targets: Target[];
}

const RETRIEVE_OPS = [
	'retrieve',
	'retrieveByName',
	'retrieveByTicker',
	'retrieveByEmail',
	'retrieveByIsin',
];
const brandRetrieve = (names: string[]): Target[] =>
	RETRIEVE_OPS.map((op, i) => ({
		node: 'webDataBrand',
		op,
		names: i === 0 ? names : names.slice(0, 1),
	}));
const website = (names: string[], ops = ['getFonts', 'getCompetitors']): Target[] =>
	ops.map((op) => ({ node: 'webDataWebsite', op, names }));

const NUMERIC_LIMITS: LimitCase[] = [
	{
		row: '/brand timeout',
		targets: [{ node: 'webDataBrand', op: 'getProfile', names: ['timeout'] }],
	},
	{
		row: 'retrieve maxAgeMs / BrandRetrieveMaxAgeMs',
		targets: brandRetrieve(['maxAgeMs', 'BrandRetrieveMaxAgeMs']),
	},
	{
		row: 'timeoutMS',
		targets: [...brandRetrieve(['timeoutMS']), ...website(['timeoutMS'])],
	},
	{ row: 'cacheMaxAgeMs', targets: website(['cacheMaxAgeMs']) },
	{
		row: '/brand/ai/products limit',
		targets: [{ node: 'webDataBrandAi', op: 'extractProducts', names: ['limit'] }],
	},
	{
		row: '/map limit',
		targets: [{ node: 'webDataMap', op: 'map', names: ['limit'] }],
	},
	{
		row: '/map timeout',
		targets: [{ node: 'webDataMap', op: 'map', names: ['timeout'] }],
	},
	{
		row: '/web/competitors limit / numCompetitors',
		targets: website(['limit', 'numCompetitors'], ['getCompetitors']),
	},
	{
		row: 'batch maxConcurrency',
		targets: [{ node: 'webDataScrape', op: 'batchScrape', names: ['maxConcurrency'] }],
	},
	{
		row: 'jobs list limit',
		targets: [{ node: 'webDataJob', op: 'list', names: ['limit'] }],
	},
	{
		row: 'job detail limit',
		targets: [{ node: 'webDataJob', op: 'get', names: ['limit'] }],
	},
];

/** Rows whose bounds sit inside the `actions` JSON; tested in limits.actions.test.ts. */
const ACTION_ROWS = ['action amount and milliseconds', 'action key / selector / text length'];

/** Valid values for the required fields, so only the bounded value can be wrong. */
const REQUIRED: Record<string, Record<string, string>> = {
	webDataBrand: {
		url: 'https://acme.com',
		domain: 'acme.com',
		name: 'Acme',
		ticker: 'ACME',
		email: 'a@acme.com',
		isin: 'US0000000001',
	},
	webDataBrandAi: { domain: 'acme.com' },
	webDataMap: { url: 'https://acme.com' },
	webDataWebsite: { domain: 'acme.com' },
	webDataScrape: { urls: 'https://acme.com/a' },
	webDataJob: { id: 'job_1' },
};

function baseParameters(node: string, opValue: string) {
	const { op } = operation(node, opValue);
	const required = Object.fromEntries(
		op.fields.filter((f) => f.required).map((f) => [f.name, REQUIRED[node][f.name]]),
	);
	return { operation: opValue, ...singleRequestParameters(op), ...required, options: {} };
}

test("the cases cover every row of the spec's Limits table", () => {
	expect(SPEC.limits.map((r) => r.parameter).sort()).toEqual(
		[...NUMERIC_LIMITS.map((c) => c.row), ...ACTION_ROWS].sort(),
	);
});

/** The row's numbers as the spec states them. */
function bounds(row: string): { min: number; max: number; default?: number } {
	const { min, max, default: fallback } = SPEC.limits.find((r) => r.parameter === row)!;
	if (min === undefined || max === undefined) throw new Error(`"${row}" is no numeric range`);
	return { min, max, default: fallback };
}

const TARGETS = NUMERIC_LIMITS.flatMap((c) =>
	c.targets.flatMap((t) =>
		t.names.map((name) => ({
			...c,
			...bounds(c.row),
			...t,
			name,
			title: `${c.row}: ${t.node} ${t.op} ${name}`,
		})),
	),
);

describe.each(TARGETS)('$title', ({ node, op: opValue, name, min, max, default: fallback }) => {
	const spec = field(operation(node, opValue).op, name);

	test('the operations table and the editor carry the bound and default', async () => {
		expect({ min: spec.min, max: spec.max }).toEqual({ min, max });
		if (name !== spec.name) return; // an alternate name has no editor field of its own
		const { property, where } = await uiProperty(node, opValue, name);
		expect(where).toBe('options');
		expect(property?.typeOptions).toMatchObject({ minValue: min, maxValue: max });
		// A Limit starts at n8n's 50 where the spec's range allows it (n8n's lint rule); the API's
		// own default applies while the option is not added, and the hint says so.
		const editorDefault = name === 'limit' && min <= 50 && max >= 50 ? 50 : fallback;
		if (editorDefault !== undefined) {
			expect(spec.default).toBe(editorDefault);
			expect(property?.default).toBe(editorDefault);
		}
		if (editorDefault !== fallback) expect(property?.hint).toContain(`API`);
	});

	test.each([
		['below the minimum', min - 1, `at least ${min}`],
		['above the maximum', max + 1, `at most ${max}`],
	])(
		'%s (%d) is refused for the item that has it, and nothing is sent',
		async (_label, bad, bound) => {
			const api = mockApi();
			const result = await runNode({
				type: node,
				parameters: withItemValue(baseParameters(node, opValue), name, false),
				items: [{ v: min }, { v: bad }],
			});
			expectRejected(result, api, {
				field: name,
				displayName: spec.displayName,
				mentions: [bound, bad],
				itemIndex: 1,
			});
		},
	);

	test.each([min, max])('the bound %d itself is sent as given', async (value) => {
		const api = mockApi();
		const { error } = await runNode({
			type: node,
			parameters: withItemValue(baseParameters(node, opValue), name, false),
			items: [{ v: value }],
		});
		expect(error).toBeUndefined();
		const [request] = api.apiRequests();
		const sent =
			spec.in === 'query'
				? request?.query[name]
				: (request?.body as Record<string, unknown> | undefined)?.[name];
		expect(sent).toBe(spec.in === 'query' ? String(value) : value);
	});
});
