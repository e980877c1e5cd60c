/**
 * The trigger against the local sandbox (sandbox/server.ts), for what nock cannot show: a job that
 * finishes over time and a delivery over real HTTP. A stand-in for n8n's webhook server on
 * 127.0.0.1 hands deliveries to the node's webhook() through n8n-core's WebhookContext.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox/server';
import type { SandboxHandle } from '../../sandbox/server';
import { STATIC_KEY, TriggerHarness, startN8nStandIn } from './harness';
import { waitFor } from '../../devkit/wait';

const DEMO_WEBHOOK = 'wh_demo';

let sandbox: SandboxHandle;
let standIn: Awaited<ReturnType<typeof startN8nStandIn>>;
let h: TriggerHarness;

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
	const response = await fetch(`${sandbox.baseUrl}/__sandbox${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!response.ok)
		throw new Error(`admin ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
	return await response.json();
}

/** The seeded webhook as the sandbox holds it (GET /__sandbox/webhooks). */
async function demoWebhook(): Promise<{
	url: string;
	events: string[];
	isActive: boolean;
	deliveries: IDataObject[];
}> {
	const webhooks = (await admin('GET', '/webhooks')) as Array<{
		id: string;
		url: string;
		events: string[];
		isActive: boolean;
		deliveries: IDataObject[];
	}>;
	const found = webhooks.find((w) => w.id === DEMO_WEBHOOK);
	if (!found) throw new Error('the sandbox has no wh_demo');
	return found;
}

const pick = ({ url, events, isActive }: { url: string; events: string[]; isActive: boolean }) => ({
	url,
	events,
	isActive,
});

beforeAll(async () => {
	sandbox = await startSandbox({ webhookRetryDelayMs: 10 });
});

afterAll(async () => {
	await sandbox?.close();
});

beforeEach(async () => {
	sandbox.reset();
	h = new TriggerHarness({
		parameters: { webhookId: DEMO_WEBHOOK, events: ['crawl.completed'], otherEvents: '' },
		credentials: { apiKey: sandbox.apiKey, baseUrl: sandbox.baseUrl },
	});
	standIn = await startN8nStandIn(h);
	h.n8nUrl = standIn.url;
});

afterEach(async () => {
	await sandbox.settled();
	await standIn?.close();
});

test('activation repoints the seeded webhook, a finished crawl delivers crawl.completed, deactivation puts it back', async () => {
	const before = pick(await demoWebhook());

	await h.activate();
	const registered = await demoWebhook();
	expect(registered.isActive).toBe(true);
	expect(registered.events).toEqual(['crawl.completed']);
	const token = String(((h.saved as IDataObject).registration as IDataObject).token);
	expect(registered.url).toBe(`${h.nodeUrl()}?token=${encodeURIComponent(token)}`);
	expect(registered.url.startsWith(`${standIn.url}/webhook/`)).toBe(true);

	const job = (await admin('POST', '/jobs', { type: 'crawl', durationMs: 50 })) as { id: string };
	const delivery = await waitFor(() => standIn.deliveries.find((d) => d.started), {
		timeoutMs: 10000,
	});
	expect(delivery.status).toBe(200);
	expect(delivery.test).toBe(false);
	expect(delivery.token).toBe(token);
	expect(delivery.items).toHaveLength(1);
	expect(delivery.items[0]).toMatchObject({
		event: 'crawl.completed',
		jobId: job.id,
		receivedAt: expect.any(String),
	});
	expect(delivery.items[0].payload).toMatchObject({
		event: 'crawl.completed',
		jobId: job.id,
		job: expect.objectContaining({ id: job.id }),
	});
	await sandbox.settled();
	// The sandbox recorded the delivery as answered 200.
	expect((await demoWebhook()).deliveries.map((d) => [d.event, d.status, d.success])).toEqual([
		['crawl.completed', 200, true],
	]);

	await h.deactivate();
	expect(pick(await demoWebhook())).toEqual(before);
	expect(h.saved?.registration).toBeUndefined();

	// Only the spec's calls were used: PATCH /webhooks/{id}, never a GET or DELETE of the webhook.
	const requests = (await admin('GET', '/requests')) as Array<{ method: string; path: string }>;
	expect([...new Set(requests.map((r) => `${r.method} ${r.path}`))]).toEqual([
		`PATCH /webhooks/${DEMO_WEBHOOK}`,
	]);
});

test('events the node did not subscribe to are not delivered; a job of a typed-in event is', async () => {
	h.parameters = { ...h.parameters, otherEvents: 'extract.failed' };
	await h.activate();
	expect((await demoWebhook()).events).toEqual(['crawl.completed', 'extract.failed']);

	await admin('POST', '/jobs', { type: 'batch_scrape', durationMs: 20 });
	const failed = (await admin('POST', '/jobs', {
		type: 'extract',
		durationMs: 40,
		fail: true,
	})) as { id: string };
	const delivery = await waitFor(() => standIn.deliveries.find((d) => d.started), {
		timeoutMs: 10000,
	});
	expect(delivery.items[0]).toMatchObject({ event: 'extract.failed', jobId: failed.id });
	await sandbox.settled();
	expect(standIn.deliveries.map((d) => d.items[0]?.event)).toEqual(['extract.failed']);
	await h.deactivate();
});

