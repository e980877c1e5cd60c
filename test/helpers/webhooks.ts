/**
 * nock helpers for the service's webhooks, for the trigger's tests: mockApi (http.ts) with a
 * responder that holds the webhooks. PATCH /webhooks/{id} applies the fields it carries and
 * answers the webhook (an empty PATCH changes nothing: the trigger's read), POST
 * /webhooks/{id}/test answers as the spec shows, an unknown ID gets 404. It keeps that state
 * because the trigger reads a webhook, changes it and later puts it back; a whole stand-in of the
 * service is the sandbox's job (test/trigger/sandbox.test.ts, e2e/).
 *
 *   const remote = mockWebhooks([{ id: 'wh_1', url: 'https://hooks.example.com', ... }]);
 *   remote.failNext('PATCH', 500);                  // the next PATCH fails
 *   expect(remote.webhook('wh_1').isActive).toBe(true);
 */
import type { IDataObject } from 'n8n-workflow';

import { mockApi, type NockedRequest, type NockReply } from './http';

/** A request the double answered; `body` is `{}` when the request carried none. */
export interface WebhookRequest extends NockedRequest {
	body: IDataObject;
}

/** A failure's body, or how to make it from the request's (an API that echoes it). */
type FailureBody = unknown | ((body: IDataObject) => unknown);

export interface MockWebhooks {
	/** The webhooks by ID, as the double holds them now. */
	webhooks: Map<string, IDataObject>;
	/** The webhook with this ID as the double holds it now. */
	webhook(id: string): IDataObject;
	/** Every request answered, in order. */
	requests: WebhookRequest[];
	/** Called with each request as it arrives, before it is answered (for ordering checks). */
	onRequest?: (request: WebhookRequest) => void;
	/** The next request of `method` (for which `when` holds) fails with `status` and `body`. */
	failNext(
		method: string,
		status: number,
		body?: FailureBody,
		when?: (body: IDataObject) => boolean,
	): MockWebhooks;
}

/** Installs the double with these webhooks; call nock.cleanAll() after each test. */
export function mockWebhooks(initial: IDataObject[]): MockWebhooks {
	const failures: Array<{
		method: string;
		status: number;
		body: FailureBody;
		when?: (body: IDataObject) => boolean;
	}> = [];
	const double: MockWebhooks = {
		webhooks: new Map(initial.map((webhook) => [String(webhook.id), { ...webhook }])),
		webhook: (id) => double.webhooks.get(id)!,
		requests: [],
		failNext(method, status, body = { success: false, error: `failure ${status}` }, when) {
			failures.push({ method, status, body, when });
			return double;
		},
	};

	const answer = (request: NockedRequest): NockReply => {
		const body = (request.body ?? {}) as IDataObject;
		const recorded = { ...request, body };
		double.requests.push(recorded);
		double.onRequest?.(recorded);
		const { method } = request;
		const failure = failures.findIndex((f) => f.method === method && (f.when?.(body) ?? true));
		if (failure !== -1) {
			const [{ status, body: made }] = failures.splice(failure, 1);
			return [status, typeof made === 'function' ? made(body) : made];
		}
		const match = /^\/webhooks\/([^/]+)(\/test)?$/.exec(request.path);
		const webhook = match ? double.webhooks.get(decodeURIComponent(match[1])) : undefined;
		if (!match || !webhook) return [404, { success: false, error: 'Webhook not found' }];
		if (method === 'PATCH' && !match[2]) {
			for (const key of ['url', 'events', 'isActive']) if (key in body) webhook[key] = body[key];
			return [200, { success: true, data: { ...webhook } }];
		}
		if (method === 'POST' && match[2])
			return [
				200,
				{ success: true, event: body.event, message: 'Test delivery sent', payload: {} },
			];
		return [405, { success: false, error: 'not allowed' }];
	};
	mockApi(answer);
	return double;
}
