/**
 * What users expect of an n8n node when it runs: items in, items out with pairedItem; Continue On
 * Fail; API errors as NodeApiError with the status and the API's message; the API key never in an
 * error; a malformed key refused before sending; base URLs with trailing slashes; and every item
 * validated before the first request.
 */
import nock from 'nock';

import { mockApi, useNock } from '../helpers/http';
import { TestCredentialsHelper } from '../helpers/credentials';
import { API_KEY, BASE_URL, runNode, type RunNodeResult } from '../helpers/runNode';

useNock();

const retrieve = (domain: string) => ({ operation: 'retrieve', domain, options: {} });
const byItem = retrieve('={{ $json.domain }}');

/** Answers each brand lookup with the domain it was asked for. */
const echoDomain = mockApiEcho;
function mockApiEcho(status = 200) {
	return mockApi((request) =>
		request.path === '/account'
			? [200, { success: true, data: { plan: { concurrency: 10, rateLimitPerMinute: 6000 } } }]
			: [
					status,
					{
						success: true,
						data: { status: 'ok', code: 200, brand: { domain: request.query.domain } },
					},
				],
	);
}

describe('items and pairedItem', () => {
	test('one output item per input item, in order, each paired with its input', async () => {
		const api = echoDomain();
		const domains = ['acme.com', 'globex.com', 'initech.com'];

		const { items, error } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items: domains.map((domain) => ({ domain })),
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => (i.json.data as { brand: { domain: string } }).brand.domain)).toEqual(
			domains,
		);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(api.apiRequests()).toHaveLength(3);
	});
});

describe('parameters read for many items', () => {
	test('constant options and per-item expressions (inside the options too) each reach their own request', async () => {
		const api = echoDomain();
		const domains = ['acme.com', 'globex.com', 'initech.com'];
		const parameters = {
			operation: 'retrieve',
			domain: '={{ $json.domain }}',
			options: { maxSpeed: true, forceLanguage: '={{ $json.lang }}', timeoutMS: 5000 },
		};

		const { error } = await runNode({
			type: 'webDataBrand',
			parameters,
			items: domains.map((domain, i) => ({ domain, lang: `l${i}` })),
		});

		expect(error).toBeUndefined();
		const sent = api.apiRequests().sort((a, b) => a.query.domain.localeCompare(b.query.domain));
		expect(
			sent.map((r) => [r.query.domain, r.query.forceLanguage, r.query.maxSpeed, r.query.timeoutMS]),
		).toEqual([
			['acme.com', 'l0', 'true', '5000'],
			['globex.com', 'l1', 'true', '5000'],
			['initech.com', 'l2', 'true', '5000'],
		]);
	});

	test('the credential is decrypted once per execution (the plan read goes through the same client), not once per request', async () => {
		echoDomain();
		const domains = Array.from({ length: 12 }, (_, i) => ({ domain: `site${i}.example` }));

		const { error, credentialDecryptions } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items: domains,
		});

		expect(error).toBeUndefined();
		expect(credentialDecryptions).toBe(1);
	});
});

describe('validation of every item comes before any request', () => {
	const items = [{ domain: 'acme.com' }, { domain: 'globex.com' }, { domain: 'not a domain' }];

	test('item 2 invalid: nothing is sent for items 0 and 1 either', async () => {
		const api = echoDomain();

		const { error, items: out } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items,
		});

		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toContain('"Domain"');
		expect(error?.message).toContain('[item 2]');
		expect(out).toEqual([]);
		api.expectNothingSent();
	});

	test('with Continue On Fail, items 0 and 1 are sent and item 2 becomes an error item', async () => {
		const api = echoDomain();

		const { error, items: out } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items,
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(api.apiRequests().map((r) => r.query.domain)).toEqual(['acme.com', 'globex.com']);
		expect(out).toHaveLength(3);
		expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[2].json.error).toEqual(expect.stringContaining('"Domain"'));
	});
});

