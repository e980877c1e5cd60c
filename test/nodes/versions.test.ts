/**
 * Node version 2 of the action nodes, run through n8n-core as a workflow saved at that version,
 * beside version 1 kept as it was: what the panel shows (n8n's own parameter resolution, the one
 * a saved workflow gets), what a request cannot do without checked before sending, and the
 * outputs.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { loadPackage } from '../../devkit/package';
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
