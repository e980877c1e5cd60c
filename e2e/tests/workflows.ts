/** The workflows the end-to-end suites import (the suites' own variations stay in them). */
import {
	MANUAL_TRIGGER,
	baseNode,
	chainWorkflow,
	webDataNode,
	webhookTrigger,
	type WorkflowJson,
} from '../../devkit/setup';
import { OP_CASES } from './operations';

export interface WebhookBrandsOptions {
	id: string;
	name: string;
	/** The webhook's path, and its fixed webhookId (n8n registers production webhooks by it). */
	path: string;
	webhookId: string;
	/** The Web Data Brand node's name, and what its parameters add to Retrieve by Domain. */
	brandNode: string;
	brandParameters?: Record<string, unknown>;
}

/** Webhook (POST {domains: [{domain}, ...]}) > Split Out > Web Data Brand (Retrieve by Domain). */
export function webhookBrandsWorkflow(o: WebhookBrandsOptions): WorkflowJson {
	const retrieve = { operation: 'retrieve', domain: '={{ $json.domain }}' };
	return chainWorkflow(o.id, o.name, [
		webhookTrigger(o.path, undefined, o.webhookId),
		baseNode('Split Out', 'splitOut', { fieldToSplitOut: 'body.domains', options: {} }),
		webDataNode(o.brandNode, 'webDataBrand', { ...retrieve, ...o.brandParameters, options: {} }),
	]);
}

export const WATCH_WORKFLOW_ID = 'wdE2eBrandWatch';
export const WATCH_PATH = 'webdata-e2e-brand-watch';
export const WATCH_NODE = 'Brand changes';

/**
 * Brand monitoring (Watch for Changes, Download Logo) behind a published webhook: its calls are
 * production executions, the ones n8n saves static data for.
 */
export function brandWatchWorkflow(): WorkflowJson {
	return webhookBrandsWorkflow({
		id: WATCH_WORKFLOW_ID,
		name: 'e2e: brand monitoring from a webhook',
		path: WATCH_PATH,
		webhookId: '8d1e6b52-3f0a-4c7e-9b21-5a4d2c8e7f10',
		brandNode: WATCH_NODE,
		// The e2e tests serve the logos on loopback, which Download Logo refuses unless allowed.
		brandParameters: { watchForChanges: true, downloadLogo: true, allowPrivateLogoHosts: true },
	});
}

// n8n saves static data only for workflow IDs of at most 21 characters.
export const WATCH_FAILURES_WORKFLOW_ID = 'wdE2eBrandWatchFail';
export const WATCH_FAILURES_PATH = 'webdata-e2e-brand-watch-failures';

/** Watch for Changes alone behind a published webhook: for runs where a lookup fails. */
export function brandWatchFailuresWorkflow(): WorkflowJson {
	return webhookBrandsWorkflow({
		id: WATCH_FAILURES_WORKFLOW_ID,
		name: 'e2e: brand monitoring while a lookup fails',
		path: WATCH_FAILURES_PATH,
		webhookId: '2f6c1a94-7d3e-4b85-a0c9-6e1b3d5f8a27',
		brandNode: WATCH_NODE,
		brandParameters: { watchForChanges: true },
	});
}

/** Web Data Crawl reading the sandbox's demo crawl whole into one JSON Lines file. */
export function crawlToFileNode(id: string, name: string, position: [number, number]) {
	const parameters = { operation: 'getStatus', id: 'crawl_demo', page: '1', returnAll: true };
	const options = { output: 'file' };
	return { ...webDataNode(name, 'webDataCrawl', { ...parameters, options }), id, position };
}

export const OPS_WORKFLOW_ID = 'wdE2eOperations';
export const BAD_PARAM_WORKFLOW_ID = 'wdE2eBadParam';
export const PRIVATE_LOGO_WORKFLOW_ID = 'wdE2ePrivateLogo';
export const PRIVATE_LOGO_NODE = 'Brand with logo';
export const TRIGGER_WORKFLOW_ID = 'wdE2eTrigger';
export const EDITOR_WORKFLOW_ID = 'wdE2eEditor';

/** Manual Trigger, then every case in order; each node runs once and never stops the chain. */
export function operationsWorkflow(): WorkflowJson {
	const once = { executeOnce: true, alwaysOutputData: true, onError: 'continueRegularOutput' };
	return chainWorkflow(OPS_WORKFLOW_ID, 'e2e: every operation', [
		MANUAL_TRIGGER,
		...OP_CASES.map((c) =>
			webDataNode(c.title, c.node, { operation: c.operation, ...c.parameters }, once),
		),
	]);
}

export const BRAND_RETRIEVE_BOUND = 7776000000;

