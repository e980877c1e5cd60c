/**
 * Checks before sending, beyond numeric bounds: the spec's enums, the URL / domain / e-mail /
 * country shapes, required fields, types and JSON. A bad value names the field (API name and
 * display name), what is allowed and the value, and nothing is sent.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { scrape, type FieldSpec } from '../../nodes/shared/operations';
import { expectRejected } from '../helpers/expectations';
import { mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';
import { FIELDS, field, operation, sampleOperation } from '../helpers/table';

useNock();

/** The operation's required-only parameters with `field` set to `value` (top level or in options). */
function withValue(
	op: Parameters<typeof sampleOperation>[0],
	spec: FieldSpec,
	value: unknown,
): INodeParameters {
	const { parameters } = sampleOperation(op, false);
	if (spec.required) return { ...parameters, [spec.name]: value as string };
	return {
		...parameters,
		options: { ...(parameters.options as INodeParameters), [spec.name]: value as string },
	};
}

function sentValue(
	request: { query: Record<string, string>; body: unknown } | undefined,
	spec: FieldSpec,
): unknown {
	return spec.in === 'query'
		? request?.query[spec.name]
		: (request?.body as IDataObject | undefined)?.[spec.name];
}

describe("the spec's enums", () => {
	const ENUMS = [
		{
			node: 'webDataScrape',
			op: 'batchScrape',
			name: 'proxy',
			values: ['none', 'basic', 'datacenter', 'residential', 'stealth', 'auto'],
			bad: 'fast',
		},
		{
			node: 'webDataMap',
			op: 'map',
			name: 'sitemap',
			values: ['include', 'skip', 'only'],
			bad: 'never',
		},
		{
			node: 'webDataJob',
			op: 'list',
			name: 'status',
			values: ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'],
			bad: 'DONE',
		},
		{ node: 'webDataJob', op: 'list', name: 'type', values: ['crawl', 'extract'], bad: 'scrape' },
	];

	describe.each(ENUMS)('$node $op $name', ({ node, op: opValue, name, values, bad }) => {
		const { op } = operation(node, opValue);
		const spec = field(op, name);

		test.each(values)('%s is accepted and sent', async (value) => {
			const api = mockApi();
			const { error } = await runNode({ type: node, parameters: withValue(op, spec, value) });
			expect(error).toBeUndefined();
			expect(sentValue(api.apiRequests()[0], spec)).toBe(value);
		});

		test(`${bad} is refused, listing every allowed value`, async () => {
			const api = mockApi();
			const result = await runNode({ type: node, parameters: withValue(op, spec, bad) });
			expectRejected(result, api, {
				field: name,
				displayName: spec.displayName,
				mentions: [...values, bad],
			});
		});
	});

	describe('extract agent mode (inside the agent JSON)', () => {
		const { op } = operation('webDataExtract', 'extract');
		const spec = field(op, 'agent');

		test.each(['default', 'smart'])('%s is accepted and sent', async (mode) => {
			const api = mockApi();
			const { error } = await runNode({
				type: 'webDataExtract',
				parameters: withValue(op, spec, JSON.stringify({ mode, model: 'm-1' })),
			});
			expect(error).toBeUndefined();
			expect(sentValue(api.apiRequests()[0], spec)).toEqual({ mode, model: 'm-1' });
		});

		test('another mode is refused, naming default and smart', async () => {
			const api = mockApi();
			const result = await runNode({
				type: 'webDataExtract',
				parameters: withValue(op, spec, '{"mode": "turbo"}'),
			});
			expectRejected(result, api, {
				field: 'agent',
				displayName: spec.displayName,
				mentions: ['mode', 'default', 'smart'],
			});
		});
	});
});

