/**
 * Node version 2 of the action nodes, run through n8n-core as a workflow saved at that version,
 * beside version 1 kept as it was: what the panel shows (n8n's own parameter resolution, the one
 * a saved workflow gets), what a request cannot do without checked before sending, and the
 * outputs.
 */
import type { IDataObject, INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { loadPackage } from '../../devkit/package';
import { mergeVersions } from '../../nodes/shared/description';
import { ACCOUNT_BODY, OK_REPLY, mockApi, useNock, type Responder } from '../helpers/http';
import { runNode } from '../helpers/runNode';

useNock();

/** The parameters n8n gives a node of `type` saved at `typeVersion` with `parameters`. */
async function resolved(type: string, typeVersion: number, parameters: INodeParameters) {
	const { description } = (await loadPackage()).nodeTypes[type];
	const node = { name: 'n', type, typeVersion, position: [0, 0], parameters } as INode;
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		node,
		description,
	) as IDataObject;
}

const bodyOf = (api: ReturnType<typeof mockApi>, path: string) =>
	api.apiRequests().find((r) => r.path === path)?.body as IDataObject | undefined;

describe('what a request cannot do without is on the panel in version 2', () => {
	test.each([
		['webDataBrandAi', 'query', ['url', 'domain']],
		['webDataExtract', 'extract', ['urls', 'enableWebSearch']],
	])('%s %s: %j', async (type, operation, names) => {
		const v2 = await resolved(type, 2, { operation });
		const v1 = await resolved(type, 1, { operation });
		for (const name of names) {
			expect(v2).toHaveProperty(name);
			expect(v1).not.toHaveProperty(name);
			expect(Object.keys((v2.options as IDataObject) ?? {})).not.toContain(name);
		}
	});

	test('Brand AI > Ask sends the URL set on the panel', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataBrandAi',
			typeVersion: 2,
			parameters: { operation: 'query', query: 'Refunds?', url: 'https://example.com/faq' },
		});
		expect(error).toBeUndefined();
		expect(bodyOf(api, '/brand/ai/query')).toEqual({
			query: 'Refunds?',
			url: 'https://example.com/faq',
		});
	});

	test('Extract sends Enable Web Search set on the panel', async () => {
		const api = mockApi();
		await runNode({
			type: 'webDataExtract',
			typeVersion: 2,
			parameters: {
				operation: 'extract',
				prompt: 'Prices',
				enableWebSearch: true,
				waitForCompletion: false,
			},
		});
		expect(bodyOf(api, '/extract')).toMatchObject({ prompt: 'Prices', enableWebSearch: true });
	});
});

describe('a request missing what it needs is refused before sending, naming the labels', () => {
	const CASES = [
		{
			type: 'webDataBrandAi',
			parameters: { operation: 'query', query: 'Refunds?' },
			message: {
				1: 'Ask needs "URL" or "Domain": set "URL" (in Options), or set "Domain" (in Options) [item 1]',
				2: 'Ask needs "URL" or "Domain": set "URL", or set "Domain" [item 1]',
			},
		},
		{
			type: 'webDataExtract',
			parameters: { operation: 'extract', prompt: 'Prices', waitForCompletion: false },
			message: {
				1: 'Extract needs "URLs" or "Enable Web Search": set "URLs" (in Options), or turn on "Enable Web Search" (in Options) [item 1]',
				2: 'Extract needs "URLs" or "Enable Web Search": set "URLs", or turn on "Enable Web Search" [item 1]',
			},
		},
	];
	test.each(CASES.flatMap((c) => [1, 2].map((version) => ({ ...c, version }))))(
		'$type $parameters.operation, version $version',
		async ({ type, parameters, message, version }) => {
			const api = mockApi();
			// The first item is fine; the second lacks what it needs: nothing at all is sent.
			const key = type === 'webDataExtract' ? 'urls' : 'domain';
			const fromItem = { [key]: `={{ $json.${key} ?? "" }}` };
			const { error } = await runNode({
				type,
				typeVersion: version,
				parameters: { ...parameters, ...(version === 1 ? { options: fromItem } : fromItem) },
				items: [{ [key]: key === 'urls' ? 'https://example.com' : 'example.com' }, {}],
			});
			expect(error?.message).toBe(message[version as 1 | 2]);
			expect(error?.description).toMatch(/^Nothing was sent/);
			expect(api.apiRequests()).toEqual([]);
		},
	);

	test('Extract with Enable Web Search off and no URLs is refused (off does not count)', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataExtract',
			typeVersion: 2,
			parameters: { operation: 'extract', prompt: 'Prices', enableWebSearch: false },
		});
		expect(error?.message).toMatch(/^Extract needs "URLs" or "Enable Web Search"/);
		expect(api.apiRequests()).toEqual([]);
	});

	const update = { operation: 'update', id: 'wh_1' };

	test('Webhook > Update with no field set is refused in version 2', async () => {
		const api = mockApi();
		const { error } = await runNode({ type: 'webDataWebhook', typeVersion: 2, parameters: update });
		expect(error?.message).toBe(
			'Update needs "URL", "Events" or "Active": set "URL" (in Options), or set "Events" (in Options), or set "Active" (in Options) [item 0]',
		);
		expect(api.apiRequests()).toEqual([]);
	});

	test('Webhook > Update setting Active off is an update (false counts)', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataWebhook',
			typeVersion: 2,
			parameters: { ...update, options: { isActive: false } },
		});
		expect(error).toBeUndefined();
		expect(bodyOf(api, '/webhooks/wh_1')).toEqual({ isActive: false });
	});

	test('Webhook > Update with no field set still runs in version 1, as saved workflows did', async () => {
		const api = mockApi();
		const { error } = await runNode({ type: 'webDataWebhook', parameters: update });
		expect(error).toBeUndefined();
		expect(api.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /webhooks/wh_1']);
	});
});

