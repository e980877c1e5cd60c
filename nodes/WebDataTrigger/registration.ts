/**
 * What the trigger remembers about the webhook it took over, and the three API calls it makes.
 *
 * The spec gives PATCH /webhooks/{id} (all body fields optional, answers `{success, data:
 * Webhook}`) and POST /webhooks/{id}/test, but no way to read, create or list webhooks. A PATCH
 * with an empty body changes nothing and answers the webhook as it is, so it is the trigger's
 * read: it captures the state to put back and lets checkExists look at the remote webhook.
 */
import type { IDataObject, IHookFunctions, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	ENDPOINTS,
	issueSentence,
	isPlainObject,
	validateWire,
	type WebhookResponse,
	type WebhookTestResponse,
} from '../../contract';
import { jobIdValue } from '../shared/jobs/picker';
import { endpointRequest } from '../shared/transport/apiRequest';
import type { WebDataClient } from '../shared/transport/client';
import { maskError } from '../shared/transport/errors';
import { newTokenKey } from './token';

/** The fields of a webhook the trigger changes and puts back; unknown when the API omits them. */
export type WebhookState = {
	url?: string;
	events?: string[];
	isActive?: boolean;
};

/** The node's static data while it owns a webhook (a type alias: n8n stores it as an IDataObject). */
export type Registration = {
	webhookId: string;
	/** The URL given to the service: the node's webhook URL with `?token=`. */
	url: string;
	events: string[];
	/** The secret in `url`; a delivery must carry it. */
	token: string;
	/** The webhook as it was before the trigger took it over: what deactivation puts back. */
	previous: WebhookState;
	registeredAt: string;
};

const KEY = 'registration';

function stringArray(value: unknown): string[] | undefined {
	return Array.isArray(value) && value.every((v): v is string => typeof v === 'string')
		? [...value]
		: undefined;
}

export function readRegistration(data: IDataObject): Registration | undefined {
	const value = data[KEY];
	if (!isPlainObject(value)) return undefined;
	const { webhookId, url, token, registeredAt } = value;
	const events = stringArray(value.events);
	if (
		typeof webhookId !== 'string' ||
		typeof url !== 'string' ||
		typeof token !== 'string' ||
		!events
	)
		return undefined;
	return {
		webhookId,
		url,
		events,
		token,
		previous: stateOf(value.previous),
		registeredAt: typeof registeredAt === 'string' ? registeredAt : '',
	};
}

/** Replaces the whole record, so n8n's change tracking of static data sees the write. */
export function saveRegistration(data: IDataObject, registration: Registration): void {
	data[KEY] = {
		...registration,
		events: [...registration.events],
		previous: {
			...registration.previous,
			...(registration.previous.events ? { events: [...registration.previous.events] } : {}),
		},
	};
}

export function clearRegistration(data: IDataObject): void {
	delete data[KEY];
}

const TOKEN_KEY = 'tokenKey';

