/**
 * The service's webhooks for the trigger's tests, a mockApi that holds them because the trigger
 * reads a webhook, changes it and later puts it back (a whole service is the sandbox's job).
 * PATCH /webhooks/{id} applies the fields it carries (an empty PATCH is the trigger's read),
 * POST /webhooks/{id}/test answers as the spec shows, an unknown ID gets 404.
 *
 *   const remote = mockWebhooks([{ id: 'wh_1', url: 'https://hooks.example.com', ... }]);
 *   remote.failNext('PATCH', 500);                  // the next PATCH fails
 *   expect(remote.webhook('wh_1').isActive).toBe(true);
 */
import type { IDataObject } from 'n8n-workflow';

import { mockApi, type NockedRequest, type NockReply } from './http';

/** A request the double answered; `body` is `{}` when the request carried none. */
type WebhookRequest = NockedRequest & { body: IDataObject };

/** A failure's body, or how to make it from the request's (an API that echoes it). */
type FailureBody = unknown | ((body: IDataObject) => unknown);

export function mockWebhooks(initial: IDataObject[]) {
	const failures: Array<{
		method: string;
		status: number;
		body: FailureBody;
		when?: (body: IDataObject) => boolean;
	}> = [];
	const double = {
		webhooks: new Map(initial.map((webhook) => [String(webhook.id), { ...webhook }])),
		webhook: (id: string) => double.webhooks.get(id)!,
		requests: [] as WebhookRequest[],
		/** Called with each request before it is answered (for ordering checks). */
		onRequest: undefined as ((request: WebhookRequest) => void) | undefined,
		/** The next request of `method` (for which `when` holds) fails with `status` and `body`. */
		failNext(
			method: string,
			status: number,
			body: FailureBody = { success: false, error: `failure ${status}` },
			when?: (body: IDataObject) => boolean,
		) {
			failures.push({ method, status, body, when });
			return double;
		},
	};

	mockApi((request): NockReply => {
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
		const sent = { success: true, event: body.event, message: 'Test delivery sent', payload: {} };
		if (method === 'POST' && match[2]) return [200, sent];
		return [405, { success: false, error: 'not allowed' }];
	});
	return double;
}

export type MockWebhooks = ReturnType<typeof mockWebhooks>;
