/**
 * Reading a delivery: its JSON body, the event name and job id it carries, and answering it.
 *
 * The spec does not show the delivery payload or headers, so the event name and job id are
 * looked up in the usual places and left null when absent; the payload is passed on as delivered.
 */
import type { IDataObject } from 'n8n-workflow';

import { isJsonObject, isPlainObject } from '../../contract';

/** The events a delivery carries: one JSON object, or several in an array. */
export type JsonBody = { ok: true; events: IDataObject[] } | { ok: false; reason: string };

/** Events one delivery may carry (an array); more is refused, not cut. */
export const MAX_EVENTS_PER_DELIVERY = 1000;

/**
 * The events of a parsed body: an object is one event, an array of objects is each of them (the
 * spec does not show the payload: a service may batch). JSON objects hold JSON values, which is
 * what IDataObject holds.
 */
function eventsOf(parsed: unknown): JsonBody {
	if (isJsonObject(parsed)) return { ok: true, events: [parsed as IDataObject] };
	if (!Array.isArray(parsed))
		return { ok: false, reason: 'The request body must be a JSON object, or an array of them' };
	if (parsed.length === 0) return { ok: false, reason: 'The request body is an empty array' };
	if (parsed.length > MAX_EVENTS_PER_DELIVERY)
		return { ok: false, reason: `A delivery may carry at most ${MAX_EVENTS_PER_DELIVERY} events` };
	if (!parsed.every(isJsonObject))
		return { ok: false, reason: 'Each event of the request body must be a JSON object' };
	return { ok: true, events: parsed as IDataObject[] };
}

/** The parts of n8n's request object a delivery is read from. */
export interface DeliveryRequest {
	headers?: Record<string, unknown>;
	/** What n8n parsed: an object for application/json, a string for text/plain, else nothing. */
	body?: unknown;
	/** The bytes as received (n8n reads them before the node runs). */
	rawBody?: unknown;
}

/** The parts of n8n's response object used to answer a refused delivery. */
export interface DeliveryResponse {
	headersSent?: boolean;
	writeHead(status: number, headers?: Record<string, string>): unknown;
	end(body?: string): unknown;
}

function mediaType(headers: Record<string, unknown> | undefined): string {
	const value = headers?.['content-type'];
	const text = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
	return text.split(';')[0].trim().toLowerCase();
}

function rawText(request: DeliveryRequest): string | undefined {
	const raw = request.rawBody;
	if (raw instanceof Uint8Array) return Buffer.from(raw).toString('utf8');
	if (typeof raw === 'string') return raw;
	if (typeof request.body === 'string') return request.body;
	return undefined;
}

/**
 * The delivery's events, from its JSON body. n8n has already parsed an application/json body (and
 * answers 422 itself when it cannot); any other or missing content type is read from the raw
 * bytes, so a JSON payload with an unusual content type still gets through, while a form, text
 * or an empty body does not.
 */
export function readJsonBody(request: DeliveryRequest): JsonBody {
	const type = mediaType(request.headers);
	const isJsonType = type === 'application/json' || type.endsWith('+json');
	if (isJsonType && (isJsonObject(request.body) || Array.isArray(request.body)))
		return eventsOf(request.body);
	const text = rawText(request);
	if (text === undefined || text.trim() === '')
		return { ok: false, reason: 'The request has no body; a JSON object is expected' };
	let parsed: unknown;
	try {
		parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
	} catch {
		return { ok: false, reason: 'The request body is not valid JSON' };
	}
	return eventsOf(parsed);
}

function nonEmptyString(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function idString(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return nonEmptyString(value);
}

/**
 * The event name: `event`, else `type` when it looks like an event name (`crawl.completed`,
 * not a job type such as `crawl`); null when the payload names none.
 */
export function eventOf(payload: IDataObject): string | null {
	const event = nonEmptyString(payload.event);
	if (event) return event;
	const type = nonEmptyString(payload.type);
	return type && type.includes('.') ? type : null;
}

/** The job id: `jobId`, `job_id`, `job.id`, then `id`; null when the payload carries none. */
export function jobIdOf(payload: IDataObject): string | null {
	const fromJob = isPlainObject(payload.job) ? payload.job.id : undefined;
	return (
		idString(payload.jobId) ??
		idString(payload.job_id) ??
		idString(fromJob) ??
		idString(payload.id) ??
		null
	);
}

/** Answers the request directly (the node then returns `noWebhookResponse`). */
export function respond(response: DeliveryResponse, status: number, body: IDataObject): void {
	if (response.headersSent) return;
	response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify(body));
}
