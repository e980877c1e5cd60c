/**
 * Web Data Trigger: starts a workflow when the Web Data Service delivers a job event.
 *
 * The spec shows no way to create, list or read webhooks; it shows PATCH /webhooks/{id} (every
 * body field optional) and POST /webhooks/{id}/test. So the node borrows an existing webhook of
 * the user's account: activation points it at this node (PATCH url, events, isActive: true) and
 * deactivation puts back the url, events and isActive it had before (PATCH again, never DELETE:
 * the webhook belongs to the user).
 */
import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { nodeIcon } from '../shared/icons';
import { jobIdLocator, jobSearchMethods } from '../shared/jobs/picker';
import { CREDENTIAL_TYPE, checkCredentials, WebDataClient } from '../shared/transport/client';
import type { DeliveryRequest, DeliveryResponse } from './delivery';
import { eventOf, jobIdOf, readJsonBody, respond } from './delivery';
import {
	clearRegistration,
	eventSelected,
	patchWebhook,
	previousOf,
	readRegistration,
	readTokenKey,
	replaceTokenKey,
	requestTestDelivery,
	requireEvents,
	requireWebhookId,
	restoreBody,
	sameEvents,
	saveRegistration,
	selectedEvents,
	testJobIdOf,
	webhookIdOf,
	withToken,
	withoutQuery,
} from './registration';
import type { TokenScope } from './token';
import { newToken, presentedToken, revokeToken, sameSecret, tokenIssuedFor } from './token';

/** Test URLs ("Listen for test event") run in manual mode; everything else is production. */
function scopeOf(mode: string): TokenScope {
	return mode === 'manual' ? 'test' : 'live';
}

function nodeWebhookUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(ctx.getNode(), 'n8n did not give this trigger a webhook URL');
	return url;
}

/**
 * Asks the service for a sample delivery of the first selected event, without waiting for it.
 * n8n attaches a test registration's static data (which holds the token) only after create()
 * returns, and the service may deliver before it answers; sending the request after create()
 * has returned lets the sample find the registration complete. A failure is logged: listening
 * goes on, and a real event still arrives. The error logged has the URL's token masked.
 */
function requestSample(
	ctx: IHookFunctions,
	client: WebDataClient,
	webhookId: string,
	events: string[],
	url: string,
	jobId: string | undefined,
): void {
	const event = events.find((e) => !e.includes('*'));
	if (event === undefined) {
		ctx.logger.info(
			`Web Data Trigger: no sample requested, the selected events (${events.join(', ')}) are all patterns`,
		);
		return;
	}
	void Promise.resolve()
		.then(async () => await requestTestDelivery(client, webhookId, event, url, jobId))
		.then(
			() =>
				ctx.logger.debug(
					`Web Data Trigger: requested a test delivery of ${event} from webhook ${webhookId}`,
				),
			(error: Error) =>
				ctx.logger.warn(
					`Web Data Trigger: could not request a test delivery of ${event} from webhook ${webhookId}: ${error.message}`,
				),
		);
}