/** The node's token key (token.ts), or undefined before the first deactivation. */
export function readTokenKey(data: IDataObject): string | undefined {
	const value = data[TOKEN_KEY];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Revokes every token issued so far, in every process that reads the static data n8n saves. */
export function replaceTokenKey(data: IDataObject): void {
	data[TOKEN_KEY] = newTokenKey();
}

/** The url, events and isActive of a webhook, from `{success, data: Webhook}` or a bare Webhook. */
export function stateOf(value: unknown): WebhookState {
	const webhook = isPlainObject(value) && isPlainObject(value.data) ? value.data : value;
	if (!isPlainObject(webhook)) return {};
	const state: WebhookState = {};
	if (typeof webhook.url === 'string') state.url = webhook.url;
	const events = stringArray(webhook.events);
	if (events) state.events = events;
	if (typeof webhook.isActive === 'boolean') state.isActive = webhook.isActive;
	return state;
}

// ---- parameters ----------------------------------------------------------------------------

/** The Webhook ID parameter, trimmed ('' when unset). */
export function webhookIdOf(ctx: Pick<IHookFunctions, 'getNodeParameter'>): string {
	return String(ctx.getNodeParameter('webhookId', '') ?? '').trim();
}

/** Longer than any job ID a path takes (checkWebhookId's bound for IDs). */
const MAX_TEST_JOB_ID = 256;

/**
 * The job a test event names ("Job for Test Events"), or undefined when none is picked. A URL
 * that holds no job path, or an ID too long for a path, is refused before anything is sent.
 */
export function testJobIdOf(
	ctx: Pick<IHookFunctions, 'getNodeParameter'>,
	node: INode,
): string | undefined {
	const picked = jobIdValue(ctx.getNodeParameter('testJobId', '') as unknown);
	const problem =
		'problem' in picked
			? picked.problem
			: String(picked.id ?? '').trim().length > MAX_TEST_JOB_ID
				? `must be at most ${MAX_TEST_JOB_ID} characters`
				: undefined;
	if (problem !== undefined)
		throw new NodeOperationError(node, `Enter a valid "Job for Test Events": it ${problem}`, {
			description: 'Nothing was sent to the Web Data API.',
		});
	if (!('id' in picked)) return undefined;
	const id = String(picked.id ?? '').trim();
	return id === '' ? undefined : id;
}

/** Event names from a comma- (or whitespace-) separated list. */
export function splitEvents(text: string): string[] {
	return text.match(/[^\s,]+/g) ?? [];
}

/** The selected events: the list's first, then the typed-in ones, without duplicates. */
export function selectedEvents(ctx: Pick<IHookFunctions, 'getNodeParameter'>): string[] {
	const listed = ctx.getNodeParameter('events', []) as unknown;
	const other = ctx.getNodeParameter('otherEvents', '') as unknown;
	const fromList = Array.isArray(listed)
		? listed.map((e) => String(e).trim()).filter((e) => e !== '')
		: [];
	const typed =
		typeof other === 'string' ? splitEvents(other) : Array.isArray(other) ? other.map(String) : [];
	return [...new Set([...fromList, ...typed])];
}

/** The webhooks' path id (webhookDelete's only field), checked as every other ID is. */
const WEBHOOK_ID_FIELD = ENDPOINTS.webhookDelete.fields;

/**
 * `id` if it is a valid path ID (not `.` or `..`, which would address the endpoint's parent; no control
 * characters or broken Unicode; at most 256 characters), else a NodeOperationError naming Webhook ID
 * and the bound. Separators are no risk: path values are percent-encoded.
 */
export function checkWebhookId(node: INode, id: string): string {
	const checked = validateWire(WEBHOOK_ID_FIELD, { id });
	if (checked.ok) return id;
	const [issue] = checked.issues;
	throw new NodeOperationError(node, issueSentence('Webhook ID', issue), {
		description: 'Nothing was sent to the Web Data API.',
	});
}

export function requireWebhookId(
	ctx: Pick<IHookFunctions, 'getNodeParameter'>,
	node: INode,
): string {
	const id = webhookIdOf(ctx);
	if (id !== '') return checkWebhookId(node, id);
	throw new NodeOperationError(node, 'Enter the ID of a webhook of your Web Data Service account', {
		description:
			'The API cannot create or list webhooks: create one in the service dashboard and paste its ID into Webhook ID.',
	});
}

export function requireEvents(
	ctx: Pick<IHookFunctions, 'getNodeParameter'>,
	node: INode,
): string[] {
	const events = selectedEvents(ctx);
	if (events.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one event', {
			description:
				'Select an event under Events, or type event names into Other Events (comma-separated).',
		});
	}
	return events;
}

/** Whether two event lists hold the same names, in any order. */
export function sameEvents(
	a: readonly string[] | undefined,
	b: readonly string[] | undefined,
): boolean {
	if (!a || !b) return false;
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((e) => right.has(e));
}

/**
 * Whether a delivered event is one of the selected ones: by exact name, or by a `*` / `type.*`
 * pattern the user typed into Other Events.
 */
export function eventSelected(selected: readonly string[], event: string): boolean {
	return selected.some(
		(s) => s === event || s === '*' || (s.endsWith('.*') && event.startsWith(s.slice(0, -1))),
	);
}

// ---- URLs ----------------------------------------------------------------------------------

