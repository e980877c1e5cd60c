/**
 * A hostile or broken API, through real n8n-core with nock: redirects to another origin (the key
 * must not follow, no body from elsewhere comes out), answers too large to hold, echoes of the key
 * in any spelling, and 4xx answers that must not be retried.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import nock from 'nock';

import { API_KEY, BASE_URL, runNode, type RunNodeOptions } from '../helpers/runNode';
import { mockApi, OK_REPLY, useNock } from '../helpers/http';

useNock();

const ELSEWHERE = 'https://elsewhere.example';

const OPERATIONS: Array<[string, RunNodeOptions]> = [
	['GET', { type: 'webDataBrand', parameters: { operation: 'retrieve', domain: 'acme.com' } }],
	[
		'POST',
		{
			type: 'webDataScrape',
			parameters: {
				operation: 'batchScrape',
				urls: 'https://a.example/1',
				waitForCompletion: false,
			},
		},
	],
	[
		'PATCH',
		{
			type: 'webDataWebhook',
			parameters: { operation: 'update', id: 'wh_1', options: { isActive: true } },
		},
	],
	['DELETE', { type: 'webDataWebhook', parameters: { operation: 'delete', id: 'wh_1' } }],
];

/** The other origin: records whatever reaches it and answers with a body that must never come out. */
function elsewhere() {
	const seen: string[] = [];
	const scope = nock(ELSEWHERE).persist();
	for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])
		scope
			.intercept(() => true, method)
			.query(true)
			.reply(function (uri) {
				seen.push(`${method} ${uri} ${String(this.req.headers.authorization ?? '')}`);
				return [200, { success: true, data: { brand: { title: 'from elsewhere' } } }];
			});
	return seen;
}

describe('redirects are not followed: the key stays with the Base URL', () => {
	for (const [method, options] of OPERATIONS) {
		for (const status of [301, 302, 303, 307, 308]) {
			test(`${method} answered ${status} to another origin`, async () => {
				const seen = elsewhere();
				const api = mockApi((request) =>
					request.path === '/account'
						? OK_REPLY(request)
						: [status, '', { Location: `${ELSEWHERE}/steal?from=${request.path}` }],
				);

				const { items, error } = await runNode(options);

				expect(items).toEqual([]);
				expect(error?.message).toContain(`redirect (HTTP ${status}) to ${ELSEWHERE}`);
				expect(error?.message).toContain('not followed');
				expect(seen).toEqual([]);
				expect(JSON.stringify(error)).not.toContain('from elsewhere');
				expect(api.apiRequests().map((r) => r.method)).toEqual([method]);
			});
		}
	}

	test('a redirect within the same origin is not followed either', async () => {
		const api = mockApi((request) =>
			request.path === '/brand/retrieve'
				? [302, '', { Location: `${BASE_URL}/brand/other` }]
				: OK_REPLY(request),
		);
		const { error } = await runNode(OPERATIONS[0][1]);
		expect(error?.message).toContain(`redirect (HTTP 302) to ${BASE_URL}`);
		expect(api.apiRequests().map((r) => r.path)).toEqual(['/brand/retrieve']);
	});
});

describe('answers too large to hold', () => {
	let server: Server;
	let baseUrl: string;
	let served = 0;
	let requests = 0;

	beforeAll(async () => {
		// A real server on loopback: nock would buffer the whole stream before replying.
		server = createServer((req, res) => {
			if (req.url?.startsWith('/account')) {
				res.setHeader('content-type', 'application/json');
				res.end(JSON.stringify({ success: true, data: {} }));
				return;
			}
			requests++;
			res.writeHead(200, { 'content-type': 'application/json' });
			const chunk = Buffer.alloc(1024 * 1024, 'a');
			const pump = () => {
				while (served < 400 * 1024 * 1024 && !res.destroyed) {
					served += chunk.length;
					if (!res.write(chunk)) return void res.once('drain', pump);
				}
				res.end();
			};
			pump();
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));

	test('an endless answer fails at the size cap with a clear error, tried once', async () => {
		const { items, error } = await runNode({
			...OPERATIONS[0][1],
			credentials: { apiKey: API_KEY, baseUrl },
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(/larger than 64 MB; it was not read/);
		expect(error?.description).toMatch(/Limit/);
		expect(requests).toBe(1);
		// The read stopped near the cap, not at the end of what the server would send.
		expect(served).toBeLessThan(128 * 1024 * 1024);
	});
});

describe('the key echoed back is masked in every spelling', () => {
	const spellings: Array<[string, string]> = [
		['as is', API_KEY],
		['URL-encoded', encodeURIComponent(API_KEY).replace(/_/g, '%5F')],
		['base64', Buffer.from(API_KEY).toString('base64')],
		['base64url', Buffer.from(API_KEY).toString('base64url')],
		['upper case', API_KEY.toUpperCase()],
		['lower case', API_KEY.toLowerCase()],
	];
	for (const [name, echoed] of spellings) {
		test(name, async () => {
			mockApi((request) =>
				request.path === '/account'
					? OK_REPLY(request)
					: [401, { success: false, error: `bad key ${echoed}`, detail: { key: echoed } }],
			);
			const { error } = await runNode(OPERATIONS[0][1]);
			const shown = JSON.stringify([error, error?.message, error?.description]);
			expect(error?.message).toContain('bad key bc_***');
			expect(shown.toLowerCase()).not.toContain(API_KEY.toLowerCase());
			const decoded = decodeURIComponent(shown);
			expect(decoded.toLowerCase()).not.toContain(API_KEY.toLowerCase());
			expect(shown).not.toContain(Buffer.from(API_KEY).toString('base64').slice(0, 20));
		});
	}
});

describe('no 4xx but 429 is retried', () => {
	for (const status of [400, 401, 403, 404, 409, 414, 422, 431]) {
		test(`${status}: one request, an error with the status`, async () => {
			const api = mockApi((request) =>
				request.path === '/account'
					? OK_REPLY(request)
					: [status, { success: false, error: `refused ${status}` }],
			);
			const { error } = await runNode(OPERATIONS[0][1]);
			expect(error?.message).toContain(`(HTTP ${status}): refused ${status}`);
			expect(api.apiRequests()).toHaveLength(1);
		});
	}
});