export class WebDataTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Web Data Trigger',
		name: 'webDataTrigger',
		icon: nodeIcon('webDataTrigger'),
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Webhook " + $parameter["webhookId"]}}',
		description:
			'Starts the workflow when the Web Data Service sends a job event, such as a finished crawl',
		defaults: { name: 'Web Data Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'webDataApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName:
					'While the workflow is active, or listening for a test event, this node points the webhook at n8n. Deactivating puts back its previous URL, events and active state.',
				name: 'takeoverNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Webhook ID',
				name: 'webhookId',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. wh_...',
				description:
					"The ID of an existing webhook of your Web Data Service account, as shown where the service's dashboard lists your webhooks. The API cannot create or list webhooks, so create one there first.",
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [
					{
						name: 'Crawl Completed',
						value: 'crawl.completed',
						description: 'A crawl job finished',
					},
				],
				default: ['crawl.completed'],
				description:
					'The events that start the workflow. Choose at least one here or under Other Events.',
			},
			{
				displayName: 'Other Events',
				name: 'otherEvents',
				type: 'string',
				default: '',
				placeholder: 'e.g. batch_scrape.completed, extract.failed',
				description:
					"More event names, comma-separated, for events the list above does not offer: the service's full list of event types is not published",
			},
			{
				displayName: 'Job for Test Events',
				name: 'testJobId',
				...jobIdLocator('any'),
				description:
					"The job that a test event names. The service's test event carries a made-up job ID that no job has; with a job picked here, the nodes after this trigger run on that job when you test the workflow from the editor. Production events keep their own job.",
			},
		],
	};

	methods = { listSearch: jobSearchMethods };

	webhookMethods = {
		default: {
			/**
			 * Whether this node's registration is still in place. The spec has no GET for a
			 * webhook, so the remote webhook is read with an empty PATCH, which changes nothing and
			 * answers its current state. True only when static data says this node registered
			 * this webhook with these events at this node's URL, and the service still has that
			 * URL (with the token), those events and isActive: true. A 404 means the webhook is
			 * gone: static data is cleared and create() runs (and reports the missing webhook).
			 * Any other failure is raised.
			 */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				const registration = readRegistration(data);
				if (!registration) return false;
				const webhookId = webhookIdOf(this);
				const events = selectedEvents(this);
				if (
					registration.webhookId !== webhookId ||
					withoutQuery(registration.url) !== nodeWebhookUrl(this) ||
					!sameEvents(registration.events, events)
				) {
					return false;
				}
				const remote = await patchWebhook(new WebDataClient(this), webhookId, {}, [
					registration.url,
				]);
				if (remote === undefined) {
					this.logger.info(
						`Web Data Trigger: webhook ${webhookId} no longer exists; it will be registered again`,
					);
					clearRegistration(data);
					return false;
				}
				return (
					remote.url === registration.url &&
					remote.isActive === true &&
					sameEvents(remote.events, events)
				);
			},

			/**
			 * Points the webhook at this node: reads it (empty PATCH) to remember what to put back,
			 * then PATCHes url (with a new secret token), events and isActive: true. In manual mode
			 * it also asks for a sample delivery of the first selected event.
			 */
			async create(this: IHookFunctions): Promise<boolean> {
				const node = this.getNode();
				const webhookId = requireWebhookId(this, node);
				const events = requireEvents(this, node);
				const testJobId = this.getMode() === 'manual' ? testJobIdOf(this, node) : undefined;
				const nodeUrl = nodeWebhookUrl(this);
				const client = new WebDataClient(this);
				const data = this.getWorkflowStaticData('node');

				let registration = readRegistration(data);
				if (registration && registration.webhookId !== webhookId) {
					// This node held another webhook before its Webhook ID changed: give that one back.
					const restored = await patchWebhook(
						client,
						registration.webhookId,
						restoreBody(registration.previous),
						[registration.url],
					);
					if (restored === undefined)
						this.logger.info(
							`Web Data Trigger: webhook ${registration.webhookId} no longer exists`,
						);
					revokeToken(registration.token);
					replaceTokenKey(data);
					clearRegistration(data);
					registration = undefined;
				}

				const current = await patchWebhook(client, webhookId, {}, [registration?.url]);
				if (current === undefined) {
					throw new NodeOperationError(
						node,
						`The Web Data Service has no webhook with the ID ${webhookId}`,
						{
							description:
								'Check Webhook ID: it must be the ID of an existing webhook of the account whose API key the credential holds. The API cannot create webhooks; create one in the service dashboard.',
						},
					);
				}
				// A registration of this node that is being refreshed keeps the state from before n8n.
				const previous = registration?.previous ?? previousOf(current, nodeUrl);

				const { apiKey } = checkCredentials(node, await this.getCredentials(CREDENTIAL_TYPE));
				const token = newToken({
					apiKey,
					scope: scopeOf(this.getMode()),
					workflowId: String(this.getWorkflow().id ?? ''),
					nodeId: node.id,
					webhookId,
					tokenKey: readTokenKey(data),
				});
				const url = withToken(nodeUrl, token);
				// Remembered before the PATCH, so that a failure after the service applied it can still be undone.
				saveRegistration(data, {
					webhookId,
					url,
					events,
					token,
					previous,
					registeredAt: new Date().toISOString(),
				});

				const updated = await patchWebhook(client, webhookId, { url, events, isActive: true }, [
					current.url,
				]);
				if (updated === undefined) {
					revokeToken(token);
					replaceTokenKey(data);
					clearRegistration(data);
					throw new NodeOperationError(
						node,
						`The Web Data webhook ${webhookId} was deleted while the trigger was registering it`,
					);
				}
				if (this.getMode() === 'manual')
					requestSample(this, client, webhookId, events, url, testJobId);
				return true;
			},

			/**
			 * Puts the webhook back as it was (PATCH url, events, isActive), if it still points at
			 * this node: when someone has pointed it elsewhere since, it is left alone. A 404 means
			 * it is gone, which is fine. Static data is cleared once done; on any other failure it
			 * is kept (so a later deactivation can still restore) and the error is raised. Either
			 * way the token is revoked and the token key replaced: once n8n has saved the static
			 * data, no process accepts a token issued before.
			 */
			async delete(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				const registration = readRegistration(data);
				// Every token issued so far fails its MAC from now on, in any process (see token.ts).
				replaceTokenKey(data);
				if (!registration) return true;
				revokeToken(registration.token);
				const client = new WebDataClient(this);
				const { webhookId } = registration;
				const hidden = [registration.url, registration.previous.url];
				const current = await patchWebhook(client, webhookId, {}, hidden);
				if (current === undefined) {
					this.logger.info(
						`Web Data Trigger: webhook ${webhookId} no longer exists; nothing to put back`,
					);
				} else if (
					current.url !== undefined &&
					withoutQuery(current.url) !== withoutQuery(registration.url)
				) {
					this.logger.info(
						`Web Data Trigger: webhook ${webhookId} now points elsewhere; it is left as it is`,
					);
				} else {
					const restored = await patchWebhook(
						client,
						webhookId,
						restoreBody(registration.previous),
						hidden,
					);
					if (restored === undefined)
						this.logger.info(`Web Data Trigger: webhook ${webhookId} was deleted meanwhile`);
				}
				clearRegistration(data);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject() as unknown as DeliveryResponse;
		if (!(await deliveryAuthorized(this))) {
			respond(response, 401, { error: 'Unauthorized' });
			return { noWebhookResponse: true };
		}

		const body = readJsonBody(this.getRequestObject() as unknown as DeliveryRequest);
		if (!body.ok) {
			respond(response, 400, { error: body.reason });
			return { noWebhookResponse: true };
		}

		// An event that names none was sent because of a subscription: it is not dropped.
		const selected = selectedEvents(this);
		const events = body.events.filter((payload) => {
			const event = eventOf(payload);
			return event === null || eventSelected(selected, event);
		});
		if (events.length === 0) {
			const names = body.events.map(eventOf);
			const ignored = names.length === 1 ? { event: names[0] } : { events: names };
			return { webhookResponse: { received: true, ignored: true, ...ignored } };
		}
		// Testing from the editor, the job picked for test events stands in for the made-up job
		// of the service's test event, so the next nodes read a job that exists.
		const testJobId = this.getMode() === 'manual' ? testJobIdOf(this, this.getNode()) : undefined;
		const receivedAt = new Date().toISOString();
		const items: IDataObject[] = events.map((payload) => ({
			event: eventOf(payload),
			jobId: testJobId ?? jobIdOf(payload),
			receivedAt,
			payload,
		}));
		return { workflowData: [this.helpers.returnJsonArray(items)] };
	}
}

/**
 * Whether the delivery carries this activation's token. The token in static data decides; while
 * n8n has not attached static data yet (see token.ts), a fresh token whose MAC checks out with
 * the API key is accepted, if it is the latest this process issued. Never throws: a failure to
 * check is a refusal.
 */
async function deliveryAuthorized(ctx: IWebhookFunctions): Promise<boolean> {
	const presented = presentedToken(ctx.getQueryData());
	const data = ctx.getWorkflowStaticData('node');
	const registration = readRegistration(data);
	if (registration) return sameSecret(presented, registration.token);
	if (presented === undefined) return false;
	let apiKey: string;
	try {
		apiKey = String((await ctx.getCredentials(CREDENTIAL_TYPE)).apiKey ?? '').trim();
	} catch (error) {
		ctx.logger.warn(
			`Web Data Trigger: could not load the credential to check a delivery: ${(error as Error).message}`,
		);
		return false;
	}
	return tokenIssuedFor(presented, {
		apiKey,
		tokenKey: readTokenKey(data),
		scope: scopeOf(ctx.getMode()),
		workflowId: String(ctx.getWorkflow().id ?? ''),
		nodeId: ctx.getNode().id,
		webhookId: webhookIdOf(ctx),
	});
}