describe('outputs: the data in version 2, and never a webhook secret', () => {
	const WEBHOOK = {
		id: 'wh_1',
		url: 'https://hooks.example.com/in',
		events: ['crawl.completed'],
		isActive: true,
		secret: 'whsec_do_not_leak',
	};
	const replies: Responder = (request) =>
		request.path.startsWith('/webhooks/')
			? [200, { success: true, data: WEBHOOK }]
			: OK_REPLY(request);
	const update = { operation: 'update', id: 'wh_1', options: { isActive: true } };
	const { secret: _secret, ...shown } = WEBHOOK;

	test('Account > Get returns the account in version 2, the whole answer in version 1', async () => {
		mockApi();
		const v2 = await runNode({ type: 'webDataAccount', typeVersion: 2, parameters: {} });
		expect(v2.items.map((i) => i.json)).toEqual([ACCOUNT_BODY.data]);
		mockApi();
		const v1 = await runNode({ type: 'webDataAccount', parameters: {} });
		expect(v1.items.map((i) => i.json)).toEqual([ACCOUNT_BODY]);
	});

	test('Webhook > Update returns the webhook without its secret in version 2', async () => {
		mockApi(replies);
		const { items } = await runNode({ type: 'webDataWebhook', typeVersion: 2, parameters: update });
		expect(items.map((i) => i.json)).toEqual([shown]);
	});

	test.each(['update', 'test'])(
		'Webhook > %s in version 1 keeps its answer, without the secret',
		async (operation) => {
			mockApi(replies);
			const parameters =
				operation === 'update' ? update : { operation, id: 'wh_1', event: 'crawl.completed' };
			const { items } = await runNode({ type: 'webDataWebhook', parameters });
			expect(items.map((i) => i.json)).toEqual([{ success: true, data: shown }]);
			expect(JSON.stringify(items)).not.toContain('whsec_');
		},
	);

	test('Webhook > Delete keeps an answer without data as it is', async () => {
		mockApi(() => [200, { success: true, message: 'Webhook wh_1 deleted' }]);
		const { items } = await runNode({
			type: 'webDataWebhook',
			typeVersion: 2,
			parameters: { operation: 'delete', id: 'wh_1' },
		});
		expect(items.map((i) => i.json)).toEqual([{ success: true, message: 'Webhook wh_1 deleted' }]);
	});
});

