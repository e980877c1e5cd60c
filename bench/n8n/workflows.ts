/**
 * The benchmark's workflows: Webhook (POST `{domains: [{domain}, ...]}`, answers when the last
 * node is done) > Split Out > the node under test, which keeps failed items as output so they
 * can be counted. Called over HTTP, they run in a long-running n8n (or its queue-mode workers),
 * where the plan is already known after a first execution.
 */
import { randomUUID } from 'node:crypto';

import { PACKAGE_NAME } from '../../devkit/paths';
import { MINIMAL_NODE_TYPE } from '../minimalNode/install';
import {
	HEADER_AUTH_CREDENTIAL_ID,
	HEADER_AUTH_CREDENTIAL_NAME,
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
	type WorkflowJson,
} from '../../devkit/setup';

/** The node under test in every workflow: its run data gives the timing and the items. */
export const NODE_UNDER_TEST = 'Under test';

type CredentialRefs = Record<string, { id: string; name: string }>;

const sandboxCredential = { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME };
/**
 * n8n's own nodes cannot use the Web Data credential (it is restricted to this package's nodes):
 * they send the key through a Header Auth credential, as users calling the API directly do.
 */
const headerAuth: CredentialRefs = {
	httpHeaderAuth: { id: HEADER_AUTH_CREDENTIAL_ID, name: HEADER_AUTH_CREDENTIAL_NAME },
};

export interface BenchWorkflow {
	id: string;
	/** The production webhook path. */
	path: string;
	label: string;
	workflow: WorkflowJson;
}

/** A production webhook at `path` that answers, without data, when the last node is done. */
export function webhookNode(id: string, path: string): WorkflowJson['nodes'][number] {
	return {
		id: `${id}-webhook`,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode: 'lastNode',
			responseData: 'noData',
			options: {},
		},
	};
}

function webhookWorkflow(
	id: string,
	label: string,
	node: { type: string; typeVersion: number; parameters: Record<string, unknown> },
	credentials: CredentialRefs = { webDataApi: sandboxCredential },
): BenchWorkflow {
	const path = `bench-${id}`;
	const workflow: WorkflowJson = {
		id,
		name: `bench: ${label}`,
		settings: { executionOrder: 'v1' },
		nodes: [
			webhookNode(id, path),
			{
				id: `${id}-split`,
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.domains', options: {} },
			},
			{
				id: `${id}-node`,
				name: NODE_UNDER_TEST,
				position: [440, 0],
				onError: 'continueRegularOutput',
				credentials,
				...node,
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: NODE_UNDER_TEST, type: 'main', index: 0 }]] },
		},
	};
	return { id, path, label, workflow };
}

/**
 * Web Data Brand > Retrieve by Domain, default settings; with `via`, its own credential (another
 * Base URL, e.g. the TLS stand-in's) and workflow id.
 */
export function brandWorkflow(via?: {
	tag: string;
	credential: { id: string; name: string };
}): BenchWorkflow {
	return webhookWorkflow(
		`wdBenchBrand${via?.tag ?? ''}`,
		`Web Data Brand > Retrieve (default settings)${via ? ` via ${via.tag}` : ''}`,
		{
			type: `${PACKAGE_NAME}.webDataBrand`,
			typeVersion: 1,
			parameters: { operation: 'retrieve', domain: '={{ $json.domain }}', options: {} },
		},
		via && { webDataApi: via.credential },
	);
}

/** The minimal node on n8n's httpRequestWithAuthentication (bench/minimalNode), 10 at once. */
export function minimalWorkflow(baseUrl: string): BenchWorkflow {
	return webhookWorkflow(
		'wdBenchMinimal',
		"minimal node on n8n's helper",
		{
			type: MINIMAL_NODE_TYPE,
			typeVersion: 1,
			parameters: { baseUrl, domain: '={{ $json.domain }}', concurrency: 10 },
		},
		headerAuth,
	);
}

/** n8n's HTTP Request node with the key as Header Auth: default settings, or batches of 10 every 100 ms. */
export function httpRequestWorkflow(baseUrl: string, batching: boolean): BenchWorkflow {
	return webhookWorkflow(
		batching ? 'wdBenchHttpBatched' : 'wdBenchHttp',
		batching ? 'HTTP Request (batches of 10, 100 ms apart)' : 'HTTP Request (default settings)',
		{
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				url: `${baseUrl}/brand/retrieve`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpHeaderAuth',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'domain', value: '={{ $json.domain }}' }] },
				options: batching ? { batching: { batch: { batchSize: 10, batchInterval: 100 } } } : {},
			},
		},
		headerAuth,
	);
}

/** `count` distinct domains for one call: `<tag>-<i>.example`. */
export function domains(tag: string, count: number): string[] {
	return Array.from({ length: count }, (_, i) => `${tag}-${i}.example`);
}
