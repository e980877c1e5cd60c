/**
 * The brand monitoring check's workflow: Webhook (POST {domains: [...]}) > Split Out > Web Data
 * Brand (Retrieve by Domain, Watch for Changes, Download Logo), to be published so its webhook calls are
 * production executions, the ones n8n saves static data for.
 */
import {
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
	type WorkflowJson,
} from '../../devkit/setup';
import { PACKAGE } from './operations';

export const WATCH_WORKFLOW_ID = 'wdE2eBrandWatch';
export const WATCH_PATH = 'webdata-e2e-brand-watch';
export const WATCH_NODE = 'Brand changes';

export function brandWatchWorkflow(): WorkflowJson {
	return {
		id: WATCH_WORKFLOW_ID,
		name: 'e2e: brand monitoring from a webhook',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'bw-webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '8d1e6b52-3f0a-4c7e-9b21-5a4d2c8e7f10',
				parameters: {
					httpMethod: 'POST',
					path: WATCH_PATH,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: 'bw-split',
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.domains', options: {} },
			},
			{
				id: 'bw-brand',
				name: WATCH_NODE,
				type: `${PACKAGE}.webDataBrand`,
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					operation: 'retrieve',
					domain: '={{ $json.domain }}',
					watchForChanges: true,
					downloadLogo: true,
					options: {},
				},
				credentials: {
					webDataApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME },
				},
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: WATCH_NODE, type: 'main', index: 0 }]] },
		},
	};
}
