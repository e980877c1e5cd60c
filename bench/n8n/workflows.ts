/**
 * The benchmark's workflows: Webhook (POST `{domains: [{domain}, ...]}`, answers when the last
 * node is done) > Split Out > the node under test, which keeps failed items as output so they
 * can be counted. Called over HTTP, they run in a long-running n8n (or its queue-mode workers),
 * where the plan is already known after a first execution.
 */
import {
	HEADER_AUTH_CREDENTIAL_ID,
	HEADER_AUTH_CREDENTIAL_NAME,
	chainWorkflow,
	webDataNode,
	webhookTrigger,
	type DraftNode,
} from '../../devkit/setup';

/** The node under test in every workflow: its run data gives the timing and the items. */
export const NODE_UNDER_TEST = 'Under test';

/** A production webhook at `path` that answers, without data, when the last node is done. */
export function benchWebhook(path: string): DraftNode {
	return webhookTrigger(path, { responseMode: 'lastNode', responseData: 'noData' });
}

/** A workflow and its production webhook's path. */
function webhookWorkflow(id: string, label: string, node: DraftNode) {
	const path = `bench-${id}`;
	const split: DraftNode = {
		name: 'Split Out',
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: { fieldToSplitOut: 'body.domains', options: {} },
	};
	const underTest = { ...node, name: NODE_UNDER_TEST, onError: 'continueRegularOutput' };
	const workflow = chainWorkflow(id, `bench: ${label}`, [benchWebhook(path), split, underTest]);
	return { id, path, label, workflow };
}

export type BenchWorkflow = ReturnType<typeof webhookWorkflow>;

/** Web Data Brand > Retrieve by Domain, default settings. */
export function brandWorkflow(): BenchWorkflow {
	const parameters = { operation: 'retrieve', domain: '={{ $json.domain }}', options: {} };
	return webhookWorkflow(
		'wdBenchBrand',
		'Web Data Brand > Retrieve (default settings)',
		webDataNode(NODE_UNDER_TEST, 'webDataBrand', parameters),
	);
}

/**
 * n8n's HTTP Request node with the key as Header Auth (the Web Data credential is restricted to
 * this package's nodes, as users calling the API directly find): default settings, or batches of
 * 10 every 100 ms.
 */
export function httpRequestWorkflow(baseUrl: string, batching: boolean): BenchWorkflow {
	return webhookWorkflow(
		batching ? 'wdBenchHttpBatched' : 'wdBenchHttp',
		batching ? 'HTTP Request (batches of 10, 100 ms apart)' : 'HTTP Request (default settings)',
		{
			name: NODE_UNDER_TEST,
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: {
				httpHeaderAuth: { id: HEADER_AUTH_CREDENTIAL_ID, name: HEADER_AUTH_CREDENTIAL_NAME },
			},
			parameters: {
				url: `${baseUrl}/brand/retrieve`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'domain', value: '={{ $json.domain }}' }] },
				options: batching ? { batching: { batch: { batchSize: 10, batchInterval: 100 } } } : {},
			},
		},
	);
}

/** `count` distinct domains for one call: `<tag>-<i>.example`. */
export function domains(tag: string, count: number): string[] {
	return Array.from({ length: count }, (_, i) => `${tag}-${i}.example`);
}
