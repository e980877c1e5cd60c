/**
 * Runs one of our nodes inside real n8n-core: WorkflowExecute starts the workflow at our node
 * with the test's items as its input (as n8n runs a node from data it is given), n8n's own HTTP
 * helpers sending the request (to a nock double in tests, to the sandbox in `npm run bench`).
 *
 *   const { items, error } = await runNode({ type: 'webDataBrand', parameters: { operation: 'retrieve', domain: 'acme.com' } });
 */
import 'reflect-metadata';
import { inspect } from 'node:util';

import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials';
import { loadPackage } from '../../devkit/package';

export const BASE_URL = 'https://api.webdata.test';
export const API_KEY = 'bc_test_0123456789abcdef';
export const CREDENTIALS = { apiKey: API_KEY, baseUrl: BASE_URL };

export const NODE_NAME = 'Web Data';
/** A node for the transport's error builders to name, outside any run. */
export const ERROR_NODE: INode = {
	id: 'n',
	name: NODE_NAME,
	type: 'n8n-nodes-webdata.webDataBrand',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

export interface RunNodeOptions {
	/** Short node type name, e.g. `webDataBrand` (`webDataBrandTool`: the node as an agent's tool). */
	type: string;
	/** The node version the workflow was saved with; 1 by default. */
	typeVersion?: number;
	/** As a workflow JSON holds them (expressions start with `=`). */
	parameters: INodeParameters;
	/** The json of each input item; one empty item by default. */
	items?: IDataObject[];
	credentials?: Partial<{ apiKey: string; baseUrl: string }> | ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	/**
	 * The workflow's static data at the start, as n8n loads it from its database; pass a run's
	 * `staticData` to the next run to carry it over, as production executions do.
	 */
	staticData?: IDataObject;
}

/** What n8n hands an execution besides the workflow, as a local instance at `n8nUrl` would. */
export function testAdditionalData(
	executionId: string | undefined,
	hooks: unknown,
	credentialsHelper: unknown,
	n8nUrl = 'http://localhost:5678',
) {
	return {
		hooks,
		executionId,
		credentialsHelper,
		variables: {},
		instanceBaseUrl: `${n8nUrl}/`,
		restApiUrl: `${n8nUrl}/rest`,
		webhookBaseUrl: `${n8nUrl}/webhook`,
		webhookWaitingBaseUrl: `${n8nUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${n8nUrl}/webhook-test`,
		formWaitingBaseUrl: `${n8nUrl}/form-waiting`,
		userId: 'user-1',
		setExecutionStatus: () => {},
		sendDataToUI: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

let executionCounter = 0;

/**
 * A node as an AI agent's tool, as far as the node can see: n8n registers it as `<name>Tool`
 * (its inputs and outputs change too, but those matter to the agent, not to execute()).
 */
function toolVariant(nodeType: INodeType): INodeType {
	const description = { ...nodeType.description, name: `${nodeType.description.name}Tool` };
	return Object.create(nodeType, { description: { value: description } }) as INodeType;
}

export async function nodeTypesRegistry(): Promise<INodeTypes> {
	const pkg = await loadPackage();
	const byFullName = (type: string): INodeType => {
		const [prefix, name] = type.split('.');
		const base = name.endsWith('Tool') ? name.slice(0, -'Tool'.length) : name;
		const found = prefix === pkg.packageName ? pkg.nodeTypes[base] : undefined;
		if (!found) throw new Error(`Unknown node type ${type}`);
		return base === name ? found : toolVariant(found);
	};
	return {
		getByName: byFullName,
		getByNameAndVersion: (type, version) =>
			NodeHelpers.getVersionedNodeType(byFullName(type), version),
		getKnownTypes: () => ({}),
	};
}

/** A workflow of one of our nodes as n8n builds it from its database, with the test credential. */
export function oneNodeWorkflow(
	nodeTypes: INodeTypes,
	id: string,
	node: Pick<INode, 'id' | 'name' | 'type' | 'parameters'> & Partial<INode>,
	staticData: IDataObject,
) {
	const credentials = { webDataApi: { id: 'cred-1', name: 'Web Data account' } };
	const workflowData = {
		id,
		name: `${node.name} test`,
		active: false,
		nodes: [{ typeVersion: 1, position: [0, 0], credentials, ...node }],
		connections: {},
		settings: { executionOrder: 'v1' },
	} as unknown as IWorkflowBase;
	return { workflowData, workflow: new Workflow({ ...workflowData, nodeTypes, staticData }) };
}

async function prepare(options: RunNodeOptions) {
	const pkg = await loadPackage();
	const type = `${pkg.packageName}.${options.type}`;
	const onError = options.continueOnFail ? ('continueRegularOutput' as const) : undefined;
	const { parameters } = options;
	const node = {
		id: 'node-under-test',
		name: NODE_NAME,
		type,
		parameters,
		onError,
		typeVersion: options.typeVersion ?? 1,
	};
	const staticData = structuredClone(options.staticData ?? {});
	const registry = await nodeTypesRegistry();
	const { workflowData, workflow } = oneNodeWorkflow(registry, 'wf-test', node, staticData);
	const webDataApi = { ...(options.credentials ?? CREDENTIALS) } as ICredentialDataDecryptedObject;
	const credentialsHelper = new TestCredentialsHelper(pkg.credentialTypes, { webDataApi });
	return { pkg, workflowData, workflow, credentialsHelper };
}

export async function runNode(options: RunNodeOptions) {
	const { workflowData, workflow, credentialsHelper } = await prepare(options);

	const executionId = `test-${++executionCounter}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, workflowData);
	const finished = new Promise<IRun>((resolve) =>
		hooks.addHandler('workflowExecuteAfter', resolve),
	);
	const additionalData = testAdditionalData(executionId, hooks, credentialsHelper);

	const input = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: workflow.getNode(NODE_NAME)!, data: { main: [input] }, source: null },
			],
		},
	});
	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	// Resolves with the run; a cancelled execution (tests may cancel it) still reports through the hook.
	const running = execute.processRunExecutionData(workflow);
	const run = await Promise.race([finished, Promise.resolve(running).catch(() => finished)]);

	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		/** Our node's main output, empty when it failed. */
		items: task?.data?.main?.[0] ?? [],
		error: task?.error as
			| (Error & { description?: string; httpCode?: string; context?: IDataObject; level?: string })
			| undefined,
		run,
		credentialDecryptions: credentialsHelper.decryptions,
		/** As n8n would save it (a JSON copy). */
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
	};
}

export type RunNodeResult = Awaited<ReturnType<typeof runNode>>;

/** Calls a node's listSearch `method` (e.g. `searchJobs`) as the editor does. */
export async function searchList(options: {
	type: string;
	method: string;
	filter?: string;
	paginationToken?: string;
}): Promise<INodeListSearchResult> {
	const { pkg, workflow, credentialsHelper } = await prepare({ ...options, parameters: {} });
	const additionalData = { credentialsHelper } as unknown as IWorkflowExecuteAdditionalData;
	const node = workflow.getNode(NODE_NAME)!;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'id');
	const search = pkg.nodeTypes[options.type].methods?.listSearch?.[options.method];
	if (!search) throw new Error(`${options.type} has no listSearch method ${options.method}`);
	return await search.call(context, options.filter, options.paginationToken);
}

/** A poll interval small enough to keep the suite fast (seconds, as the node option takes it). */
export const FAST_POLL_S = 0.05;

/** Every string of an error as n8n recorded it, for "the key never leaks" checks. */
export function everythingIn(value: unknown): string {
	const unbounded = { maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity };
	return inspect(value, { depth: 8, showHidden: true, getters: true, ...unbounded });
}

/**
 * Watches WorkflowExecute so a test can cancel the execution the way n8n does when a user
 * stops it: the PCancelable that processRunExecutionData returns is cancelled, which aborts
 * the execution's AbortController, i.e. the signal nodes get from getExecutionCancelSignal().
 */
export function watchExecutions(): { cancelLatest: () => void; restore: () => void } {
	const spy = jest.spyOn(WorkflowExecute.prototype, 'processRunExecutionData');
	return {
		cancelLatest: () => {
			const results = spy.mock.results;
			const latest = results[results.length - 1]?.value as
				| (Promise<IRun> & { cancel: () => void })
				| undefined;
			if (!latest) throw new Error('no execution is running');
			latest.cancel();
		},
		restore: () => spy.mockRestore(),
	};
}