describe('shapes the spec names: URL, domain or URL, e-mail, two-letter country', () => {
	const SHAPES: Record<string, { bad: string[]; good: string[] }> = {
		url: {
			bad: ['acme.com', 'ftp://acme.com/file', 'not a url'],
			good: ['https://acme.com', 'http://localhost:8080/x?y=1'],
		},
		domainOrUrl: {
			bad: ['not a domain', 'acme', 'ftp://acme.com'],
			good: ['acme.com', 'shop.acme.co.uk', 'münchen.de', 'https://acme.com/about'],
		},
		email: {
			bad: ['jane.acme.com', 'jane@', 'jane doe@acme.com'],
			good: ['jane@acme.com', 'j.doe+tag@mail.acme.co'],
		},
		countryCode: { bad: ['usa', 'u', '12'], good: ['us', 'GB'] },
	};
	const SHAPED = FIELDS.filter(({ field: f }) => f.format !== undefined).map((entry) => ({
		...entry,
		title: `${entry.label} ${entry.field.name} (${entry.field.format})`,
	}));

	describe.each(SHAPED)('$title', ({ nodeSpec, op, field: spec }) => {
		const { bad, good } = SHAPES[spec.format!];

		test.each(bad)('%p is refused, nothing is sent', async (value) => {
			const api = mockApi();
			const result = await runNode({ type: nodeSpec.node, parameters: withValue(op, spec, value) });
			expectRejected(result, api, {
				field: spec.name,
				displayName: spec.displayName,
				mentions: [value],
			});
		});

		test.each(good)('%p is accepted and sent as given', async (value) => {
			const api = mockApi();
			const { error } = await runNode({
				type: nodeSpec.node,
				parameters: withValue(op, spec, value),
			});
			expect(error).toBeUndefined();
			expect(sentValue(api.apiRequests()[0], spec)).toBe(value);
		});
	});

	test('Brand AI > Ask: a Domain that is not a domain is refused; nothing is sent', async () => {
		const { op } = operation('webDataBrandAi', 'query');
		const spec = field(op, 'domain');
		const api = mockApi();
		const result = await runNode({
			type: 'webDataBrandAi',
			parameters: {
				operation: 'query',
				query: 'Who founded it?',
				options: { domain: 'not a domain' },
			},
		});
		expectRejected(result, api, {
			field: 'domain',
			displayName: spec.displayName,
			mentions: ['must be a domain (example.com) or an http(s) URL', '"not a domain"'],
		});
	});

	test.each([
		[
			'one per line, a URL with commas',
			'https://acme.com/maps/@40.7,-74.0,12z\nhttps://acme.com/b',
		],
		['comma-separated', 'https://acme.com/maps/@40.7,-74.0,12z, https://acme.com/b'],
		['a JSON array', '["https://acme.com/maps/@40.7,-74.0,12z", "https://acme.com/b"]'],
	])('a URL list given %s is sent as its URLs', async (_, urls) => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataScrape',
			parameters: { operation: 'batchScrape', urls, waitForCompletion: false },
		});
		expect(error).toBeUndefined();
		expect(
			sentValue(api.apiRequests()[0], field(operation('webDataScrape', 'batchScrape').op, 'urls')),
		).toEqual(['https://acme.com/maps/@40.7,-74.0,12z', 'https://acme.com/b']);
	});

	test('a URL list sends entries that are no URL as given: the service reports or skips each', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataScrape',
			parameters: {
				operation: 'batchScrape',
				urls: 'acme.com, b.example',
				waitForCompletion: false,
			},
		});
		expect(error).toBeUndefined();
		expect(
			sentValue(api.apiRequests()[0], field(operation('webDataScrape', 'batchScrape').op, 'urls')),
		).toEqual(['acme.com', 'b.example']);
	});
});

describe('required fields', () => {
	// A literal empty value never runs (n8n reports the node's issues first); an expression that
	// resolves to nothing is what reaches the node.
	const REQUIRED = FIELDS.filter(({ field: f }) => f.required).map((entry) => ({
		...entry,
		title: `${entry.label} ${entry.field.name}`,
	}));

	describe.each(REQUIRED)('$title', ({ nodeSpec, op, field: spec }) => {
		test.each(['', '   '])(
			'%p from an expression is refused as required, nothing is sent',
			async (value) => {
				const api = mockApi();
				const result = await runNode({
					type: nodeSpec.node,
					parameters: withValue(op, spec, '={{ $json.v }}'),
					items: [{ v: value }],
				});
				expectRejected(result, api, {
					field: spec.name,
					displayName: spec.displayName,
					mentions: ['required'],
				});
			},
		);
	});
});