/** Brand retrieve whose maxAgeMs comes from an expression and is past the spec's bound. */
export function badParameterWorkflow(): WorkflowJson {
	const options = { maxAgeMs: `={{ ${BRAND_RETRIEVE_BOUND} + 1 }}` };
	const parameters = { operation: 'retrieve', domain: 'example.com', options };
	return chainWorkflow(BAD_PARAM_WORKFLOW_ID, 'e2e: out-of-bounds parameter', [
		MANUAL_TRIGGER,
		webDataNode('Brand retrieve', 'webDataBrand', parameters),
	]);
}

/**
 * Brand > Retrieve of `domain` with Download Logo on and Allow Private Logo Hosts left off: a
 * logo the sandbox lists on loopback must be refused.
 */
export function privateLogoWorkflow(domain: string): WorkflowJson {
	const parameters = { operation: 'retrieve', domain, downloadLogo: true, options: {} };
	return chainWorkflow(PRIVATE_LOGO_WORKFLOW_ID, 'e2e: Download Logo refuses a loopback logo', [
		MANUAL_TRIGGER,
		webDataNode(PRIVATE_LOGO_NODE, 'webDataBrand', parameters),
	]);
}

export const BAD_OPTION_WORKFLOW_ID = 'wdE2eBadOptionContinue';
export const BAD_OPTION_NODE = 'Brand with bad option';
export const BAD_OPTION_NEXT = 'After the brand';
export const BAD_OPTION_DOMAINS = ['acme.com', 'globex.com', 'initech.com'];

/**
 * Three domains (Set, Split Out) into Brand > Retrieve with Max Concurrent Requests -1 and On
 * Error: Continue, then a NoOp: every item must carry the refusal and the NoOp must run.
 */
export function badOptionWorkflow(): WorkflowJson {
	const jsonOutput = JSON.stringify({ domains: BAD_OPTION_DOMAINS });
	const options = { maxConcurrentRequests: -1 };
	const parameters = { operation: 'retrieve', domain: '={{ $json.domains }}', options };
	const continueOnFail = { onError: 'continueRegularOutput' };
	const name = 'e2e: a refused node option under Continue On Fail';
	return chainWorkflow(BAD_OPTION_WORKFLOW_ID, name, [
		MANUAL_TRIGGER,
		baseNode('Domains', 'set', { mode: 'raw', jsonOutput, options: {} }, 3.4),
		baseNode('One per domain', 'splitOut', { fieldToSplitOut: 'domains', options: {} }),
		webDataNode(BAD_OPTION_NODE, 'webDataBrand', parameters, continueOnFail),
		baseNode(BAD_OPTION_NEXT, 'noOp'),
	]);
}

/** Web Data Trigger on the seeded webhook, then a NoOp. Published before n8n starts. */
export function triggerWorkflow(webhookId = 'wh_demo'): WorkflowJson {
	return chainWorkflow(TRIGGER_WORKFLOW_ID, 'e2e: trigger', [
		webDataNode(
			'Web Data Trigger',
			'webDataTrigger',
			{ webhookId, events: ['crawl.completed'] },
			{ webhookId: '0b6f1d7e-2a44-4d1c-9b7e-6a0e5e2d9c11' },
		),
		baseNode('Received', 'noOp'),
	]);
}

/** A node left under its default name, for the editor screenshot. */
export const EDITOR_NODE = {
	id: 'ed-brand',
	name: 'Web Data Brand',
	type: 'webDataBrand',
	operation: 'retrieve',
};
export function editorWorkflow(): WorkflowJson {
	const { id, name, type, operation } = EDITOR_NODE;
	return chainWorkflow(EDITOR_WORKFLOW_ID, 'e2e: editor', [
		MANUAL_TRIGGER,
		webDataNode(name, type, { operation, domain: 'example.com', options: {} }, { id }),
	]);
}

export const PICKER_WORKFLOW_ID = 'wdE2ePickers';
/** One node per job picker, its ID left to pick (the editor's default mode: From List). */
export const PICKER_NODES = (
	[
		['pk-job', 'Job get', 'webDataJob', { operation: 'get' }],
		['pk-crawl', 'Crawl get status', 'webDataCrawl', { operation: 'getStatus', page: '1' }],
		['pk-extract', 'Extract get status', 'webDataExtract', { operation: 'getStatus' }],
	] as const
).map(([id, name, type, parameters]) => ({ id, name, type, parameters }));
export function pickerWorkflow(): WorkflowJson {
	const nodes = PICKER_NODES.map(({ id, name, type, parameters }) =>
		webDataNode(name, type, parameters, { id }),
	);
	return { ...chainWorkflow(PICKER_WORKFLOW_ID, 'e2e: job pickers', nodes), connections: {} };
}
