/**
 * What the editor and AI agents see: every action node is usable as a tool, every field the spec
 * gives an endpoint is in the editor as the spec states it (required at the top, optional in
 * Options, its type, bounds, values and default), and the credential asks for a hidden key and
 * tests itself with GET /account (that HTTP Request cannot send the key and that our nodes can
 * use it however n8n loads them is checked in real n8n: e2e/tests/egress and install).
 */
import type { ICredentialType, IHttpRequestOptions, INode, INodeProperties } from 'n8n-workflow';
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
	CREDENTIAL_BLANKING_VALUE,
	CREDENTIAL_EMPTY_VALUE,
	NodeHelpers,
	Workflow,
} from 'n8n-workflow';

import { subtitleOf } from '../../nodes/shared/description';
import { NODES } from '../../nodes/shared/operations';
import { resolveCredentialValue } from '../helpers/credentials';
import { uiProperty } from '../helpers/expectations';
import { loadPackage } from '../../devkit/package';
import { SPEC, endpointKey, type SpecField } from '../helpers/spec';
import { FIELDS, OPERATIONS } from '../helpers/table';

/**
 * The editor controls that can hold a value of the spec's type: an array of strings is typed one
 * a line, picked from known values or given as JSON (the batch `actions` also take objects); a
 * path ID is typed or picked from the jobs list.
 */
const CONTROLS: Record<string, string[]> = {
	number: ['number'],
	boolean: ['boolean'],
	string: ['string', 'options'],
	object: ['json'],
	'array of string': ['string', 'multiOptions', 'json'],
	array: ['json'],
	enum: ['options'],
	pathId: ['string', 'resourceLocator'],
};

/** n8n's lint rule starts a Limit at 50 where the range allows it; limits.spec.test.ts checks its hint names the API's default. */
const editorDefault = (field: SpecField) =>
	field.name === 'limit' && (field.min ?? 0) <= 50 && (field.max ?? Infinity) >= 50
		? 50
		: field.default;

/** The editor's value as the API gets it: a JSON control holds text. */
const asSent = (property: INodeProperties, value: unknown) =>
	property.type === 'json' && typeof value === 'string' ? JSON.parse(value) : value;

test.each(NODES.map((r) => r.node))(
	'%s is usable as a tool, with a description and an action per operation',
	async (node) => {
		const { description } = (await loadPackage()).nodeTypes[node];
		expect(description.usableAsTool).toBe(true);
		expect(description.description).toBeTruthy();
		const operation = description.properties.find((p) => p.name === 'operation');
		expect(operation?.noDataExpression).toBe(true);
		const options = (operation?.options ?? []) as Array<{ action?: string; description?: string }>;
		for (const option of options) {
			expect(option.action).toBeTruthy();
			expect(option.description).toBeTruthy();
		}
		// An agent tells a node's operations apart by their actions.
		expect(new Set(options.map((o) => o.action)).size).toBe(options.length);
	},
);

test('no two nodes share a description (the node panel and agents tell them apart by it)', async () => {
	const { nodeTypes } = await loadPackage();
	const described = NODES.map((r) => nodeTypes[r.node].description.description);
	expect(new Set(described).size).toBe(described.length);
});

/** Every field the spec gives an endpoint, with every operation that runs on that endpoint. */
const SPEC_FIELDS = SPEC.endpoints.flatMap((endpoint) =>
	OPERATIONS.filter(({ op }) => endpointKey(op) === endpointKey(endpoint)).flatMap(
		({ nodeSpec, op }) =>
			endpoint.fields.map((field) => ({
				node: nodeSpec.node,
				operation: op.value,
				endpoint: endpointKey(endpoint),
				field,
				title: `${nodeSpec.node} ${op.value} (${endpointKey(endpoint)}) ${field.name}`,
			})),
	),
);

describe("editor fields as the spec states them: required at the top, optional in Options, a control for the spec's type, with its bounds, values and default", () => {
	test('every endpoint with fields has an operation', () => {
		const covered = new Set(SPEC_FIELDS.map((f) => f.endpoint));
		const withFields = SPEC.endpoints.filter((e) => e.fields.length > 0).map(endpointKey);
		expect(withFields.filter((key) => !covered.has(key))).toEqual([]);
	});

	test.each(SPEC_FIELDS)('$title', async ({ node, operation, field }) => {
		const { property, where } = await uiProperty(node, operation, field.name);
		if (!property) throw new Error(`${field.name} has no editor field`);
		expect(where).toBe(field.required ? 'top' : 'options');
		if (field.required) expect(property.required).toBe(true);
		const type = field.enum ? 'enum' : field.in === 'path' ? 'pathId' : field.type;
		if (type) expect(CONTROLS[type]).toContain(property.type);
		if (field.min !== undefined || field.max !== undefined)
			expect(property.typeOptions).toMatchObject({ minValue: field.min, maxValue: field.max });
		if (field.enum)
			expect((property.options as Array<{ value: string }>).map((o) => o.value).sort()).toEqual(
				[...field.enum].sort(),
			);
		const fallback = editorDefault(field);
		if (fallback === undefined) return;
		// A list the spec defaults to one value may show that value alone or as a list of it.
		const shown = asSent(property, property.default);
		if (Array.isArray(shown) || Array.isArray(fallback))
			expect([shown].flat()).toEqual([fallback].flat());
		else expect(shown).toBe(fallback);
	});
});