export function withToken(nodeUrl: string, token: string): string {
	return `${nodeUrl}${nodeUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** A URL without its query string: the node's webhook URL of a registered URL. */
export function withoutQuery(url: string): string {
	const at = url.indexOf('?');
	return at === -1 ? url : url.slice(0, at);
}

// ---- secrets in errors ---------------------------------------------------------------------

/** Shorter values are not masked one by one: masking them would garble the message for nothing. */
const MIN_SECRET = 8;

const TOKEN_VALUE = /([?&]token=)[^&#\s"'<>\\]+/g;

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/**
 * A mask for the query of each URL (this node's token, or a secret of the user's own endpoint),
 * whole and value by value, and for the value of any `token=` parameter, so that an API which
 * echoes the request or the webhook into its error puts none of them into n8n's errors or logs.
 */
export function queryMask(urls: ReadonlyArray<string | undefined>): (text: string) => string {
	const values = new Set<string>();
	const queries = new Set<string>();
	const add = (to: Set<string>, text: string) => {
		for (const secret of [text, decoded(text)]) if (secret.length >= MIN_SECRET) to.add(secret);
	};
	for (const url of urls) {
		if (url === undefined || !url.includes('?')) continue;
		const query = url.slice(url.indexOf('?') + 1).split('#')[0];
		add(queries, query);
		for (const pair of query.split('&')) add(values, pair.slice(pair.indexOf('=') + 1));
	}
	// Values first (`token=***` says more than `***`), then whatever is left of whole queries.
	const byLength = (set: Set<string>) => [...set].sort((a, b) => b.length - a.length);
	const ordered = [...byLength(values), ...byLength(queries)];
	return (text) =>
		ordered.reduce((t, secret) => t.split(secret).join('***'), text).replace(TOKEN_VALUE, '$1***');
}

/** A failure of a call as a node error with the queries of `urls` masked in every field. */
function maskedError(client: WebDataClient, error: unknown, urls: Array<string | undefined>) {
	// The client raises NodeApiError / NodeOperationError already; anything else is wrapped.
	const nodeError =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeApiError(client.node, error as JsonObject);
	return maskError(nodeError, queryMask(urls));
}

// ---- API calls -----------------------------------------------------------------------------

export function isNotFound(error: unknown): boolean {
	return isPlainObject(error) && String(error.httpCode) === '404';
}

/**
 * PATCH /webhooks/{id} with `body` (an empty body reads the webhook). Resolves with the webhook's
 * state after the call, or `undefined` when the service answers 404 (the webhook is gone). Every
 * other failure is thrown, with the query of `body.url` and of each of `hidden` (the URLs the
 * webhook may hold) masked.
 */
export async function patchWebhook(
	client: WebDataClient,
	id: string,
	body: IDataObject,
	hidden: Array<string | undefined>,
): Promise<WebhookState | undefined> {
	checkWebhookId(client.node, id);
	try {
		const response = await client.request<WebhookResponse>(
			endpointRequest('webhookUpdate', { id, ...body }),
		);
		// stateOf keeps only the fields whose types are right: nothing checked the answer.
		return stateOf(response);
	} catch (error) {
		if (isNotFound(error)) return undefined;
		throw maskedError(client, error, [body.url as string | undefined, ...hidden]);
	}
}

/**
 * The state to put back later, from the webhook as it is now. If it already points at this node
 * (a registration whose static data was lost), putting that URL back would leave the webhook
 * delivering to an address that no longer listens, so it is put back inactive instead.
 */
export function previousOf(current: WebhookState, nodeUrl: string): WebhookState {
	if (current.url !== undefined && withoutQuery(current.url) === nodeUrl)
		return { ...current, isActive: false };
	return { ...current };
}

/**
 * The PATCH body that puts `previous` back. Fields the read did not return are left alone; if
 * the URL is unknown the webhook keeps this node's URL, so it is switched off.
 */
export function restoreBody(previous: WebhookState): IDataObject {
	const body: IDataObject = {};
	if (previous.url !== undefined) body.url = previous.url;
	if (previous.events !== undefined) body.events = [...previous.events];
	body.isActive = previous.url === undefined ? false : (previous.isActive ?? false);
	return body;
}

/**
 * POST /webhooks/{id}/test: the service sends a sample delivery of `event` to `url`. With a
 * `jobId`, the request's custom payload (the spec's `payload`, whose content is the caller's)
 * names that job: `{ event, jobId }`, the names the trigger reads a delivery by.
 */
export async function requestTestDelivery(
	client: WebDataClient,
	id: string,
	event: string,
	url: string,
	jobId?: string,
): Promise<WebhookTestResponse> {
	checkWebhookId(client.node, id);
	const payload = jobId === undefined ? {} : { payload: { event, jobId } };
	try {
		return await client.request<WebhookTestResponse>(
			endpointRequest('webhookTest', { id, event, ...payload }),
		);
	} catch (error) {
		throw maskedError(client, error, [url]);
	}
}
