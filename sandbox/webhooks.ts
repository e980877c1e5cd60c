/**
 * Webhook deliveries: POSTs of job events to registered webhooks and to jobs' own webhooks.
 * Deliveries only ever go to loopback addresses; anything else is recorded as refused.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

import type { SandboxConfig } from './config';
import type { Delivery, SandboxState, WebhookRecord } from './state';

const MAX_DELIVERIES = 1000;
const MAX_WEBHOOK_DELIVERIES = 100;
const RECENT_DELIVERIES = 10;

export function isLoopbackUrl(value: string): boolean {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
	const host = url.hostname.toLowerCase();
	return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether a webhook subscribed to `event`: exactly, by `type.*`, or by `*`. */
export function subscribes(events: readonly string[], event: string): boolean {
	const type = event.slice(0, event.lastIndexOf('.'));
	return events.some((e) => e === event || e === '*' || e === `${type}.*`);
}

export interface DeliveryTarget {
	url: string;
	headers?: Record<string, string>;
	webhook?: WebhookRecord;
}

export class Deliverer {
	private timers = new Set<NodeJS.Timeout>();
	private requests = new Set<http.ClientRequest>();
	private closed = false;

	constructor(
		private readonly state: () => SandboxState,
		private readonly config: () => SandboxConfig,
	) {}

	/**
	 * Delivers `payload` to `target`, retrying failed attempts (`webhookRetries` times, with a
	 * doubling delay). Resolves with the last attempt's record.
	 */
	async deliver(
		target: DeliveryTarget,
		event: string,
		jobId: string,
		payload: Record<string, unknown>,
	): Promise<Delivery> {
		const retries = this.config().webhookRetries;
		let record = await this.attempt(target, event, jobId, payload, 1);
		for (
			let attempt = 2;
			attempt <= retries + 1 && !record.success && !this.closed && record.error !== REFUSED;
			attempt++
		) {
			await this.wait(this.config().webhookRetryDelayMs * 2 ** (attempt - 2));
			if (this.closed) break;
			record = await this.attempt(target, event, jobId, payload, attempt);
		}
		return record;
	}

	close(): void {
		this.closed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const request of this.requests) request.destroy();
		this.requests.clear();
	}

	private wait(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	private async attempt(
		target: DeliveryTarget,
		event: string,
		jobId: string,
		payload: Record<string, unknown>,
		attempt: number,
	): Promise<Delivery> {
		const deliveryId = `dlv_${randomUUID()}`;
		const outcome = isLoopbackUrl(target.url)
			? await this.post(target, event, deliveryId, payload)
			: { status: 0, error: REFUSED };
		const record: Delivery = {
			id: deliveryId,
			event,
			url: target.url,
			status: outcome.status,
			success: outcome.status >= 200 && outcome.status < 300,
			attempt,
			at: new Date().toISOString(),
			...(outcome.error ? { error: outcome.error } : {}),
			...(target.webhook ? { webhookId: target.webhook.id } : {}),
			jobId,
			payload,
		};
		// A reset during the attempt: the record belongs to the state it replaced, not the new one.
		if (this.closed) return record;
		const state = this.state();
		state.deliveries.push(record);
		if (state.deliveries.length > MAX_DELIVERIES) state.deliveries.shift();
		if (target.webhook) {
			target.webhook.deliveries.push(record);
			if (target.webhook.deliveries.length > MAX_WEBHOOK_DELIVERIES)
				target.webhook.deliveries.shift();
		}
		return record;
	}

	private post(
		target: DeliveryTarget,
		event: string,
		deliveryId: string,
		payload: Record<string, unknown>,
	): Promise<{ status: number; error?: string }> {
		const body = JSON.stringify(payload);
		const url = new URL(target.url);
		const client = url.protocol === 'https:' ? https : http;
		return new Promise((resolve) => {
			if (this.closed) return resolve({ status: 0, error: 'sandbox closed' });
			const request = client.request(
				url,
				{
					method: 'POST',
					// One connection per delivery: nothing pooled outlives it, so closing is clean.
					agent: false,
					timeout: this.config().webhookTimeoutMs,
					headers: {
						...target.headers,
						'content-type': 'application/json',
						'content-length': Buffer.byteLength(body),
						'user-agent': 'WebDataSandbox/1',
						'x-webdata-event': event,
						'x-webdata-delivery': deliveryId,
					},
					// Self-signed certificates are the norm on loopback.
					...(url.protocol === 'https:' ? { rejectUnauthorized: false } : {}),
				},
				(response) => {
					response.resume();
					response.on('end', () => done({ status: response.statusCode ?? 0 }));
					response.on('error', () => done({ status: response.statusCode ?? 0 }));
				},
			);
			this.requests.add(request);
			const done = (outcome: { status: number; error?: string }) => {
				this.requests.delete(request);
				resolve(outcome);
			};
			request.on('timeout', () => request.destroy(new Error('timed out')));
			request.on('error', (error) => done({ status: 0, error: error.message }));
			request.end(body);
		});
	}
}

export const REFUSED = 'refused: the sandbox only delivers to loopback addresses';

/** A webhook as the API shows it: recent deliveries without their payloads, newest first. */
export function webhookView(webhook: WebhookRecord) {
	return {
		id: webhook.id,
		url: webhook.url,
		events: [...webhook.events],
		isActive: webhook.isActive,
		secret: webhook.secret,
		createdAt: webhook.createdAt,
		updatedAt: webhook.updatedAt,
		recentDeliveries: webhook.deliveries
			.slice(-RECENT_DELIVERIES)
			.reverse()
			.map(({ payload: _payload, ...delivery }) => delivery),
	};
}