describe('credential webDataApi', () => {
	let credential: ICredentialType;
	const data = { apiKey: 'bc_live_abc123', baseUrl: 'https://api.webdata.test//' };

	beforeAll(async () => {
		credential = (await loadPackage()).credentialTypes.webDataApi;
	});

	test('asks for a password-type API key and a base URL', () => {
		const apiKey = credential.properties.find((p) => p.name === 'apiKey');
		const baseUrl = credential.properties.find((p) => p.name === 'baseUrl');
		expect(apiKey).toMatchObject({
			type: 'string',
			required: true,
			typeOptions: { password: true },
		});
		expect(baseUrl).toMatchObject({ type: 'string', required: true });
	});

	describe('the "does not look like a Web Data API key" notice', () => {
		const shown = (apiKey: string) => {
			const notice = credential.properties.find((p) => p.name === 'keyPrefixNotice')!;
			return NodeHelpers.displayParameter({ apiKey, baseUrl: '' }, notice, null, null);
		};

		test('shows for a key typed without bc_', () => {
			expect(shown('sk_live_abc123')).toBe(true);
		});

		test('does not show for a bc_ key, nor while the field is empty', () => {
			expect(shown('bc_live_abc123')).toBe(false);
			expect(shown('')).toBe(false);
		});

		// n8n 2.x gives the editor a placeholder for a saved password (credentials.service's
		// redactValues), so a saved valid key would otherwise be called wrong on every reopening.
		test('does not show when a saved credential is reopened (n8n hides the saved key)', () => {
			expect(shown(CREDENTIAL_BLANKING_VALUE)).toBe(false);
			expect(shown(CREDENTIAL_EMPTY_VALUE)).toBe(false);
		});

		test('does not show for an expression, whose value it cannot know', () => {
			expect(shown('={{ $secrets.webdata.apiKey }}')).toBe(false);
		});
	});

	test('its texts are for a user of the published package: no local sandbox', () => {
		const texts = JSON.stringify(credential.properties);
		expect(texts).not.toMatch(/sandbox|127\.0\.0\.1|localhost|wh_demo/i);
	});

	test('its test request is GET /account on the base URL without trailing slashes, with the key', () => {
		const request = credential.test?.request as IHttpRequestOptions & { baseURL?: string };
		expect(request.method ?? 'GET').toBe('GET');
		expect(request.url).toBe('/account');
		expect(resolveCredentialValue(request.baseURL, data)).toBe('https://api.webdata.test');
		expect(
			Object.fromEntries(
				Object.entries(request.headers ?? {}).map(([name, value]) => [
					name,
					resolveCredentialValue(value, data),
				]),
			),
		).toEqual({ Authorization: 'Bearer bc_live_abc123' });
		expect(request.disableFollowRedirect).toBe(true);
	});
});

describe('every bounded number states its bounds in its description, once', () => {
	const bounded = FIELDS.filter(({ field }) => field.kind === 'number' && field.min !== undefined);
	test.each(bounded.map((entry) => ({ ...entry, title: `${entry.label} ${entry.field.name}` })))(
		'$title',
		async ({ nodeSpec, op, field }) => {
			const { property } = await uiProperty(nodeSpec.node, op.value, field.name);
			if (!property) throw new Error(`${field.name} has no editor property`);
			const note =
				field.max !== undefined ? `(${field.min} to ${field.max})` : `(at least ${field.min})`;
			// A Limit carries n8n's own description; its bounds are in the hint under it.
			const text = field.name === 'limit' ? property.hint : property.description;
			if (field.name === 'limit')
				expect(property.description).toBe('Max number of results to return');
			expect(text).toContain(note);
			expect(text!.split(note)).toHaveLength(2);
			expect(text!.match(/\(\d+ to \d+\)/g) ?? []).toHaveLength(field.max !== undefined ? 1 : 0);
		},
	);
});

