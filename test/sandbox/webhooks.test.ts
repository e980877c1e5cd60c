/** Webhooks: PATCH/DELETE/test per spec, and job events delivered to a listener on loopback. */
import { serveLoopback } from '../../devkit/loopback';
import { isLoopbackUrl, REFUSED, subscribes } from '../../sandbox/webhooks';
import {
	ErrorResponse,
	JobCreation,
	WebhookDeleteResponse,
	WebhookEventPayload,
	WebhookResponse,
	WebhookTestResponse,
} from '../../contract/schemas';
import { sleep, waitFor } from '../../devkit/wait';
import { admin, call, startListener, withSandbox } from './helpers';
import type { Listener } from './helpers';

describe('webhooks', () => {
	const ctx = withSandbox();
	let listener: Listener;

	beforeAll(async () => {
		listener = await startListener();
	});
	afterAll(() => listener.close());
	beforeEach(() => {
		ctx.sandbox.reset({ jobDurationMs: 200, webhookRetryDelayMs: 20 });
		listener.received.length = 0;
		listener.statuses.length = 0;
	});

	const patch = (id: string, body: unknown) =>
		call(ctx.sandbox, 'PATCH', `/webhooks/${id}`, { body });

	it('PATCH changes url, events and isActive, and answers with the webhook', async () => {
		const response = await patch('wh_demo', {
			url: `${listener.url}/hook?token=s3cret`,
			events: ['crawl.completed', 'batch_scrape.failed'],
			isActive: true,
		});
		expect(response.status).toBe(200);
		const { data } = WebhookResponse.parse(response.body);
		expect(data).toMatchObject({
			id: 'wh_demo',
			url: `${listener.url}/hook?token=s3cret`,
			events: ['crawl.completed', 'batch_scrape.failed'],
			isActive: true,
			secret: 'whsec_demo',
			recentDeliveries: [],
		});
		expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(data.createdAt));
		// Only what is sent changes.
		const second = WebhookResponse.parse((await patch('wh_demo', { isActive: false })).body).data;
		expect(second).toMatchObject({
			isActive: false,
			events: ['crawl.completed', 'batch_scrape.failed'],
			url: `${listener.url}/hook?token=s3cret`,
		});
	});

	it('a completed crawl delivers crawl.completed to the active subscribed webhook, at its URL as registered', async () => {
		await patch('wh_demo', { url: `${listener.url}/hook?token=s3cret`, isActive: true });
		const { body } = await admin(ctx.sandbox, 'POST', '/jobs', { type: 'crawl', durationMs: 100 });
		const received = await waitFor(() => listener.received[0]);
		expect(received.method).toBe('POST');
		expect(received.url).toBe('/hook?token=s3cret');
		expect(received.headers['content-type']).toBe('application/json');
		expect(received.headers['x-webdata-event']).toBe('crawl.completed');
		const payload = WebhookEventPayload.parse(received.body);
		expect(payload).toMatchObject({
			event: 'crawl.completed',
			jobId: body.id,
			job: { id: body.id, status: 'COMPLETED', total: 7 },
		});
		expect(payload.job.results).toHaveLength(7);
		await ctx.sandbox.settled();
		const hook = ctx.sandbox.state.webhooks.get('wh_demo');
		expect(hook?.deliveries).toHaveLength(1);
		expect(hook?.deliveries[0]).toMatchObject({
			event: 'crawl.completed',
			status: 200,
			success: true,
			url: `${listener.url}/hook?token=s3cret`,
		});
		// An empty PATCH changes nothing and answers the webhook as it is (the spec has no GET).
		const view = WebhookResponse.parse((await patch('wh_demo', {})).body).data;
		expect(view.recentDeliveries[0]).toMatchObject({ event: 'crawl.completed', status: 200 });
		expect(view.recentDeliveries[0]).not.toHaveProperty('payload');
		const adminHooks = (await admin(ctx.sandbox, 'GET', '/webhooks')).body;
		expect(adminHooks[0].deliveries[0]).toMatchObject({
			event: 'crawl.completed',
			url: `${listener.url}/hook?token=s3cret`,
			status: 200,
			at: expect.any(String),
			payload: { jobId: body.id },
		});
	});

	it('a failed batch delivers batch_scrape.failed; unsubscribed events and inactive webhooks get nothing', async () => {
		await patch('wh_demo', {
			url: `${listener.url}/a`,
			events: ['batch_scrape.failed'],
			isActive: true,
		});
		await admin(ctx.sandbox, 'POST', '/webhooks', {
			url: `${listener.url}/inactive`,
			events: ['*'],
			isActive: false,
		});
		const ok = JobCreation.parse(
			(await call(ctx.sandbox, 'POST', '/batch/scrape', { body: { urls: ['https://acme.com'] } }))
				.body,
		);
		const failing = JobCreation.parse(
			(
				await call(ctx.sandbox, 'POST', '/batch/scrape', {
					body: { urls: ['https://acme.com/fail'] },
				})
			).body,
		);
		await waitFor(() =>
			[ok.id, failing.id].every((id) =>
				['COMPLETED', 'FAILED'].includes(ctx.sandbox.state.jobs.get(id)?.status ?? ''),
			),
		);
		await ctx.sandbox.settled();
		expect(listener.received.map((r) => [r.url, r.body.event, r.body.jobId])).toEqual([
			['/a', 'batch_scrape.failed', failing.id],
		]);
		expect(listener.received[0].body.job).toMatchObject({
			status: 'FAILED',
			errors: [{ url: 'https://acme.com/fail' }],
		});
	});

	it("a job's own webhook gets its event, with the job's metadata", async () => {
		const created = await call(ctx.sandbox, 'POST', '/extract', {
			body: {
				prompt: 'name',
				urls: ['https://acme.com'],
				webhook: {
					url: `${listener.url}/own?k=1`,
					metadata: { runId: 7 },
					headers: { 'x-custom': 'yes' },
				},
			},
		});
		const { id } = JobCreation.parse(created.body);
		const received = await waitFor(() => listener.received[0]);
		expect(received.url).toBe('/own?k=1');
		expect(received.headers['x-custom']).toBe('yes');
		expect(received.body).toMatchObject({
			event: 'extract.completed',
			jobId: id,
			metadata: { runId: 7 },
			job: { status: 'COMPLETED' },
		});
	});

	it('POST /webhooks/{id}/test sends the named event with the custom payload, whether or not the webhook is active', async () => {
		await patch('wh_demo', { url: `${listener.url}/t?token=abc` });
		const response = await call(ctx.sandbox, 'POST', '/webhooks/wh_demo/test', {
			body: { event: 'crawl.completed', payload: { hello: 'world' } },
		});
		const answer = WebhookTestResponse.parse(response.body);
		expect(answer).toMatchObject({
			success: true,
			event: 'crawl.completed',
			payload: { event: 'crawl.completed', test: true, payload: { hello: 'world' } },
		});
		expect(answer.message).toContain(`${listener.url}/t?token=abc`);
		const received = await waitFor(() => listener.received[0]);
		expect(received.url).toBe('/t?token=abc');
		expect(received.body).toEqual(answer.payload);
		expect(WebhookEventPayload.safeParse(received.body).success).toBe(true);
	});

	it('a failed delivery is retried, and every attempt is recorded', async () => {
		listener.statuses.push(500);
		await patch('wh_demo', { url: `${listener.url}/r`, isActive: true });
		await admin(ctx.sandbox, 'POST', '/jobs', { type: 'crawl', durationMs: 0 });
		await waitFor(() => listener.received.length === 2);
		await ctx.sandbox.settled();
		const deliveries = (await admin(ctx.sandbox, 'GET', '/deliveries')).body;
		expect(
			deliveries.map((d: { status: number; attempt: number }) => [d.status, d.attempt]),
		).toEqual([
			[500, 1],
			[200, 2],
		]);
	});

	it('a delivery cut short by a reset is not recorded in the state that replaced it', async () => {
		let arrived = false;
		const silent = await serveLoopback(() => {
			arrived = true; // never answers
		});
		try {
			await patch('wh_demo', { url: `${silent.url}/slow`, isActive: true });
			await admin(ctx.sandbox, 'POST', '/jobs', { type: 'crawl', durationMs: 0 });
			await waitFor(() => arrived);
			ctx.sandbox.reset();
			await sleep(50);
			expect((await admin(ctx.sandbox, 'GET', '/deliveries')).body).toEqual([]);
		} finally {
			await silent.close();
		}
	});

	it('never delivers to a non-loopback address: the attempt is recorded as refused', async () => {
		await patch('wh_demo', { url: 'http://example.com/hook', isActive: true });
		const response = await call(ctx.sandbox, 'POST', '/webhooks/wh_demo/test', {
			body: { event: 'crawl.completed' },
		});
		expect(response.status).toBe(200);
		expect(WebhookTestResponse.parse(response.body)).toMatchObject({
			success: false,
			message: expect.stringContaining('loopback'),
		});
		await admin(ctx.sandbox, 'POST', '/jobs', { type: 'crawl', durationMs: 0 });
		await waitFor(() => ctx.sandbox.state.deliveries.length === 2);
		await ctx.sandbox.settled();
		expect(ctx.sandbox.state.deliveries.map((d) => [d.status, d.error, d.attempt])).toEqual([
			[0, REFUSED, 1],
			[0, REFUSED, 1],
		]);
	});

	it('DELETE removes the webhook; unknown ids are 404 with a JSON error for PATCH, DELETE and test', async () => {
		const deleted = await call(ctx.sandbox, 'DELETE', '/webhooks/wh_demo');
		expect(WebhookDeleteResponse.parse(deleted.body)).toMatchObject({
			success: true,
			message: expect.stringContaining('wh_demo'),
		});
		for (const [method, path, body] of [
			['PATCH', '/webhooks/wh_demo', { isActive: true }],
			['DELETE', '/webhooks/wh_demo', undefined],
			['POST', '/webhooks/wh_demo/test', { event: 'crawl.completed' }],
		] as const) {
			const response = await call(ctx.sandbox, method, path, { body });
			expect(response.status).toBe(404);
			expect(ErrorResponse.parse(response.body).error).toMatch(/wh_demo not found/);
		}
		// A reset brings the seeded webhook back.
		ctx.sandbox.reset();
		expect((await patch('wh_demo', {})).status).toBe(200);
	});

	it('test needs an event', async () => {
		const response = await call(ctx.sandbox, 'POST', '/webhooks/wh_demo/test', { body: {} });
		expect(response.status).toBe(400);
		expect(response.body.issues[0]).toMatchObject({ field: 'event', message: 'is required' });
		await sleep(20);
		expect(listener.received).toHaveLength(0);
	});

	it('loopback means 127.0.0.0/8, localhost and [::1]; subscriptions match exactly, by type.* or by *', () => {
		for (const url of [
			'http://127.0.0.1:5678/webhook/x?token=1',
			'http://localhost/x',
			'http://[::1]:80/',
			'https://127.1.2.3/',
		]) {
			expect(isLoopbackUrl(url)).toBe(true);
		}
		for (const url of [
			'http://example.com/',
			'http://10.0.0.1/',
			'http://0.0.0.0/',
			'http://127.0.0.1.nip.io/',
			'http://localhost.example.com/',
			'ftp://127.0.0.1/',
			'nope',
		]) {
			expect(isLoopbackUrl(url)).toBe(false);
		}
		expect(subscribes(['crawl.completed'], 'crawl.completed')).toBe(true);
		expect(subscribes(['crawl.completed'], 'crawl.failed')).toBe(false);
		expect(subscribes(['crawl.*'], 'crawl.failed')).toBe(true);
		expect(subscribes(['crawl.*'], 'batch_scrape.failed')).toBe(false);
		expect(subscribes(['*'], 'extract.cancelled')).toBe(true);
	});
});