test('a delivery with a wrong token gets 401 from the node and the sandbox records the failure', async () => {
	await h.activate();
	const token = String(((h.saved as IDataObject).registration as IDataObject).token);
	// Someone points the webhook at the node's URL with another token.
	const response = await fetch(`${sandbox.baseUrl}/webhooks/${DEMO_WEBHOOK}`, {
		method: 'PATCH',
		headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ url: `${h.nodeUrl()}?token=${token.slice(0, 10)}forged` }),
	});
	expect(response.status).toBe(200);
	await admin('POST', '/jobs', { type: 'crawl', durationMs: 20 });
	await waitFor(() => standIn.deliveries.length > 0, { timeoutMs: 10000 });
	await sandbox.settled();
	// At least one delivery arrived, and every one of them was refused without starting the workflow.
	expect(standIn.deliveries.length).toBeGreaterThan(0);
	expect(standIn.deliveries.map((d) => [d.status, Boolean(d.started)])).toEqual(
		standIn.deliveries.map(() => [401, false]),
	);
	// The sandbox recorded each of those deliveries, each as a 401 failure.
	const recorded = (await demoWebhook()).deliveries;
	expect(recorded).toHaveLength(standIn.deliveries.length);
	expect(recorded.map((d) => [d.event, d.status, d.success])).toEqual(
		recorded.map(() => ['crawl.completed', 401, false]),
	);
	await h.deactivate();
});

test('Listen for test event: the test URL is registered, a sample arrives at once, then the webhook is put back', async () => {
	const before = pick(await demoWebhook());

	await h.listen();
	const delivery = await waitFor(() => standIn.deliveries.find((d) => d.started), {
		timeoutMs: 10000,
	});
	expect(delivery.test).toBe(true);
	expect(delivery.path).toBe(new URL(h.nodeUrl(true)).pathname);
	expect(delivery.items[0]).toMatchObject({
		event: 'crawl.completed',
		jobId: expect.stringMatching(/^test_/),
	});
	expect(delivery.items[0].payload).toMatchObject({ event: 'crawl.completed', test: true });

	// As n8n does after a test webhook fired, the stand-in stopped listening, which put the webhook back.
	await waitFor(
		async () =>
			!h.listening && JSON.stringify(pick(await demoWebhook())) === JSON.stringify(before),
		{ timeoutMs: 10000 },
	);
	expect(h.savedStaticData[STATIC_KEY]).toBeUndefined();
});

test('Listen for test event with a Job for Test Events: the sample names that job, which exists', async () => {
	h.parameters = {
		...h.parameters,
		testJobId: { __rl: true, mode: 'list', value: 'crawl_demo' },
	};
	await h.listen();
	const delivery = await waitFor(() => standIn.deliveries.find((d) => d.started), {
		timeoutMs: 10000,
	});
	expect(delivery.items[0]).toMatchObject({ event: 'crawl.completed', jobId: 'crawl_demo' });
	// The service got the job in the custom payload of its test request (the sandbox nests it).
	expect(delivery.items[0].payload).toMatchObject({
		payload: { event: 'crawl.completed', jobId: 'crawl_demo' },
	});
	// So the next node (Crawl > Get Status) finds the job instead of a 404.
	const status = await fetch(`${sandbox.baseUrl}/crawl/crawl_demo?page=1`, {
		headers: { authorization: `Bearer ${sandbox.apiKey}` },
	});
	expect(status.status).toBe(200);
	await waitFor(() => !h.listening, { timeoutMs: 10000 });
});

test('a Job for Test Events leaves production deliveries their own job', async () => {
	h.parameters = {
		...h.parameters,
		testJobId: { __rl: true, mode: 'id', value: 'crawl_demo' },
	};
	await h.activate();
	const job = (await admin('POST', '/jobs', { type: 'crawl', durationMs: 50 })) as { id: string };
	const delivery = await waitFor(() => standIn.deliveries.find((d) => d.started), {
		timeoutMs: 10000,
	});
	expect(delivery.test).toBe(false);
	expect(delivery.items[0]).toMatchObject({ event: 'crawl.completed', jobId: job.id });
	await h.deactivate();
});

test('testing while the workflow is active hands the webhook back to the production URL', async () => {
	const before = pick(await demoWebhook());
	await h.activate();
	const production = pick(await demoWebhook());

	await h.listen();
	await waitFor(() => standIn.deliveries.find((d) => d.started && d.test), { timeoutMs: 10000 });
	await waitFor(async () => !h.listening && (await demoWebhook()).url === production.url, {
		timeoutMs: 10000,
	});
	expect(pick(await demoWebhook())).toEqual(production);

	// Production still receives.
	await admin('POST', '/jobs', { type: 'crawl', durationMs: 20 });
	await waitFor(() => standIn.deliveries.find((d) => d.started && !d.test), { timeoutMs: 10000 });

	await h.deactivate();
	expect(pick(await demoWebhook())).toEqual(before);
});

test('a webhook id the sandbox does not have fails activation with a clear message', async () => {
	h.parameters = { ...h.parameters, webhookId: 'wh_missing' };
	await expect(h.activate()).rejects.toThrow(
		'The Web Data Service has no webhook with the ID wh_missing',
	);
});