describe('lists page one way in version 2: Return All and Limit on the panel', () => {
	const LISTS = [
		['webDataMap', 'map'],
		['webDataWebsite', 'getCompetitors'],
		['webDataBrandAi', 'extractProducts'],
		['webDataJob', 'list'],
		['webDataJob', 'get'],
	];
	test.each(LISTS)('%s %s', async (type, operation) => {
		const v2 = await resolved(type, 2, { operation });
		expect(v2).toMatchObject({ returnAll: false });
		expect(v2).toHaveProperty('limit');
		expect(Object.keys(v2.options as IDataObject)).not.toContain('limit');
		expect(await resolved(type, 2, { operation, returnAll: true })).not.toHaveProperty('limit');
		const v1 = await resolved(type, 1, { operation });
		expect(v1).not.toHaveProperty('limit');
	});

	test.each([
		[false, 20, 20],
		[true, 20, 1000],
	])('Map with Return All %s and Limit %d asks for %d links', async (returnAll, limit, sent) => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataMap',
			typeVersion: 2,
			parameters: { operation: 'map', url: 'https://example.com', returnAll, limit },
		});
		expect(error).toBeUndefined();
		expect(bodyOf(api, '/map')).toEqual({ url: 'https://example.com', limit: sent });
	});

	test('Job > List reads every page 100 jobs at a time with Return All', async () => {
		const api = mockApi((request) =>
			request.path === '/jobs'
				? [
						200,
						{
							success: true,
							data: {
								jobs: [{ id: `job_${request.query.page}` }],
								pagination: { page: Number(request.query.page), totalPages: 2 },
							},
						},
					]
				: OK_REPLY(request),
		);
		const { items, error } = await runNode({
			type: 'webDataJob',
			typeVersion: 2,
			parameters: { operation: 'list', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(api.apiRequests().map((r) => r.query)).toEqual([
			{ page: '1', limit: '100' },
			{ page: '2', limit: '100' },
		]);
		expect(items.map((i) => i.json.id)).toEqual(['job_1', 'job_2']);
	});

	test('Job > List refuses a Return All that is not true or false, naming it', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataJob',
			typeVersion: 2,
			parameters: { operation: 'list', returnAll: '={{ "yes" }}' },
		});
		expect(error?.message).toBe(
			'Enter a valid "Return All": it must be true or false (got "yes") [item 0]',
		);
		expect(api.apiRequests()).toEqual([]);
	});

	test("Job > List's Status filter starts at Completed in version 2 (Cancelled in version 1)", async () => {
		const { description } = (await loadPackage()).nodeTypes.webDataJob;
		const statusDefault = (version: number) => {
			const options = description.properties.find(
				(p) =>
					p.name === 'options' &&
					p.displayOptions?.show?.operation?.includes('list') &&
					(p.displayOptions.show['@version'] ?? [version]).includes(version),
			);
			return (options?.options as Array<{ name: string; default: unknown }>).find(
				(o) => o.name === 'status',
			)?.default;
		};
		expect(statusDefault(2)).toBe('COMPLETED');
		expect(statusDefault(1)).toBe('CANCELLED');
	});
});

/** The Options entries of an operation at a node version, as the editor lists them. */
async function optionsAt(type: string, operation: string, version: number) {
	const { description } = (await loadPackage()).nodeTypes[type];
	const collection = description.properties.find(
		(p) =>
			p.name === 'options' &&
			p.displayOptions?.show?.operation?.includes(operation) &&
			(p.displayOptions.show['@version'] ?? [version]).includes(version),
	);
	return (collection?.options ?? []) as Array<{
		name: string;
		displayName: string;
		default: unknown;
		typeOptions?: IDataObject;
	}>;
}

/** Every option that is a duration, by its name. */
const DURATIONS = [
	'timeout',
	'timeoutMS',
	'waitFor',
	'maxAgeMs',
	'cacheMaxAgeMs',
	'maxWait',
	'pollInterval',
];

