/** The service's webhook endpoints behind nock, for the trigger tests. */
import type { IDataObject } from 'n8n-workflow';

import { BASE_URL } from '../../devkit/runNode';
import { mockApi, type RecordedRequest, type Reply } from '../helpers/http';

export { BASE_URL };
export const API_KEY = 'bc_test_trigger_0123456789';
export const WEBHOOK = 'wh_1';
export const PATH = `/webhooks/${WEBHOOK}`;

export const ORIGINAL = {
	id: WEBHOOK,
	url: 'https://hooks.example.com/web-data',
	events: ['crawl.failed'],
	isActive: false,
	secret: 'whsec_x',
	createdAt: '2024-01-01T00:00:00.000Z',
	updatedAt: '2024-01-01T00:00:00.000Z',
	recentDeliveries: [],
};

export interface Recorded {
	method: string;
	path: string;
	body: IDataObject;
	authorization?: string;
}

/**
 * The service's webhooks behind nock: PATCH applies the fields it carries and answers the webhook
 * (an empty PATCH changes nothing), POST .../test answers like the spec; unknown ids get 404.
 * `failNext` makes the next matching request fail instead, with a body that may be made from the
 * request's (an API that echoes it).
 */
export class FakeService {
	readonly webhooks = new Map<string, IDataObject>();
	readonly requests: Recorded[] = [];
	onRequest?: (request: Recorded) => void;
	private failures: Array<{
		method: string;
		status: number;
		body: unknown;
		when?: (body: IDataObject) => boolean;
	}> = [];

	constructor(initial: IDataObject[] = [{ ...ORIGINAL }]) {
		for (const webhook of initial) this.webhooks.set(String(webhook.id), { ...webhook });
		mockApi((request) => this.answer(request));
	}

	get state(): IDataObject {
		return this.webhooks.get(WEBHOOK)!;
	}

	failNext(
		method: string,
		status: number,
		body: unknown = { success: false, error: `failure ${status}` },
		when?: (body: IDataObject) => boolean,
	): this {
		this.failures.push({ method, status, body, when });
		return this;
	}

	private answer(request: RecordedRequest): Reply {
		const { method } = request;
		const body = (request.body ?? {}) as IDataObject;
		const recorded = {
			method,
			path: request.path,
			body,
			authorization: request.headers.authorization,
		};
		this.requests.push(recorded);
		this.onRequest?.(recorded);
		const failure = this.failures.findIndex((f) => f.method === method && (f.when?.(body) ?? true));
		if (failure !== -1) {
			const [{ status, body: failureBody }] = this.failures.splice(failure, 1);
			return [
				status,
				typeof failureBody === 'function'
					? (failureBody as (body: IDataObject) => unknown)(body)
					: failureBody,
			];
		}
		const match = /^\/webhooks\/([^/]+)(\/test)?$/.exec(request.path);
		const webhook = match ? this.webhooks.get(decodeURIComponent(match[1])) : undefined;
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
	}
}
