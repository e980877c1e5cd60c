/**
 * The trigger's webhook lifecycle (checkExists / create / delete) through n8n-core's HookContext,
 * against nock: activation, re-activation, deactivation, "Listen for test event", 404 and 500.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { maskError } from '../../nodes/shared/transport/errors';
import { queryMask } from '../../nodes/WebDataTrigger/registration';

import { useNock } from '../helpers/http';
import { mockWebhooks, type MockWebhooks } from '../helpers/webhooks';
import { API_KEY, ORIGINAL, PATH, STATIC_KEY, TriggerHarness, WEBHOOK } from './harness';
import { BASE_URL } from '../helpers/runNode';
import { waitFor } from '../../devkit/wait';

function harness(parameters: IDataObject = {}) {
	return new TriggerHarness({
		parameters: {
			webhookId: WEBHOOK,
			events: ['crawl.completed'],
			otherEvents: 'extract.failed',
			...parameters,
		},
		credentials: { apiKey: API_KEY, baseUrl: BASE_URL },
	});
}

function copy<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

function registrationOf(staticData: IDataObject | undefined): IDataObject | undefined {
	return (staticData?.[STATIC_KEY] as IDataObject | undefined)?.registration as
		| IDataObject
		| undefined;
}

beforeEach(() => {
	nock.cleanAll();
});

useNock();

// Parameter names, types and the credential are frozen in frozenVersions.test.ts, the icons in
// description.test.ts; here is what n8n reads to treat the node as a trigger, and its texts.
describe('description', () => {
	test('a trigger n8n calls with POST, with no input, not offered to agents as a tool', () => {
		const { description } = harness().nodeType;
		expect(description).toMatchObject({
			group: ['trigger'],
			inputs: [],
			webhooks: [{ httpMethod: 'POST', responseMode: 'onReceived' }],
		});
		expect(description.usableAsTool).toBeUndefined();
		const webhookId = description.properties.find((p) => p.name === 'webhookId')!;
		expect(webhookId.description).toMatch(/dashboard/);
		// A user of the published package has no local sandbox.
		expect(webhookId.description).not.toMatch(/sandbox|wh_demo/);
	});
});

describe('activation (create)', () => {
	test('reads the webhook, then points it at the node with a token, the events and isActive: true', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await expect(h.activate()).resolves.toEqual({ created: true });

		expect(remote.requests.map((r) => [r.method, r.path])).toEqual([
			['PATCH', PATH],
			['PATCH', PATH],
		]);
		expect(remote.requests.every((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(
			true,
		);
		expect(remote.requests[0].body).toEqual({});
		const registered = remote.requests[1].body;
		expect(registered.events).toEqual(['crawl.completed', 'extract.failed']);
		expect(registered.isActive).toBe(true);
		const url = new URL(String(registered.url));
		expect(`${url.origin}${url.pathname}`).toBe(h.nodeUrl());
		const token = url.searchParams.get('token')!;
		expect(token).toMatch(/^[\w-]{24}\.\d{10}\.[\w-]{43}$/);

		const registration = registrationOf(h.savedStaticData)!;
		expect(registration).toMatchObject({
			webhookId: WEBHOOK,
			url: registered.url,
			token,
			events: ['crawl.completed', 'extract.failed'],
			previous: { url: ORIGINAL.url, events: ORIGINAL.events, isActive: false },
		});
		expect(remote.webhook(WEBHOOK)).toMatchObject({ url: registered.url, isActive: true });
	});

	test('every activation gets a new random token', async () => {
		mockWebhooks([{ ...ORIGINAL }]);
		const a = harness();
		const b = harness();
		await a.activate();
		await b.activate();
		expect(registrationOf(a.savedStaticData)!.token).not.toBe(
			registrationOf(b.savedStaticData)!.token,
		);
	});

	test('a missing webhook (404) fails activation with a message about the Webhook ID', async () => {
		const remote = mockWebhooks([]);
		const h = harness();
		await expect(h.activate()).rejects.toThrow(
			`The Web Data Service has no webhook with the ID ${WEBHOOK}`,
		);
		expect(remote.requests.map((r) => [r.method, r.body])).toEqual([['PATCH', {}]]);
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('a 500 on the registering PATCH fails activation and is not retried', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]).failNext(
			'PATCH',
			500,
			{ success: false, error: 'internal' },
			(body) => body.isActive === true,
		);
		const h = harness();
		const error = await h.activate().then(
			() => undefined,
			(e: Error & { httpCode?: string }) => e,
		);
		expect(error?.httpCode).toBe('500');
		expect(error?.message).toMatch(/HTTP 500/);
		expect(remote.requests.map((r) => r.body)).toEqual([
			{},
			expect.objectContaining({ isActive: true }),
		]);
		expect(remote.webhook(WEBHOOK)).toMatchObject({ url: ORIGINAL.url, isActive: false });
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('needs a Webhook ID and at least one event', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		await expect(harness({ webhookId: '  ' }).activate()).rejects.toThrow(
			'Enter the ID of a webhook',
		);
		await expect(harness({ events: [], otherEvents: ' , ' }).activate()).rejects.toThrow(
			'Choose at least one event',
		);
		expect(remote.requests).toEqual([]);
	});

	test.each([
		['..', 'must not be "." or ".." (got "..")'],
		['.', 'must not be "." or ".." (got ".")'],
		['x'.repeat(200_000), `must be at most 256 characters (got "${'x'.repeat(76)}...)`],
		['wh_\ud800', 'must not contain broken Unicode (a lone surrogate) (got "wh_\\ud800")'],
		['wh_\n1', 'must not contain control characters or line breaks (got "wh_\\n1")'],
	])(
		'a Webhook ID that is not a valid path ID (%#) is refused with nothing sent',
		async (id, problem) => {
			const remote = mockWebhooks([{ ...ORIGINAL }]);
			const h = harness({ webhookId: id });
			const error = await h.activate().then(
				() => undefined,
				(e: Error & { description?: string }) => e,
			);
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(`Enter a valid "Webhook ID": it ${problem}`);
			expect(error?.description).toBe('Nothing was sent to the Web Data API.');
			expect(remote.requests).toEqual([]);
			expect(registrationOf(h.savedStaticData)).toBeUndefined();
		},
	);

	test('a Webhook ID of 256 characters, with slashes, is taken, encoded into one path segment', async () => {
		const id = `wh/${'a'.repeat(253)}`;
		const remote = mockWebhooks([{ ...ORIGINAL, id }]);
		await harness({ webhookId: id }).activate();
		expect(remote.requests.map((r) => r.path)).toEqual([
			`/webhooks/${encodeURIComponent(id)}`,
			`/webhooks/${encodeURIComponent(id)}`,
		]);
	});

	test('a stored registration whose webhook ID is not a valid path ID is not sent', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		h.savedStaticData = {
			[STATIC_KEY]: {
				registration: {
					webhookId: '..',
					url: `${h.nodeUrl()}?token=t`,
					events: ['crawl.completed'],
					token: 't',
					previous: {},
					registeredAt: '',
				},
			},
		};
		await expect(h.deactivate()).rejects.toThrow(
			'Enter a valid "Webhook ID": it must not be "." or ".."',
		);
		expect(remote.requests).toEqual([]);
	});

	test('typed-in events alone are enough, split on commas and spaces, without duplicates', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		await harness({
			events: [],
			otherEvents: 'batch_scrape.completed, extract.failed,\nbatch_scrape.completed',
		}).activate();
		expect(remote.requests[1].body.events).toEqual(['batch_scrape.completed', 'extract.failed']);
	});

	test('a webhook that already points at this node (lost static data) is put back inactive later', async () => {
		const h = harness();
		const remote = mockWebhooks([{ ...ORIGINAL, url: `${h.nodeUrl()}?token=old`, isActive: true }]);
		await h.activate();
		expect(registrationOf(h.savedStaticData)!.previous).toEqual({
			url: `${h.nodeUrl()}?token=old`,
			events: ORIGINAL.events,
			isActive: false,
		});
		await h.deactivate();
		expect(remote.webhook(WEBHOOK).isActive).toBe(false);
	});

	test('a changed Webhook ID gives the old webhook back before taking the new one', async () => {
		const other = {
			...ORIGINAL,
			id: 'wh_2',
			url: 'https://other.example/hook',
			events: ['crawl.completed'],
			isActive: true,
		};
		const remote = mockWebhooks([{ ...ORIGINAL }, other]);
		const h = harness();
		await h.activate();
		expect(remote.webhook(WEBHOOK).url).not.toBe(ORIGINAL.url);

		// Static data of the earlier activation is still there (no deactivation in between).
		h.parameters = { ...h.parameters, webhookId: 'wh_2' };
		await h.activate();
		expect(remote.webhook(WEBHOOK)).toMatchObject({
			url: ORIGINAL.url,
			events: ORIGINAL.events,
			isActive: false,
		});
		expect(remote.webhooks.get('wh_2')).toMatchObject({
			isActive: true,
			events: ['crawl.completed', 'extract.failed'],
		});
		expect(registrationOf(h.savedStaticData)).toMatchObject({
			webhookId: 'wh_2',
			previous: { url: other.url, isActive: true },
		});
	});
});

describe('re-activation (checkExists)', () => {
	test('true when the remote webhook still has the URL with the token, the events and isActive', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		const before = registrationOf(h.savedStaticData);
		remote.requests.length = 0;

		await expect(h.activate('init')).resolves.toEqual({ created: false });
		expect(remote.requests.map((r) => [r.method, r.body])).toEqual([['PATCH', {}]]);
		expect(registrationOf(h.savedStaticData)).toEqual(before);
	});

	test('false without asking the service when there is no static data', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await expect(h.runHook('checkExists', h.workflow({}), 'trigger', 'init', false)).resolves.toBe(
			false,
		);
		expect(remote.requests).toEqual([]);
	});

	test('false without asking the service when the events or the node URL changed', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.requests.length = 0;

		h.parameters = { ...h.parameters, otherEvents: '' };
		await expect(
			h.runHook('checkExists', h.workflow(copy(h.savedStaticData)), 'trigger', 'init', false),
		).resolves.toBe(false);
		h.parameters = { ...h.parameters, otherEvents: 'extract.failed' };
		h.n8nUrl = 'https://n8n.example.com';
		await expect(
			h.runHook('checkExists', h.workflow(copy(h.savedStaticData)), 'trigger', 'init', false),
		).resolves.toBe(false);
		expect(remote.requests).toEqual([]);
	});

	test('false when someone changed the webhook; create then keeps the state from before n8n', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		const first = registrationOf(h.savedStaticData)!;
		remote.webhook(WEBHOOK).events = ['crawl.completed'];
		remote.requests.length = 0;

		await expect(h.activate('init')).resolves.toEqual({ created: true });
		expect(remote.requests.map((r) => r.body)).toEqual([
			{},
			{},
			expect.objectContaining({ isActive: true, events: ['crawl.completed', 'extract.failed'] }),
		]);
		const second = registrationOf(h.savedStaticData)!;
		expect(second.previous).toEqual(first.previous);
		expect(second.token).not.toBe(first.token);
	});

	test('a 404 clears the static data and returns false', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.webhooks.clear();
		remote.requests.length = 0;

		const workflow = h.workflow(copy(h.savedStaticData));
		await expect(h.runHook('checkExists', workflow, 'trigger', 'init', false)).resolves.toBe(false);
		expect(registrationOf(workflow.staticData)).toBeUndefined();
		expect(remote.requests.map((r) => [r.method, r.body])).toEqual([['PATCH', {}]]);
	});

	test('a 500 is raised, not swallowed, and the static data is kept', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.failNext('PATCH', 500, { success: false, error: 'database down' });
		remote.requests.length = 0;

		const workflow = h.workflow(copy(h.savedStaticData));
		await expect(
			h.runHook('checkExists', workflow, 'trigger', 'init', false),
		).rejects.toMatchObject({
			httpCode: '500',
			message: expect.stringContaining('database down'),
		});
		expect(registrationOf(workflow.staticData)).toEqual(registrationOf(h.savedStaticData));
		expect(remote.requests).toHaveLength(1);
	});

	test('a 500 fails re-activation at startup, and n8n then puts the webhook back', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.failNext('PATCH', 500);
		await expect(h.activate('init')).rejects.toMatchObject({ httpCode: '500' });
		expect(remote.webhook(WEBHOOK)).toMatchObject({ url: ORIGINAL.url, isActive: false });
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});
});

describe('deactivation (delete)', () => {
	test('puts back the previous url, events and isActive with PATCH (never DELETE) and clears static data', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.requests.length = 0;

		await expect(h.deactivate()).resolves.toBe(true);
		expect(remote.requests.map((r) => [r.method, r.body])).toEqual([
			['PATCH', {}],
			['PATCH', { url: ORIGINAL.url, events: ORIGINAL.events, isActive: false }],
		]);
		expect(remote.webhook(WEBHOOK)).toMatchObject({
			url: ORIGINAL.url,
			events: ORIGINAL.events,
			isActive: false,
		});
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('puts back an active webhook as active', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL, isActive: true }]);
		const h = harness();
		await h.activate();
		await h.deactivate();
		expect(remote.webhook(WEBHOOK)).toMatchObject({
			url: ORIGINAL.url,
			events: ORIGINAL.events,
			isActive: true,
		});
	});

	test('a 404 is fine: the webhook is gone, static data is cleared', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.webhooks.clear();

		await expect(h.deactivate()).resolves.toBe(true);
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('a 404 on the restoring PATCH is fine too', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.requests.length = 0;
		remote
			.failNext('PATCH', 200, { success: true, data: { ...remote.webhook(WEBHOOK) } })
			.failNext('PATCH', 404);

		await expect(h.deactivate()).resolves.toBe(true);
		expect(remote.requests).toHaveLength(2);
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('a 500 is raised and the static data kept, so a later deactivation can still put the webhook back', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		const registration = registrationOf(h.savedStaticData);
		remote.failNext('PATCH', 500, { success: false, error: 'boom' });

		await expect(h.deactivate()).rejects.toMatchObject({ httpCode: '500' });
		expect(registrationOf(h.savedStaticData)).toEqual(registration);
		expect(remote.webhook(WEBHOOK).url).toBe(registration!.url);

		await expect(h.deactivate()).resolves.toBe(true);
		expect(remote.webhook(WEBHOOK)).toMatchObject({ url: ORIGINAL.url, isActive: false });
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('a webhook that points elsewhere by now is left alone', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		remote.webhook(WEBHOOK).url = 'https://someone-else.example/hook';
		remote.requests.length = 0;

		await expect(h.deactivate()).resolves.toBe(true);
		expect(remote.requests.map((r) => r.body)).toEqual([{}]);
		expect(remote.webhook(WEBHOOK).url).toBe('https://someone-else.example/hook');
		expect(registrationOf(h.savedStaticData)).toBeUndefined();
	});

	test('nothing to do without static data', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		await expect(harness().deactivate()).resolves.toBe(true);
		expect(remote.requests).toEqual([]);
	});

	test('never sends DELETE', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		await h.deactivate();
		await h.listen();
		await waitFor(() => remote.requests.some((r) => r.method === 'POST'));
		await h.stopListening();
		expect(remote.requests.map((r) => r.method)).not.toContain('DELETE');
	});
});

describe('Listen for test event (manual mode)', () => {
	test('registers the test URL, then asks for a sample of the first selected event', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness({
			events: [],
			otherEvents: 'batch_scrape.*, extract.failed, crawl.completed',
		});
		await expect(h.listen()).resolves.toEqual({ created: true });

		await waitFor(() => remote.requests.length === 3);
		expect(remote.requests.map((r) => [r.method, r.path])).toEqual([
			['PATCH', PATH],
			['PATCH', PATH],
			['POST', `${PATH}/test`],
		]);
		// The first selected event that is not a pattern.
		expect(remote.requests[2].body).toEqual({ event: 'extract.failed' });
		expect(String(remote.requests[1].body.url).startsWith(`${h.nodeUrl(true)}?token=`)).toBe(true);
		const registration = registrationOf(h.testRegistration!.staticData)!;
		expect(registration.url).toBe(remote.requests[1].body.url);
		// A test registration does not touch the production static data.
		expect(h.savedStaticData).toEqual({});

		remote.requests.length = 0;
		await expect(h.stopListening()).resolves.toBe(true);
		expect(remote.requests.map((r) => r.body)).toEqual([
			{},
			{ url: ORIGINAL.url, events: ORIGINAL.events, isActive: false },
		]);
	});

	test('the sample is requested after create() has returned', async () => {
		const timeline: string[] = [];
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		remote.onRequest = (r) => timeline.push(`${r.method} ${r.path}`);
		const h = harness();
		h.onHookReturned = (method) => timeline.push(`${method} returned`);
		await h.listen();
		await waitFor(() => remote.requests.length === 3);
		expect(timeline).toEqual([
			'checkExists returned',
			`PATCH ${PATH}`,
			`PATCH ${PATH}`,
			'create returned',
			`POST ${PATH}/test`,
		]);
		expect(remote.requests[2]).toMatchObject({
			method: 'POST',
			body: { event: 'crawl.completed' },
		});
	});

	test('with a Job for Test Events, the sample request names it in its custom payload', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness({ testJobId: { __rl: true, mode: 'url', value: '/jobs/job_42' } });
		await h.listen();
		await waitFor(() => remote.requests.length === 3);
		expect(remote.requests[2].body).toEqual({
			event: 'crawl.completed',
			payload: { event: 'crawl.completed', jobId: 'job_42' },
		});
	});

	test('a Job for Test Events URL without a job path is refused before anything is sent', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness({ testJobId: { __rl: true, mode: 'url', value: 'https://acme.com/' } });
		await expect(h.listen()).rejects.toThrow(
			/^Enter a valid "Job for Test Events": it must be a job URL/,
		);
		expect(remote.requests).toEqual([]);
	});

	test('sends the test call only in manual mode', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		await harness().activate();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(remote.requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
	});

	test('a failed test call is logged; listening goes on', async () => {
		const logger = Container.get(Logger);
		const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
		try {
			const remote = mockWebhooks([{ ...ORIGINAL }]).failNext('POST', 400, {
				success: false,
				error: 'Unknown event',
			});
			const h = harness();
			await expect(h.listen()).resolves.toEqual({ created: true });
			await waitFor(() => warn.mock.calls.length > 0);
			expect(String(warn.mock.calls[0][0])).toMatch(
				/could not request a test delivery of crawl\.completed/,
			);
			expect(remote.webhook(WEBHOOK).isActive).toBe(true);
			expect(h.testRegistration).toBeDefined();
		} finally {
			warn.mockRestore();
		}
	});

	test('listening while the workflow is active hands the webhook back to the production URL afterwards', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		const production = registrationOf(h.savedStaticData)!;

		await h.listen();
		await waitFor(() => remote.requests.some((r) => r.method === 'POST'));
		expect(String(remote.webhook(WEBHOOK).url).startsWith(h.nodeUrl(true))).toBe(true);
		expect(registrationOf(h.testRegistration!.staticData)!.previous).toEqual({
			url: production.url,
			events: production.events,
			isActive: true,
		});

		await h.stopListening();
		expect(remote.webhook(WEBHOOK)).toMatchObject({ url: production.url, isActive: true });
		// The production registration is intact: re-activation finds it in place.
		await expect(h.activate('init')).resolves.toEqual({ created: false });
	});
});

describe('secrets in errors', () => {
	/** Every field of an error n8n shows, logs or saves, as text. */
	function serialised(error: unknown): string {
		const e = error as Error & Record<string, unknown>;
		return [
			JSON.stringify(e),
			JSON.stringify(e.description),
			JSON.stringify(e.context),
			JSON.stringify(e.cause),
			JSON.stringify(e.errorResponse),
			JSON.stringify(e.messages),
			JSON.stringify({ ...e }),
			e.message,
			e.stack,
		].join('\n');
	}

	async function failure(run: Promise<unknown>): Promise<Error> {
		return await run.then(
			() => {
				throw new Error('expected a failure');
			},
			(error: Error) => error,
		);
	}

	function registeredToken(remote: MockWebhooks): string {
		const registering = remote.requests.find((r) => r.body.isActive === true)!;
		return new URL(String(registering.body.url)).searchParams.get('token')!;
	}

	const echo = (body: IDataObject) => ({
		success: false,
		error: `Invalid webhook: ${JSON.stringify(body)}`,
		message: `The URL ${String(body.url)} is not reachable`,
		details: { request: body, url: encodeURIComponent(String(body.url)) },
	});

	test.each([
		['a 400 that echoes the body as JSON', 400, echo],
		['a 200 with success: false', 200, echo],
		[
			'a 502 that echoes it as text',
			502,
			(body: IDataObject) => `Bad gateway: ${JSON.stringify(body)}`,
		],
		['a 200 that is not JSON', 200, (body: IDataObject) => `<html>${String(body.url)}</html>`],
	])(
		'an API whose error echoes the PATCH body (%s): the activation error does not carry the token',
		async (_name, status, reply) => {
			const remote = mockWebhooks([{ ...ORIGINAL }]).failNext(
				'PATCH',
				status,
				reply,
				(body) => body.isActive === true,
			);
			const error = await failure(harness().activate());
			const token = registeredToken(remote);
			const text = serialised(error);
			expect(text).not.toContain(token);
			expect(text).not.toContain(token.split('.').pop());
			expect(text).toContain('token=***');
			expect(error.message).toMatch(/HTTP|not valid JSON/);
		},
	);

	test('a failed read that echoes the webhook (with its URL) does not carry the token', async () => {
		const remote = mockWebhooks([{ ...ORIGINAL }]);
		const h = harness();
		await h.activate();
		const token = registeredToken(remote);
		remote.failNext('PATCH', 500, () => ({
			success: false,
			error: `Webhook ${String(remote.webhook(WEBHOOK).url)} is locked`,
			data: { ...remote.webhook(WEBHOOK) },
		}));
		const error = await failure(h.activate('init'));
		expect((error as Error & { httpCode?: string }).httpCode).toBe('500');
		expect(serialised(error)).not.toContain(token);
	});

	test("a failed restore does not carry the token, nor the query of the user's own URL", async () => {
		const own = 'https://hooks.example.com/web-data?key=user-secret-0123456789';
		const remote = mockWebhooks([{ ...ORIGINAL, url: own }]);
		const h = harness();
		await h.activate();
		const token = registeredToken(remote);
		remote.failNext('PATCH', 400, echo, (body) => body.url === own);
		const text = serialised(await failure(h.deactivate()));
		expect(text).not.toContain(token);
		expect(text).not.toContain('user-secret-0123456789');
		expect(text).toContain('https://hooks.example.com/web-data?key=***');
	});

	test('a failed sample request is logged without the token', async () => {
		const logger = Container.get(Logger);
		const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
		try {
			const remote = mockWebhooks([{ ...ORIGINAL }]);
			remote.failNext('POST', 400, () => ({
				success: false,
				error: `Delivery to ${String(remote.webhook(WEBHOOK).url)} failed`,
			}));
			await harness().listen();
			await waitFor(() => warn.mock.calls.length > 0);
			const logged = JSON.stringify(warn.mock.calls);
			expect(logged).toContain('token=***');
			expect(logged).not.toContain(registeredToken(remote));
		} finally {
			warn.mockRestore();
		}
	});

	test('an Error cause keeps only its name and masked message', () => {
		const url = 'https://n8n.example/webhook/x/webhook?token=abcdefghijklmnop.1700000000.mac';
		const cause = Object.assign(new Error(`socket hang up sending ${url}`), {
			config: { data: JSON.stringify({ url }) },
		});
		const error = maskError(
			new NodeOperationError(
				{ id: 'n', name: 'n', type: 't', typeVersion: 1, position: [0, 0], parameters: {} },
				cause,
			),
			queryMask([url]),
		);
		expect(serialised(error)).not.toContain('abcdefghijklmnop');
		expect(error.cause).toEqual(expect.objectContaining({ name: 'Error' }));
		expect(JSON.stringify(error.cause)).not.toContain('config');
		expect((error.cause as Error).message).toBe(
			'socket hang up sending https://n8n.example/webhook/x/webhook?token=***',
		);
	});
});
