/**
 * Receiving deliveries: webhook() through n8n-core's WebhookContext, after a real activation
 * (against nock) so the token is the one the node generated.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';

import { MAX_EVENTS_PER_DELIVERY } from '../../nodes/WebDataTrigger/delivery';
import { FRESH_MS, forgetIssuedTokens, newToken } from '../../nodes/WebDataTrigger/token';
import { useNock } from '../helpers/http';
import { mockWebhooks, type MockWebhooks } from '../helpers/webhooks';
import {
	API_KEY,
	NODE_ID,
	ORIGINAL,
	STATIC_KEY,
	TriggerHarness,
	WEBHOOK,
	WORKFLOW_ID,
} from './harness';
import { BASE_URL } from '../helpers/runNode';
import { waitFor } from '../../devkit/wait';

// The token module is the node's own instance (jest maps the loader's dist/ require to this
// source): its memory of the latest token per binding is what a delivery meets.

function harness(parameters: IDataObject = {}) {
	return new TriggerHarness({
		parameters: {
			webhookId: WEBHOOK,
			events: ['crawl.completed'],
			otherEvents: 'extract.failed, batch_scrape.*',
			...parameters,
		},
		credentials: { apiKey: API_KEY, baseUrl: BASE_URL },
	});
}

function tokenOf(staticData: IDataObject | undefined): string {
	return String(((staticData?.[STATIC_KEY] as IDataObject).registration as IDataObject).token);
}

const CRAWL_COMPLETED = {
	event: 'crawl.completed',
	jobId: 'crawl_123',
	job: { id: 'crawl_123', status: 'COMPLETED', total: 7, completed: 7 },
	timestamp: '2026-01-01T00:00:00.000Z',
};

let h: TriggerHarness;
let token: string;
let remote: MockWebhooks;

beforeEach(async () => {
	nock.cleanAll();
	remote = mockWebhooks([{ ...ORIGINAL }]);
	h = harness();
	await h.activate();
	token = tokenOf(h.savedStaticData);
});

useNock();

describe('the token', () => {
	test('the right token and a selected event start one execution with the event, job id, receipt time and payload', async () => {
		const before = Date.now();
		const calls = remote.requests.length;
		const outcome = await h.deliver({ query: { token }, json: CRAWL_COMPLETED });
		expect(outcome.status).toBe(200);
		expect(outcome.started).toBe(true);
		expect(outcome.items).toHaveLength(1);
		const [item] = outcome.items;
		expect(item).toEqual({
			event: 'crawl.completed',
			jobId: 'crawl_123',
			receivedAt: expect.any(String),
			payload: CRAWL_COMPLETED,
		});
		expect(Date.parse(String(item.receivedAt))).toBeGreaterThanOrEqual(before - 1);
		// Receiving asks nothing of the service.
		expect(remote.requests).toHaveLength(calls);
	});

	test('a wrong token is answered 401 and starts nothing', async () => {
		const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
		const outcome = await h.deliver({ query: { token: wrong }, json: CRAWL_COMPLETED });
		expect(outcome).toMatchObject({
			status: 401,
			started: false,
			body: { error: 'Unauthorized' },
			result: { noWebhookResponse: true },
		});
	});

	test('no token is answered 401 and starts nothing', async () => {
		const outcome = await h.deliver({ json: CRAWL_COMPLETED });
		expect(outcome).toMatchObject({
			status: 401,
			started: false,
			result: { noWebhookResponse: true },
		});
	});

	test('an empty token, a repeated token parameter, or the token in another parameter are refused', async () => {
		for (const query of [
			{ token: '' },
			{ token: [token, token] },
			{ secret: token },
			{ token: `${token} ` },
		]) {
			const outcome = await h.deliver({ query, json: CRAWL_COMPLETED });
			expect([query, outcome.status, outcome.started]).toEqual([query, 401, false]);
		}
	});

	test('the token of an earlier activation is refused once a new one is in place', async () => {
		const old = token;
		await h.deactivate();
		await h.activate();
		expect(tokenOf(h.savedStaticData)).not.toBe(old);
		expect((await h.deliver({ query: { token: old }, json: CRAWL_COMPLETED })).status).toBe(401);
		expect(
			(await h.deliver({ query: { token: tokenOf(h.savedStaticData) }, json: CRAWL_COMPLETED }))
				.started,
		).toBe(true);
	});

	test('the token is checked before the body: a wrong token with a bad body is still 401', async () => {
		const outcome = await h.deliver({
			query: { token: 'nope' },
			raw: 'not json',
			headers: { 'content-type': 'text/plain' },
		});
		expect(outcome.status).toBe(401);
	});

	test('a production token does not open the test URL, nor a test token the production URL', async () => {
		await h.listen();
		await waitFor(() => remote.requests.some((r) => r.method === 'POST'));
		const testToken = tokenOf(h.testRegistration!.staticData);
		expect((await h.deliver({ query: { token }, json: CRAWL_COMPLETED, test: true })).status).toBe(
			401,
		);
		expect((await h.deliver({ query: { token: testToken }, json: CRAWL_COMPLETED })).status).toBe(
			401,
		);
		expect(
			(await h.deliver({ query: { token: testToken }, json: CRAWL_COMPLETED, test: true })).started,
		).toBe(true);
	});
});

describe('before n8n has attached or saved the static data', () => {
	const binding = (
		scope: 'test' | 'live',
		overrides: Partial<{
			apiKey: string;
			workflowId: string;
			nodeId: string;
			webhookId: string;
		}> = {},
	) => ({
		apiKey: API_KEY,
		scope,
		workflowId: WORKFLOW_ID,
		nodeId: NODE_ID,
		webhookId: WEBHOOK,
		...overrides,
	});

	test('a test delivery that arrives while create() is still running is accepted by its MAC', async () => {
		// What TestWebhooks holds while create() runs: a registration without static data.
		h.listening = true;
		h.testRegistration = undefined;
		const issued = newToken(binding('test'));
		const outcome = await h.deliver({
			query: { token: issued },
			json: CRAWL_COMPLETED,
			test: true,
		});
		expect(outcome.started).toBe(true);
	});

	test('a production delivery before the static data is saved is accepted by its MAC', async () => {
		h.savedStaticData = {};
		expect(
			(await h.deliver({ query: { token: newToken(binding('live')) }, json: CRAWL_COMPLETED }))
				.started,
		).toBe(true);
	});

	test('tokens made for another scope, workflow, node, webhook or key, or made up, are refused', async () => {
		h.savedStaticData = {};
		const refused = [
			newToken(binding('test')),
			newToken(binding('live', { workflowId: 'other-workflow' })),
			newToken(binding('live', { nodeId: 'other-node' })),
			newToken(binding('live', { webhookId: 'wh_other' })),
			newToken(binding('live', { apiKey: 'bc_someone_else' })),
			'abc.def',
			'.',
			'no-dot-at-all',
		];
		for (const presented of refused) {
			const outcome = await h.deliver({ query: { token: presented }, json: CRAWL_COMPLETED });
			expect([presented, outcome.status]).toEqual([presented, 401]);
		}
	});

	test('a token of an earlier activation is refused after deactivation, with no registration in static data', async () => {
		const old = token;
		await h.deactivate();
		expect(h.saved?.registration).toBeUndefined();
		const outcome = await h.deliver({ query: { token: old }, json: CRAWL_COMPLETED });
		expect([outcome.status, outcome.started]).toEqual([401, false]);
	});

	test('a token superseded by a newer activation is refused while static data has none', async () => {
		const old = token;
		// The earlier activation's static data never got saved: the next activation creates anew.
		h.savedStaticData = {};
		await expect(h.activate()).resolves.toEqual({ created: true });
		const fresh = tokenOf(h.savedStaticData);
		h.savedStaticData = {};
		expect((await h.deliver({ query: { token: old }, json: CRAWL_COMPLETED })).status).toBe(401);
		expect((await h.deliver({ query: { token: fresh }, json: CRAWL_COMPLETED })).started).toBe(
			true,
		);
	});

	test('the fresh token is accepted while create() runs, before n8n attaches or saves static data', async () => {
		await h.deactivate();
		const during: Array<Promise<{ attached: boolean; started: boolean }>> = [];
		remote.onRequest = (r) => {
			if (r.method !== 'PATCH' || r.body.isActive !== true) return;
			const test = String(r.body.url).includes('/webhook-test/');
			const attached = test
				? h.testRegistration !== undefined
				: h.saved?.registration !== undefined;
			const presented = new URL(String(r.body.url)).searchParams.get('token')!;
			// deliver() takes its snapshot of the static data synchronously, as of now.
			during.push(
				h
					.deliver({ query: { token: presented }, json: CRAWL_COMPLETED, test })
					.then((outcome) => ({ attached, started: outcome.started })),
			);
		};
		await h.activate();
		await h.listen();
		expect(await Promise.all(during)).toEqual([
			{ attached: false, started: true },
			{ attached: false, started: true },
		]);
	});

	test('a token older than the window is refused while static data has none', async () => {
		h.savedStaticData = {};
		const now = Date.now();
		const clock = jest.spyOn(Date, 'now');
		try {
			clock.mockReturnValue(now + FRESH_MS - 5_000);
			expect((await h.deliver({ query: { token }, json: CRAWL_COMPLETED })).started).toBe(true);
			clock.mockReturnValue(now + FRESH_MS + 5_000);
			expect((await h.deliver({ query: { token }, json: CRAWL_COMPLETED })).status).toBe(401);
		} finally {
			clock.mockRestore();
		}
	});

	test('a saved registration decides by equality, whatever the token says', async () => {
		const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 24 * 3_600_000);
		try {
			expect((await h.deliver({ query: { token }, json: CRAWL_COMPLETED })).started).toBe(true);
			const legacy = 'legacyNonceFromV1.legacyMacFromV1';
			h.savedStaticData = JSON.parse(
				JSON.stringify(h.savedStaticData).split(token).join(legacy),
			) as IDataObject;
			expect((await h.deliver({ query: { token: legacy }, json: CRAWL_COMPLETED })).started).toBe(
				true,
			);
			h.savedStaticData = {};
			expect((await h.deliver({ query: { token: legacy }, json: CRAWL_COMPLETED })).status).toBe(
				401,
			);
		} finally {
			clock.mockRestore();
		}
	});

	test('once static data is there, only its token is accepted, even if another carries a valid MAC', async () => {
		expect(
			(await h.deliver({ query: { token: newToken(binding('live')) }, json: CRAWL_COMPLETED }))
				.status,
		).toBe(401);
	});
});

describe('in another process (queue mode, or after a restart): only the saved static data', () => {
	const clone = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;

	test('a token issued before a deactivation is refused, though fresh and with a MAC of the API key', async () => {
		const old = token;
		await h.deactivate();
		expect(h.saved?.registration).toBeUndefined();
		expect(h.saved?.tokenKey).toEqual(expect.stringMatching(/^[\w-]{43}$/));
		forgetIssuedTokens();
		const outcome = await h.deliver({ query: { token: old }, json: CRAWL_COMPLETED });
		expect([outcome.status, outcome.started]).toEqual([401, false]);
	});

	test('a new activation whose registration is not saved yet: its token passes by the saved token key, not an older one', async () => {
		const old = token;
		await h.deactivate();
		const savedAtDeactivation = clone(h.savedStaticData);
		await h.activate();
		const fresh = tokenOf(h.savedStaticData);
		// The other process still reads what n8n saved at the deactivation.
		h.savedStaticData = savedAtDeactivation;
		forgetIssuedTokens();
		expect((await h.deliver({ query: { token: fresh }, json: CRAWL_COMPLETED })).started).toBe(
			true,
		);
		expect((await h.deliver({ query: { token: old }, json: CRAWL_COMPLETED })).status).toBe(401);
	});

	test('every deactivation replaces the token key; an activation keeps it', async () => {
		await h.deactivate();
		const first = h.saved?.tokenKey;
		await h.activate();
		expect(h.saved?.tokenKey).toBe(first);
		await h.deactivate();
		expect(h.saved?.tokenKey).toEqual(expect.any(String));
		expect(h.saved?.tokenKey).not.toBe(first);
	});

	test('a token made with the API key alone is refused once the static data holds a token key', async () => {
		await h.deactivate();
		h.savedStaticData = { [STATIC_KEY]: { tokenKey: h.saved?.tokenKey } };
		forgetIssuedTokens();
		const bare = newToken({
			apiKey: API_KEY,
			scope: 'live',
			workflowId: WORKFLOW_ID,
			nodeId: NODE_ID,
			webhookId: WEBHOOK,
		});
		forgetIssuedTokens();
		expect((await h.deliver({ query: { token: bare }, json: CRAWL_COMPLETED })).status).toBe(401);
	});
});

describe('the body', () => {
	test('JSON that n8n cannot parse never reaches the node (n8n answers 422 itself)', async () => {
		const outcome = await h.deliver({
			query: { token },
			raw: '{"event": "crawl.completed",',
			headers: { 'content-type': 'application/json' },
		});
		expect(outcome).toMatchObject({ status: 422, started: false });
		expect(outcome.result).toBeUndefined();
	});

	test.each([
		['text that is not JSON', 'crawl.completed', 'text/plain'],
		['a form', 'event=crawl.completed&jobId=1', 'application/x-www-form-urlencoded'],
		['an empty body', '', 'application/json'],
		['no body and no content type', undefined, undefined],
		['an empty JSON array', '[]', 'application/json'],
		['an array holding a text', '[{"event":"crawl.completed"},"x"]', 'application/json'],
		['a JSON string', '"crawl.completed"', 'application/json'],
		['JSON null', 'null', 'application/json'],
		['malformed JSON with another content type', '{"event":', 'application/octet-stream'],
	])('%s is answered 400 and starts nothing', async (_name, raw, contentType) => {
		const outcome = await h.deliver({
			query: { token },
			raw,
			headers: contentType ? { 'content-type': contentType } : {},
		});
		expect(outcome).toMatchObject({
			status: 400,
			started: false,
			result: { noWebhookResponse: true },
		});
		expect(outcome.body).toEqual({ error: expect.any(String) });
	});

	test('a JSON object is accepted whatever the content type says', async () => {
		for (const contentType of [
			'application/json; charset=utf-8',
			'text/plain',
			'application/vnd.webdata+json',
			'',
		]) {
			const outcome = await h.deliver({
				query: { token },
				raw: JSON.stringify(CRAWL_COMPLETED),
				headers: contentType ? { 'content-type': contentType } : {},
			});
			expect([contentType, outcome.started]).toEqual([contentType, true]);
			expect(outcome.items[0].payload).toEqual(CRAWL_COMPLETED);
		}
	});
});

describe('events', () => {
	test('an event the user did not select is acknowledged 200 and starts nothing', async () => {
		const outcome = await h.deliver({
			query: { token },
			json: { ...CRAWL_COMPLETED, event: 'crawl.failed' },
		});
		expect(outcome).toMatchObject({
			status: 200,
			started: false,
			body: { received: true, ignored: true, event: 'crawl.failed' },
		});
		expect(outcome.result?.workflowData).toBeUndefined();
	});

	test('events typed into Other Events start the workflow, patterns included', async () => {
		for (const event of ['extract.failed', 'batch_scrape.completed', 'batch_scrape.failed']) {
			const outcome = await h.deliver({ query: { token }, json: { event, jobId: 'j1' } });
			expect([event, outcome.started, outcome.items[0]?.event]).toEqual([event, true, event]);
		}
		expect(
			(await h.deliver({ query: { token }, json: { event: 'batch_scraper.completed' } })).started,
		).toBe(false);
	});

	test('the event name is taken from `type` when `event` is absent, if it looks like an event name', async () => {
		const named = await h.deliver({
			query: { token },
			json: { type: 'crawl.completed', id: 'crawl_9' },
		});
		expect(named.items[0]).toMatchObject({ event: 'crawl.completed', jobId: 'crawl_9' });
		const ignored = await h.deliver({ query: { token }, json: { type: 'extract.completed' } });
		expect(ignored.started).toBe(false);
	});

	test('a payload that names no event still starts the workflow (the service sent it for a subscription)', async () => {
		const outcome = await h.deliver({ query: { token }, json: { type: 'crawl', job: { id: 42 } } });
		expect(outcome.started).toBe(true);
		expect(outcome.items[0]).toMatchObject({ event: null, jobId: '42' });
	});

	test('the job id comes from jobId, job_id, job.id or id, else null', async () => {
		const cases: Array<[IDataObject, string | null]> = [
			[{ jobId: 'a', job: { id: 'b' }, id: 'c' }, 'a'],
			[{ job_id: 'd', id: 'c' }, 'd'],
			[{ job: { id: 'b' }, id: 'c' }, 'b'],
			[{ id: 'c' }, 'c'],
			[{ data: { whatever: true } }, null],
		];
		for (const [fields, jobId] of cases) {
			const outcome = await h.deliver({
				query: { token },
				json: { event: 'crawl.completed', ...fields },
			});
			expect([fields, outcome.items[0].jobId]).toEqual([fields, jobId]);
		}
	});

	test('an array of events starts one execution with an item per selected event, in order', async () => {
		const outcome = await h.deliver({
			query: { token },
			json: [
				{ ...CRAWL_COMPLETED, jobId: 'crawl_1' },
				{ event: 'crawl.failed', jobId: 'crawl_2' },
				{ event: 'extract.failed', jobId: 'ex_3' },
			],
		});
		expect(outcome.started).toBe(true);
		expect(outcome.items.map((item) => [item.event, item.jobId])).toEqual([
			['crawl.completed', 'crawl_1'],
			['extract.failed', 'ex_3'],
		]);
	});

	test('an array of events none of which is selected is acknowledged 200 and starts nothing', async () => {
		const outcome = await h.deliver({
			query: { token },
			json: [{ event: 'crawl.failed' }, { event: 'crawl.started' }],
		});
		expect(outcome).toMatchObject({
			status: 200,
			started: false,
			body: { received: true, ignored: true, events: ['crawl.failed', 'crawl.started'] },
		});
	});

	test('an array of more events than one delivery may carry is answered 400', async () => {
		const events = Array.from({ length: MAX_EVENTS_PER_DELIVERY + 1 }, () => CRAWL_COMPLETED);
		const outcome = await h.deliver({ query: { token }, json: events });
		expect(outcome).toMatchObject({ status: 400, started: false });
		expect(outcome.body).toEqual({ error: expect.stringContaining(`${MAX_EVENTS_PER_DELIVERY}`) });
	});

	test('each delivery yields exactly one execution with one item', async () => {
		const outcomes = await Promise.all(
			[1, 2, 3].map((n) =>
				h.deliver({ query: { token }, json: { ...CRAWL_COMPLETED, jobId: `crawl_${n}` } }),
			),
		);
		expect(outcomes.map((o) => [o.started, o.items.length, o.items[0].jobId])).toEqual([
			[true, 1, 'crawl_1'],
			[true, 1, 'crawl_2'],
			[true, 1, 'crawl_3'],
		]);
	});
});