describe('options in version 2: durations in seconds, the cap only where it matters', () => {
	const map = { operation: 'map', url: 'https://example.com' };

	test('Map sends a Timeout entered in seconds as milliseconds', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataMap',
			typeVersion: 2,
			parameters: { ...map, returnAll: true, options: { timeout: 45.5 } },
		});
		expect(error).toBeUndefined();
		expect(bodyOf(api, '/map')).toMatchObject({ timeout: 45500 });
	});

	test('version 1 still takes milliseconds', async () => {
		const api = mockApi();
		await runNode({ type: 'webDataMap', parameters: { ...map, options: { timeout: 45000 } } });
		expect(bodyOf(api, '/map')).toMatchObject({ timeout: 45000 });
	});

	test('a duration past its bound is refused in seconds, naming the label', async () => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataMap',
			typeVersion: 2,
			parameters: { ...map, options: { timeout: 301 } },
		});
		expect(error?.message).toBe(
			'Enter a valid "Timeout (Seconds)": it must be at most 300 (got 301) [item 0]',
		);
		expect(api.apiRequests()).toEqual([]);
	});

	test("the brand example's Max Age of a day: 86400 seconds, sent as 86400000 ms", async () => {
		const api = mockApi();
		await runNode({
			type: 'webDataBrand',
			typeVersion: 2,
			parameters: { operation: 'retrieve', domain: 'example.com', options: { maxAgeMs: 86400 } },
		});
		expect(api.apiRequests()[0]?.query).toMatchObject({ maxAgeMs: '86400000' });
	});

	test('every duration option of version 2 is in seconds, every Timeout starts at 30', async () => {
		const { nodeTypes } = await loadPackage();
		const durations: string[] = [];
		for (const type of Object.keys(nodeTypes).filter((t) => t !== 'webDataTrigger'))
			for (const operation of (
				(nodeTypes[type].description.properties.find((p) => p.name === 'operation')?.options ??
					[]) as Array<{ value: string }>
			).map((o) => o.value))
				for (const option of await optionsAt(type, operation, 2)) {
					if (DURATIONS.includes(option.name))
						durations.push(`${type} ${operation} ${option.displayName}`);
					if (/^timeout/i.test(option.name)) expect([type, option.default]).toEqual([type, 30]);
				}
		expect(durations.length).toBeGreaterThan(10);
		expect(durations.filter((d) => !d.endsWith('(Seconds)'))).toEqual([]);
	});

	test.each([
		['webDataScrape', 'scrape', false],
		['webDataAccount', 'get', false],
		['webDataBrand', 'retrieve', false],
		['webDataScrape', 'batchScrape', true],
		['webDataExtract', 'extract', true],
		['webDataJob', 'list', true],
	])('%s %s offers Max Concurrent Requests: %s', async (type, operation, offered) => {
		const names = (version: number) =>
			optionsAt(type, operation, version).then((list) => list.map((o) => o.name));
		expect((await names(2)).includes('maxConcurrentRequests')).toBe(offered);
		expect(await names(1)).toContain('maxConcurrentRequests');
	});
});

describe("Extract's Schema Type in version 2: the schema on the panel", () => {
	const extract = { operation: 'extract', prompt: 'Prices', urls: 'https://example.com' };

	test('Define Using JSON Schema, the default, shows Schema (JSON); the example hides it', async () => {
		const v2 = await resolved('webDataExtract', 2, extract);
		expect(v2).toMatchObject({ schemaType: 'jsonSchema', schema: '{}' });
		const fromExample = await resolved('webDataExtract', 2, {
			...extract,
			schemaType: 'fromExample',
		});
		expect(fromExample).not.toHaveProperty('schema');
		expect(fromExample).toHaveProperty('jsonExample');
		expect(await resolved('webDataExtract', 1, extract)).not.toHaveProperty('schema');
	});

	test('the schema set on the panel is sent', async () => {
		const api = mockApi();
		const schema = '{"type": "object", "properties": {"price": {"type": "number"}}}';
		await runNode({
			type: 'webDataExtract',
			typeVersion: 2,
			parameters: { ...extract, schema, waitForCompletion: false },
		});
		expect(bodyOf(api, '/extract')).toMatchObject({ schema: JSON.parse(schema) });
	});
});

describe('mergeVersions: each version sees exactly its own parameters', () => {
	const p = (name: string, type: 'string' | 'number' = 'string') =>
		({ displayName: name, name, type, default: '' }) as INodeProperties;
	const seenAt = (list: INodeProperties[], version: number) =>
		list
			.filter((q) =>
				((q.displayOptions?.show?.['@version'] as number[] | undefined) ?? [version]).includes(
					version,
				),
			)
			.map((q) => `${q.name}:${q.type}`);

	test('two versions, then a third', () => {
		const v1 = [p('a'), p('b'), p('c')];
		const v2 = [p('a'), p('c'), p('d')];
		const v3 = [p('a', 'number'), p('c'), p('d')];
		const two = mergeVersions(v1, v2, [1], 2);
		expect(two.filter((q) => !q.displayOptions).map((q) => q.name)).toEqual(['a', 'c']);
		const three = mergeVersions(two, v3, [1, 2], 3);
		expect(seenAt(three, 1)).toEqual(['a:string', 'b:string', 'c:string']);
		expect(seenAt(three, 2)).toEqual(['a:string', 'c:string', 'd:string']);
		expect(seenAt(three, 3)).toEqual(['a:number', 'c:string', 'd:string']);
	});
});
