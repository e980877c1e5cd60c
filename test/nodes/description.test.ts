/**
 * What the editor and AI agents see: every action node is usable as a tool, required fields are
 * top-level and optional ones sit in Options, and the credential authenticates with the bearer
 * header and tests itself with GET /account.
 */
import type { ICredentialType, IHttpRequestOptions, INode, INodeProperties } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/shared/endpoints';
import type { FieldSpec } from '../../nodes/shared/endpoints';
import { applyGenericAuth, resolveCredentialValue } from '../helpers/credentials';
import { uiProperty } from '../helpers/expectations';
import { loadPackage } from '../../devkit/package';
import { FIELDS } from '../helpers/table';

const EDITOR_TYPES: Record<FieldSpec['kind'], string> = {
	string: 'string',
	number: 'number',
	boolean: 'boolean',
	options: 'options',
	multiOptions: 'multiOptions',
	stringList: 'string',
	json: 'json',
	jobId: 'resourceLocator',
};

test.each(RESOURCES.map((r) => r.node))(
	'%s is usable as a tool, with a description and an action per operation',
	async (node) => {
		const { description } = (await loadPackage()).nodeTypes[node];
		expect(description.usableAsTool).toBe(true);
		expect(description.description.length).toBeGreaterThan(10);
		const operation = description.properties.find((p) => p.name === 'operation');
		expect(operation?.noDataExpression).toBe(true);
		for (const option of (operation?.options ?? []) as Array<{
			action?: string;
			description?: string;
		}>) {
			expect(option.action).toBeTruthy();
			expect(option.description).toBeTruthy();
		}
	},
);

describe("editor fields: required at the top, optional in Options, with the table's type, bounds, options and default", () => {
	test.each(FIELDS.map((entry) => ({ ...entry, title: `${entry.label} ${entry.field.name}` })))(
		'$title',
		async ({ resource, op, field }) => {
			const { property, where } = await uiProperty(resource.node, op.value, field.name);
			expect(where).toBe(field.required ? 'top' : 'options');
			expect(property?.displayName).toBe(field.displayName);
			expect(property?.type).toBe(EDITOR_TYPES[field.kind]);
			if (field.required) expect(property?.required).toBe(true);
			if (field.kind === 'number')
				expect(property?.typeOptions).toMatchObject({ minValue: field.min, maxValue: field.max });
			if (field.options)
				expect(
					(property?.options as INodeProperties['options'])
						?.map((o) => (o as { value: string }).value)
						.sort(),
				).toEqual(field.options.map((o) => o.value).sort());
			if (field.default !== undefined) expect(property?.default).toEqual(field.default);
		},
	);
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

	test('its generic authenticate sends Authorization: Bearer <apiKey> and nothing else', () => {
		expect(typeof credential.authenticate).toBe('object');
		expect((credential.authenticate as { type: string }).type).toBe('generic');
		const authenticated = applyGenericAuth(credential, data, {
			url: '/x',
			headers: { Accept: 'application/json' },
		});
		expect(authenticated.headers).toEqual({
			Accept: 'application/json',
			Authorization: 'Bearer bc_live_abc123',
		});
		expect(authenticated.qs).toBeUndefined();
		expect(authenticated.body).toBeUndefined();
	});

	test('its test request is GET /account on the base URL without trailing slashes', () => {
		const request = credential.test?.request as IHttpRequestOptions & { baseURL?: string };
		expect(request.method ?? 'GET').toBe('GET');
		expect(request.url).toBe('/account');
		expect(resolveCredentialValue(request.baseURL, data)).toBe('https://api.webdata.test');
	});
});

describe('every bounded number states its bounds in its description, once', () => {
	const bounded = FIELDS.filter(({ field }) => field.kind === 'number' && field.min !== undefined);
	test.each(bounded.map((entry) => ({ ...entry, title: `${entry.label} ${entry.field.name}` })))(
		'$title',
		async ({ resource, op, field }) => {
			const { property } = await uiProperty(resource.node, op.value, field.name);
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
	test.each(RESOURCES.flatMap((r) => r.operations.map((op) => [r.node, op.value, op.name])))(
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