describe('Continue On Fail', () => {
	test('a validation error and an API error become error items; the other items go on', async () => {
		const api = mockApi((request) => {
			if (request.path === '/account')
				return [200, { success: true, data: { plan: { concurrency: 1 } } }];
			if (request.query.domain === 'missing.com')
				return [404, { success: false, error: 'No brand found for missing.com' }];
			return [200, { success: true, data: { brand: { domain: request.query.domain } } }];
		});

		const { items, error } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items: [
				{ domain: 'acme.com' },
				{ domain: 'bad domain' },
				{ domain: 'missing.com' },
				{ domain: 'globex.com' },
			],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(items[0].json).toEqual({ success: true, data: { brand: { domain: 'acme.com' } } });
		expect(items[1].json.error).toEqual(
			expect.stringContaining('Enter a valid "Domain": it must be a domain'),
		);
		expect(items[2].json.error).toEqual(expect.stringContaining('No brand found for missing.com'));
		expect(items[2].json.httpCode).toBe('404');
		expect(items[3].json).toEqual({ success: true, data: { brand: { domain: 'globex.com' } } });
		expect(api.apiRequests().map((r) => r.query.domain)).toEqual([
			'acme.com',
			'missing.com',
			'globex.com',
		]);
	});
});

describe('a refused node option', () => {
	const MESSAGE =
		'Enter a valid "Max Concurrent Requests": it must be a whole number from 1 to 50 (got -1) [item 0]';
	const parameters = { ...byItem, options: { maxConcurrentRequests: -1 } };
	const items = [{ domain: 'acme.com' }, { domain: 'globex.com' }, { domain: 'initech.com' }];

	test('with Continue On Fail: every item carries the error, nothing is sent, the execution goes on', async () => {
		const api = echoDomain();
		const result = await runNode({ type: 'webDataBrand', parameters, items, continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.run.data.resultData.error).toBeUndefined();
		expect(result.items).toEqual(
			[0, 1, 2].map((item) => ({
				json: { error: MESSAGE, description: 'Nothing was sent to the Web Data API.' },
				pairedItem: { item },
			})),
		);
		api.expectNothingSent();
	});

	test('without it, the node fails with that error and sends nothing', async () => {
		const api = echoDomain();
		const result = await runNode({ type: 'webDataBrand', parameters, items });

		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe(MESSAGE);
		expect(result.items).toEqual([]);
		expect(result.run.data.resultData.error?.message).toBe(MESSAGE);
		api.expectNothingSent();
	});
});

describe('API errors', () => {
	test.each([
		[400, 'domain must not be an IP address'],
		[402, 'Out of credits'],
		[404, 'No brand found for acme.com'],
	])(
		'HTTP %d becomes NodeApiError with the status and the API message',
		async (status, message) => {
			mockApi(() => [status, { success: false, error: message }]);

			const { error, items } = await runNode({
				type: 'webDataBrand',
				parameters: retrieve('acme.com'),
			});

			expect(items).toEqual([]);
			expect(error?.name).toBe('NodeApiError');
			expect(error?.httpCode).toBe(String(status));
			expect(error?.message).toContain(message);
			expect(error?.message).toContain(String(status));
		},
	);
});

describe('the failing item is named', () => {
	test('an API error of item 2 carries item index 2, and nothing after it is sent at concurrency 1', async () => {
		const api = mockApi((request) =>
			request.path === '/account'
				? [200, { success: true, data: { plan: { concurrency: 1, rateLimitPerMinute: 6000 } } }]
				: request.query.domain === 'missing.com'
					? [404, { success: false, error: 'no brand for missing.com' }]
					: [200, { success: true, data: { brand: { domain: request.query.domain } } }],
		);
		const domains = ['acme.com', 'globex.com', 'missing.com', 'initech.com', 'umbrella.com'];

		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items: domains.map((domain) => ({ domain })),
		});

		expect(error?.message).toContain('no brand for missing.com');
		expect(error?.context?.itemIndex).toBe(2);
		expect(api.apiRequests().map((r) => r.query.domain)).not.toContain('umbrella.com');
	});

	test('under Continue On Fail each error item names its own item', async () => {
		mockApi((request) =>
			request.query.domain?.startsWith('missing')
				? [404, { success: false, error: `no brand for ${request.query.domain}` }]
				: [200, { success: true, data: {} }],
		);
		const domains = ['missing0.com', 'acme.com', 'missing2.com'];

		const { items, error } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items: domains.map((domain) => ({ domain })),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error ?? 'ok')).toEqual([
			expect.stringContaining('missing0.com'),
			'ok',
			expect.stringContaining('missing2.com'),
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('the API key never appears in an error', () => {
	function expectNoKey(result: RunNodeResult) {
		const { error } = result;
		expect(error).toBeDefined();
		expect(error?.message ?? '').not.toContain(API_KEY);
		expect(error?.description ?? '').not.toContain(API_KEY);
		expect(JSON.stringify(error)).not.toContain(API_KEY);
		expect(JSON.stringify(result.run.data.resultData)).not.toContain(API_KEY);
	}

	test.each([400, 401, 403, 404])('HTTP %d', async (status) => {
		// n8n retries a 401 once after re-authenticating, so every status may be asked twice.
		mockApi(() => [status, { success: false, error: 'refused' }]);
		expectNoKey(await runNode({ type: 'webDataBrand', parameters: retrieve('acme.com') }));
	});

	test('HTTP 500 on a POST (not retried)', async () => {
		mockApi(() => [500, { success: false, error: 'internal' }]);
		expectNoKey(
			await runNode({
				type: 'webDataBrand',
				parameters: { operation: 'getProfile', url: 'https://acme.com' },
			}),
		);
	});

	test.each([
		['a connection reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
		['an error without a code', 'boom'],
	])('a network failure: %s', async (_label, failure) => {
		nock(BASE_URL).post('/brand').replyWithError(failure);
		expectNoKey(
			await runNode({
				type: 'webDataBrand',
				parameters: { operation: 'getProfile', url: 'https://acme.com' },
			}),
		);
	});

	/** A double that puts the key it was sent back into its error body, as a careless service might. */
	function echoKey(status: number, shape: 'json' | 'text') {
		return mockApi((request) => {
			const key = request.headers.authorization.replace(/^Bearer /, '');
			if (request.path === '/account')
				return [200, { success: true, data: { plan: { concurrency: 10 } } }];
			return shape === 'json'
				? [status, { success: false, error: `Key ${key} may not do this`, detail: { key } }]
				: [status, `Forbidden for key ${key}`, { 'content-type': 'text/plain' }];
		});
	}

	function expectMasked(result: RunNodeResult, api: ReturnType<typeof mockApi>) {
		// The double really did see (and echo) the key.
		expect(api.apiRequests()[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
		expectNoKey(result);
		const { error } = result;
		expect(JSON.stringify(error?.context ?? {})).not.toContain(API_KEY);
		// What the service said is still shown, with the key masked.
		expect(`${error?.message} ${error?.description}`).toContain('bc_***');
	}

	test.each([400, 403])(
		'HTTP %d whose JSON error body echoes the key: masked in message, description and context',
		async (status) => {
			const api = echoKey(status, 'json');
			const result = await runNode({ type: 'webDataBrand', parameters: retrieve('acme.com') });
			expect(result.error?.message).toContain('Key bc_*** may not do this');
			expectMasked(result, api);
		},
	);

	test('HTTP 500 on a POST whose JSON body echoes the key', async () => {
		const api = echoKey(500, 'json');
		const result = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'getProfile', url: 'https://acme.com' },
		});
		expectMasked(result, api);
	});

	test('a non-JSON error body that echoes the key', async () => {
		const api = echoKey(403, 'text');
		const result = await runNode({ type: 'webDataBrand', parameters: retrieve('acme.com') });
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toContain('Forbidden for key bc_***');
		expectMasked(result, api);
	});

	test('a 200 body that is not JSON and echoes the key', async () => {
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.reply(function () {
				return [
					200,
					`<html>key=${String(this.req.headers.authorization).replace(/^Bearer /, '')}</html>`,
				];
			});
		const result = await runNode({ type: 'webDataBrand', parameters: retrieve('acme.com') });
		expectNoKey(result);
		expect(result.error?.description).toContain('key=bc_***');
	});

	test('an error item under Continue On Fail whose body echoes the key', async () => {
		echoKey(401, 'json');
		const result = await runNode({
			type: 'webDataBrand',
			parameters: retrieve('acme.com'),
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(1);
		expect(JSON.stringify(result.items)).not.toContain(API_KEY);
		expect(String(result.items[0].json.error)).toContain('bc_***');
	});

	test('an error item under Continue On Fail', async () => {
		mockApi(() => [401, { success: false, error: 'Invalid API key' }]);
		const result = await runNode({
			type: 'webDataBrand',
			parameters: retrieve('acme.com'),
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(1);
		expect(JSON.stringify(result.items)).not.toContain(API_KEY);
		expect(result.items[0].json.error).toEqual(expect.stringContaining('Invalid API key'));
	});
});

describe('credentials', () => {
	test('the bearer header is set from one read of the credential: no per-request expression', async () => {
		const authenticate = jest.spyOn(TestCredentialsHelper.prototype, 'authenticate');
		try {
			const api = echoDomain();
			const { error, credentialDecryptions } = await runNode({
				type: 'webDataBrand',
				parameters: byItem,
				items: [{ domain: 'acme.com' }, { domain: 'globex.com' }, { domain: 'initech.com' }],
			});

			expect(error).toBeUndefined();
			// The plan read and three lookups, each with the key, none through n8n's authenticate.
			expect(api.requests).toHaveLength(4);
			for (const request of api.requests)
				expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
			expect(authenticate).not.toHaveBeenCalled();
			expect(credentialDecryptions).toBe(1);
		} finally {
			authenticate.mockRestore();
		}
	});

	test.each([
		['a key without bc_', 'sk_live_123'],
		['an empty key', ''],
	])('%s is refused with a clear message, nothing is sent', async (_label, apiKey) => {
		const api = mockApi();

		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: retrieve('acme.com'),
			credentials: { apiKey, baseUrl: BASE_URL },
		});

		expect(error?.message).toMatch(/key/i);
		expect(error?.message).toContain('bc_');
		api.expectNothingSent();
	});

	test('several items with a bad key: nothing is sent, not even the plan read', async () => {
		const api = mockApi();

		const { error } = await runNode({
			type: 'webDataBrand',
			parameters: byItem,
			items: [{ domain: 'acme.com' }, { domain: 'globex.com' }],
			credentials: { apiKey: 'sk_live_123', baseUrl: BASE_URL },
		});

		expect(error?.message).toContain('bc_');
		api.expectNothingSent();
	});

	test.each([`${BASE_URL}/`, `${BASE_URL}///`])(
		'base URL %s: the path is joined without double slashes',
		async (baseUrl) => {
			const api = mockApi();

			const { error } = await runNode({
				type: 'webDataBrand',
				parameters: retrieve('acme.com'),
				credentials: { apiKey: API_KEY, baseUrl },
			});

			expect(error).toBeUndefined();
			expect(api.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
				'GET /brand/retrieve',
			]);
		},
	);

	test('a base URL with a path prefix keeps it', async () => {
		const api = mockApi();

		const { error } = await runNode({
			type: 'webDataAccount',
			parameters: { operation: 'get' },
			credentials: { apiKey: API_KEY, baseUrl: `${BASE_URL}/v1/` },
		});

		expect(error).toBeUndefined();
		expect(api.apiRequests().map((r) => r.path)).toEqual(['/v1/account']);
	});
});
