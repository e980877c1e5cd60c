/**
 * Runs the Web Data Trigger the way n8n 2.41 does, with n8n-core's own contexts:
 *
 * - activation / deactivation (ActiveWorkflowManager + WebhookService): checkExists, then create
 *   if it said false, through a HookContext in mode 'trigger'; delete in mode 'internal'. The
 *   workflow's static data is saved (like WorkflowStaticDataService) only when that succeeded.
 * - "Listen for test event" (TestWebhooks): empty static data, mode 'manual', the test URL; the
 *   static data is kept with the registration once create() has returned, and attached to the
 *   workflow of a test delivery with setTestStaticData().
 * - a delivery (WebhookHelpers.executeWebhook): a WebhookContext with the request and response,
 *   n8n's body parsing (application/json parsed, 422 when it cannot be), and n8n's answer for an
 *   `onReceived` webhook when the node did not answer itself.
 *
 * Importing it loads the package (as n8n loads it) before the test file's tests.
 */
import 'reflect-metadata';
import type http from 'node:http';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INodeParameters,
	INodeTypes,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { serveLoopback } from '../../devkit/loopback';
import { TestCredentialsHelper } from '../helpers/credentials';
import { parseJson } from '../helpers/http';
import { loadPackage, type LoadedPackage } from '../../devkit/package';
import { nodeTypesRegistry, oneNodeWorkflow, testAdditionalData } from '../helpers/runNode';
import type { WebDataTrigger } from '../../nodes/WebDataTrigger/WebDataTrigger.node';

export const API_KEY = 'bc_test_trigger_0123456789';
/** The webhook the trigger tests take over, as the service holds it before (test/helpers/webhooks.ts). */
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

export const TRIGGER_TYPE = 'n8n-nodes-webdata.webDataTrigger';
export const NODE_NAME = 'Web Data Trigger';
export const NODE_ID = 'node-trigger-1';
/** The node's own webhookId, which n8n puts in the webhook path. */
export const NODE_WEBHOOK_ID = '6a0c1f8e-8d5e-4d8a-9a53-0d4b1b2c3d4e';
export const WORKFLOW_ID = 'wf-trigger-test';
export const STATIC_KEY = `node:${NODE_NAME}`;

type HookMethod = 'checkExists' | 'create' | 'delete';
/** How n8n calls a webhook method: the execution mode, the activation mode, whether on the test URL. */
type HookCall = [WorkflowExecuteMode, WorkflowActivateMode, boolean];

/** `result`: what webhook() returned, none when n8n answered before the node ran (422). */
type DeliveryOutcome = { status: number; body: unknown; result?: IWebhookResponseData } & {
	started: boolean;
	items: IDataObject[];
};