describe('types and JSON', () => {
	const CASES = [
		{
			title: 'text where a number belongs',
			node: 'webDataMap',
			op: 'map',
			name: 'limit',
			value: 'ten',
		},
		{
			title: 'text where a boolean belongs',
			node: 'webDataMap',
			op: 'map',
			name: 'includeSubdomains',
			value: 'maybe',
		},
		{
			title: 'a fraction where a page belongs',
			node: 'webDataJob',
			op: 'list',
			name: 'page',
			value: 1.5,
		},
		{
			title: 'a fraction where a count belongs',
			node: 'webDataMap',
			op: 'map',
			name: 'limit',
			value: 2.5,
		},
		{
			title: 'JSON that does not parse',
			node: 'webDataExtract',
			op: 'extract',
			name: 'schema',
			value: '{"type": "object",',
		},
		{
			title: 'a JSON array where an object belongs',
			node: 'webDataScrape',
			op: 'batchScrape',
			name: 'headers',
			value: '["X-A: 1"]',
		},
		{
			title: 'actions that are not an array',
			node: 'webDataScrape',
			op: 'batchScrape',
			name: 'actions',
			value: '{"type": "wait"}',
		},
	];

	test.each(CASES)(
		'$title is refused ($name), nothing is sent',
		async ({ node, op: opValue, name, value }) => {
			const { op } = operation(node, opValue);
			const spec = field(op, name);
			const api = mockApi();
			const result = await runNode({ type: node, parameters: withValue(op, spec, value) });
			const whole = typeof value === 'number' ? ['must be a whole number', value] : [];
			expectRejected(result, api, { field: name, displayName: spec.displayName, mentions: whole });
		},
	);
});

test('a header value with a line break is refused, naming the header; nothing is sent', async () => {
	const { op } = operation('webDataScrape', 'batchScrape');
	const spec = field(op, 'headers');
	const api = mockApi();
	const headers = JSON.stringify({ 'X-Trace': 'ok', 'X-C': 'a\r\nInjected: 1' });
	const result = await runNode({ type: 'webDataScrape', parameters: withValue(op, spec, headers) });
	expectRejected(result, api, {
		field: 'headers',
		displayName: spec.displayName,
		mentions: ['header "X-C" must not contain line breaks'],
	});
});

test('options added but left empty (text, JSON {} and []) are not sent', async () => {
	const api = mockApi();
	const { error } = await runNode({
		type: 'webDataScrape',
		parameters: {
			operation: 'batchScrape',
			urls: 'https://acme.com/a',
			waitForCompletion: false,
			options: { headers: '{}', actions: '[]', includeTags: '', webhook: '{ }' },
		},
	});
	expect(error).toBeUndefined();
	expect(api.apiRequests()[0]?.body).toEqual({ urls: ['https://acme.com/a'] });
});

describe('YouTube > Get Transcript Timeout: a bound where the spec states none', () => {
	const { op } = operation('webDataYouTube', 'getTranscript');
	const spec = field(op, 'timeout');

	test('3e9 ms (past what a Node timer holds) is refused, naming the bound; nothing is sent', async () => {
		const api = mockApi();
		const result = await runNode({ type: 'webDataYouTube', parameters: withValue(op, spec, 3e9) });
		expectRejected(result, api, {
			field: 'timeout',
			displayName: spec.displayName,
			mentions: ['must be at most 300000', '3000000000'],
		});
	});

	test('300000 ms, the bound, is accepted and sent', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataYouTube',
			parameters: withValue(op, spec, 300000),
		});
		expect(error).toBeUndefined();
		expect(sentValue(api.apiRequests()[0], spec)).toBe(300000);
	});
});

describe('Batch Scrape Wait For and Timeout: a bound where the spec states none', () => {
	const batch = (version: 1 | 2) =>
		scrape.versions[version].find((o) => o.value === 'batchScrape')!;
	// Version 2 takes seconds: 1e306 s was sent as `"timeout": null` once in milliseconds.
	const CASES = (['waitFor', 'timeout'] as const).flatMap((name) => [
		{ version: 1 as const, name, value: 1e300 },
		{ version: 2 as const, name, value: 1e306 },
	]);

	test.each(CASES)(
		'version $version: $name $value is refused, naming the bound; nothing is sent',
		async ({ version, name, value }) => {
			const op = batch(version);
			const spec = field(op, name);
			const api = mockApi();
			const result = await runNode({
				type: 'webDataScrape',
				typeVersion: version,
				parameters: withValue(op, spec, value),
			});
			expectRejected(result, api, {
				field: name,
				displayName: spec.displayName,
				mentions: [`must be at most ${spec.max}`, String(value)],
			});
		},
	);
});
