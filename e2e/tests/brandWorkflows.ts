/**
 * Workflows that take brands over a webhook: Webhook (POST {domains: [{domain}, ...]}) > Split
 * Out > Web Data Brand (Retrieve by Domain). The queue-mode suite sends 50 brands through one;
 * the brand monitoring check publishes one with Watch for Changes and Download Logo, so its
 * webhook calls are production executions, the ones n8n saves static data for.
 */
import {
	baseNode,
	chainWorkflow,
	webDataNode,
	webhookTrigger,
	type WorkflowJson,
} from '../../devkit/setup';

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