/** A copy as n8n's database would give it back. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;

let loaded: (LoadedPackage & { registry: INodeTypes }) | undefined;
beforeAll(async () => {
	loaded = { ...(await loadPackage()), registry: await nodeTypesRegistry() };
});

function triggerPackage() {
	if (!loaded) throw new Error('The package loads before the tests: use the harness inside them');
	return loaded;
}

export class TriggerHarness {
	readonly nodeType = triggerPackage().nodeTypes.webDataTrigger as WebDataTrigger;
	/** The workflow's static data as n8n's database holds it. */
	savedStaticData: IDataObject = {};
	/** The static data n8n keeps with a test webhook registration, once create() has returned. */
	testRegistration?: { staticData: IDataObject };
	/** Whether a test registration exists at all (from before create() is called). */
	listening = false;
	parameters!: INodeParameters;
	credentials!: { apiKey: string; baseUrl: string };
	/** n8n's address; webhook URLs are `${n8nUrl}/webhook/...` and `${n8nUrl}/webhook-test/...`. */
	n8nUrl = 'http://localhost:5678';
	/** Called when a webhook method has returned (for ordering checks). */
	onHookReturned?: (method: HookMethod) => void;

	constructor(options: Pick<TriggerHarness, 'parameters' | 'credentials'>) {
		Object.assign(this, options);
	}

	nodeUrl(test = false): string {
		return `${this.n8nUrl}/${test ? 'webhook-test' : 'webhook'}/${NODE_WEBHOOK_ID}/webhook`;
	}

	get saved(): IDataObject | undefined {
		return this.savedStaticData[STATIC_KEY] as IDataObject | undefined;
	}

	workflow(staticData: IDataObject): Workflow {
		const { parameters } = this;
		const node = { id: NODE_ID, name: NODE_NAME, type: TRIGGER_TYPE, webhookId: NODE_WEBHOOK_ID };
		const { registry } = triggerPackage();
		return oneNodeWorkflow(registry, WORKFLOW_ID, { ...node, parameters }, staticData).workflow;
	}

	private context(workflow: Workflow, isTest: boolean, request?: object) {
		const webDataApi = { ...this.credentials };
		const helper = new TestCredentialsHelper(triggerPackage().credentialTypes, { webDataApi });
		const additionalData: IWorkflowExecuteAdditionalData = {
			...testAdditionalData(undefined, undefined, helper, this.n8nUrl),
			...request,
		};
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: NODE_NAME,
			path: `${NODE_WEBHOOK_ID}/webhook`,
			webhookDescription: this.nodeType.description.webhooks![0],
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: NODE_WEBHOOK_ID,
			isTest,
		};
		return { node: workflow.getNode(NODE_NAME)!, additionalData, webhookData };
	}

	/** As WebhookService.runWebhookMethod does. */
	async runHook(method: HookMethod, workflow: Workflow, ...[mode, activation, isTest]: HookCall) {
		const { node, additionalData, webhookData } = this.context(workflow, isTest);
		const context = new HookContext(workflow, node, additionalData, mode, activation, webhookData);
		const result = (await this.nodeType.webhookMethods.default[method].call(context)) as boolean;
		this.onHookReturned?.(method);
		return result;
	}

	/** createWebhookIfNotExists: returns whether create ran. */
	private async createIfNotExists(workflow: Workflow, ...call: HookCall): Promise<boolean> {
		const exists = await this.runHook('checkExists', workflow, ...call);
		if (!exists) await this.runHook('create', workflow, ...call);
		return !exists;
	}

	/**
	 * Activating the workflow (ActiveWorkflowManager.addWebhooks). On failure n8n removes the
	 * webhooks again from the saved workflow (clearWebhooks) and reports the error.
	 */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<{ created: boolean }> {
		const workflow = this.workflow(clone(this.savedStaticData));
		let created: boolean;
		try {
			created = await this.createIfNotExists(workflow, 'trigger', activation, false);
		} catch (error) {
			await this.deactivate().catch(() => undefined);
			throw error;
		}
		this.savedStaticData = clone(workflow.staticData);
		return { created };
	}

	/** Deactivating (clearWebhooks -> deregisterWebhooks): static data is saved only if delete succeeded. */
	async deactivate(): Promise<boolean> {
		const workflow = this.workflow(clone(this.savedStaticData));
		const result = await this.runHook('delete', workflow, 'internal', 'update', false);
		this.savedStaticData = clone(workflow.staticData);
		return result;
	}

	/** "Listen for test event" (TestWebhooks.needsWebhook). */
	async listen(): Promise<{ created: boolean }> {
		const workflow = this.workflow({});
		this.listening = true;
		this.testRegistration = undefined;
		try {
			const created = await this.createIfNotExists(workflow, 'manual', 'manual', true);
			this.testRegistration = { staticData: clone(workflow.staticData) };
			return { created };
		} catch (error) {
			await this.runHook('delete', workflow, 'internal', 'update', true).catch(() => undefined);
			this.listening = false;
			throw error;
		}
	}

	/** The end of listening (TestWebhooks.deactivateWebhooks): delete with the registration's static data. */
	async stopListening(): Promise<boolean> {
		const workflow = this.workflow({});
		if (this.testRegistration) workflow.staticData = this.testRegistration.staticData;
		this.listening = false;
		const result = await this.runHook('delete', workflow, 'internal', 'update', true);
		this.testRegistration = undefined;
		return result;
	}

	/**
	 * One delivery to the node's production or test URL (`test`), as n8n handles it. `json` is
	 * sent serialized (content-type application/json unless given), `raw` as it is.
	 */
	async deliver({
		json,
		raw,
		headers = {},
		query = {},
		test = false,
	}: {
		query?: Record<string, unknown>;
		json?: unknown;
		raw?: string;
		/** Names in lower case, as node:http gives them. */
		headers?: Record<string, string>;
		test?: boolean;
	}): Promise<DeliveryOutcome> {
		const requestHeaders = { ...headers };
		if (json !== undefined) {
			raw = JSON.stringify(json);
			requestHeaders['content-type'] ??= 'application/json';
		}
		const rawBody = raw === undefined ? undefined : Buffer.from(raw, 'utf8');
		const contentType = (requestHeaders['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		let body: unknown;
		try {
			if (raw && contentType === 'application/json') body = JSON.parse(raw);
			else if (raw && contentType === 'text/plain') body = raw;
		} catch {
			// n8n answers this itself (UnprocessableRequestError) before the node runs.
			const message = 'Failed to parse request body';
			return { status: 422, body: { message }, started: false, items: [] };
		}
		const req = { method: 'POST', headers: requestHeaders, query, params: {}, body, rawBody };
		const res = {
			statusCode: 200,
			headersSent: false,
			text: undefined as string | undefined,
			writeHead(status: number) {
				[this.statusCode, this.headersSent] = [status, true];
				return this;
			},
			end(text = '') {
				this.text = text;
				return this;
			},
		};

		const workflow = this.workflow(test ? {} : clone(this.savedStaticData));
		if (test && this.testRegistration) workflow.setTestStaticData(this.testRegistration.staticData);
		const request = { httpRequest: { ...req, contentType }, httpResponse: res };
		const { node, additionalData, webhookData } = this.context(workflow, test, request);
		const mode: WorkflowExecuteMode = test ? 'manual' : 'webhook';
		const context = new WebhookContext(workflow, node, additionalData, mode, webhookData, [], null);
		const result = await this.nodeType.webhook.call(context);

		// The node's own answer, or n8n's for an `onReceived` webhook.
		const answered = res.text !== undefined;
		const started = !answered && result.workflowData !== undefined;
		const message = started ? 'Workflow was started' : 'Webhook call received';
		const reply = answered ? parseJson(res.text) : (result.webhookResponse ?? { message });
		const items = started ? result.workflowData![0].map((item) => item.json) : [];
		return { status: res.statusCode, body: reply, result, started, items };
	}
}

/**
 * A stand-in for n8n's webhook server on 127.0.0.1: POST /webhook/... and /webhook-test/... are
 * handed to the harness; everything else is 404 (as n8n answers an unregistered webhook). A test
 * webhook goes away after its first delivery, as in n8n.
 */
export async function startN8nStandIn(harness: TriggerHarness) {
	const deliveries: Array<DeliveryOutcome & { path: string; test: boolean; token?: string }> = [];
	const answer = (res: http.ServerResponse, status: number, body: unknown) =>
		res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
	const server = await serveLoopback(async (req, text, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const test = url.pathname === new URL(harness.nodeUrl(true)).pathname;
		const production = url.pathname === new URL(harness.nodeUrl(false)).pathname;
		if (req.method !== 'POST' || (!test && !production) || (test && !harness.listening)) {
			answer(res, 404, { message: 'The requested webhook is not registered.' });
			return;
		}
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(req.headers))
			if (typeof value === 'string') headers[name] = value;
		const query = Object.fromEntries(url.searchParams.entries());
		try {
			const outcome = await harness.deliver({ headers, query, raw: text, test });
			deliveries.push({ ...outcome, path: url.pathname, test, token: query.token });
			answer(res, outcome.status, outcome.body);
			if (test && outcome.started) await harness.stopListening();
		} catch (error) {
			answer(res, 500, { message: (error as Error).message });
		}
	});
	return { ...server, deliveries };
}