describe('the subtitle under a node on the canvas is its operation label', () => {
	test('it is the literal the build writes from the operations table (npm run build writes it)', async () => {
		const { nodeTypes } = await loadPackage();
		for (const { node } of NODES)
			expect(nodeTypes[node].description.subtitle).toBe(subtitleOf(NODES));
	});

	test('an operation value has one label in every node', () => {
		const labels = new Map<string, Set<string>>();
		for (const op of NODES.flatMap((spec) => spec.operations))
			labels.set(op.value, new Set([...(labels.get(op.value) ?? []), op.name]));
		const ambiguous = [...labels].filter(([, names]) => names.size > 1);
		expect(ambiguous).toEqual([]);
	});

	test.each(NODES.flatMap((r) => r.operations.map((op) => [r.node, op.value, op.name])))(
		'%s %s shows "%s"',
		async (node, operation, label) => {
			const pkg = await loadPackage();
			const nodeType = pkg.nodeTypes[node];
			const workflowNode: INode = {
				id: 'subtitle',
				name: 'Subtitle',
				type: `${pkg.packageName}.${node}`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { operation },
			};
			const workflow = new Workflow({
				nodes: [workflowNode],
				connections: {},
				active: false,
				nodeTypes: {
					getByName: () => nodeType,
					getByNameAndVersion: () => nodeType,
					getKnownTypes: () => ({}),
				},
			});
			const shown = workflow.expression.getSimpleParameterValue(
				workflowNode,
				nodeType.description.subtitle as string,
				'internal',
				{},
			);
			expect(shown).toBe(label);
		},
	);
});

/** Every text a person reads in a node's panel: names, descriptions, hints, placeholders, notices. */
function panelTexts(properties: unknown, found: Array<{ key: string; text: string }> = []) {
	if (Array.isArray(properties)) for (const p of properties) panelTexts(p, found);
	else if (properties !== null && typeof properties === 'object')
		for (const [key, value] of Object.entries(properties)) {
			if (
				typeof value === 'string' &&
				/^(displayName|description|hint|placeholder|action|name)$/.test(key)
			)
				found.push({ key, text: value });
			else panelTexts(value, found);
		}
	return found;
}

const ALL_NODES = [...NODES.map((r) => r.node), 'webDataTrigger'];

describe("the panel's texts follow n8n's wording", () => {
	test.each(ALL_NODES)('%s says nothing of the local sandbox', async (node) => {
		const { description } = (await loadPackage()).nodeTypes[node];
		const texts = panelTexts(description.properties).map((t) => t.text);
		expect(texts.filter((t) => /sandbox|wh_demo/i.test(t))).toEqual([]);
	});

	test.each(ALL_NODES)('%s writes its placeholders as examples ("e.g. ...")', async (node) => {
		const { description } = (await loadPackage()).nodeTypes[node];
		const placeholders = panelTexts(description.properties)
			.filter((t) => t.key === 'placeholder')
			// n8n's own "Add Option" / "Add Field" buttons of a collection are not examples.
			.filter((t) => !/^Add /.test(t.text))
			.map((t) => t.text);
		expect(placeholders.filter((t) => !t.startsWith('e.g. '))).toEqual([]);
	});

	test.each(NODES.map((r) => r.node))(
		'%s describes its operations without raw routes',
		async (node) => {
			const { description } = (await loadPackage()).nodeTypes[node];
			const operation = description.properties.find((p) => p.name === 'operation')!;
			const texts = (operation.options as Array<{ description: string; action: string }>).flatMap(
				(o) => [o.description, o.action],
			);
			expect(texts.filter((t) => /\b(GET|POST|PATCH|DELETE)\b|\/[a-z]+\//.test(t))).toEqual([]);
		},
	);
});

describe('each node has an icon of its own, light and dark, in one family', () => {
	test.each(ALL_NODES)('%s', async (node) => {
		const { description } = (await loadPackage()).nodeTypes[node];
		// n8n's loader turns `icon: 'file:../../icons/...'` into the URL the editor fetches.
		const icon = description.iconUrl as { light: string; dark: string };
		for (const [variant, file] of [
			['light', `${node}.svg`],
			['dark', `${node}.dark.svg`],
		]) {
			expect(icon[variant as 'light' | 'dark']).toBe(`icons/n8n-nodes-webdata/dist/icons/${file}`);
			const svg = fs.readFileSync(path.join(__dirname, '../../icons', file), 'utf8');
			// The family: the package's frame, the same in every icon.
			expect(svg).toContain('<path d="M11 7H5v46h6"/>');
		}
	});

	test('no two nodes share a glyph', () => {
		const glyph = (node: string) =>
			fs
				.readFileSync(path.join(__dirname, '../../icons', `${node}.svg`), 'utf8')
				.replace(/<title>.*<\/title>/, '');
		expect(new Set(ALL_NODES.map(glyph)).size).toBe(ALL_NODES.length);
	});
});
