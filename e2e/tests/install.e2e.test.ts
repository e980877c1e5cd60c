/**
 * The package however n8n loads it, in real n8n 2.x and 1.x (README "Install in n8n"):
 *   - the README's manual install, a bare `npm install` in `.n8n/nodes`: node_modules holds this
 *     package only (no second n8n-workflow); types `n8n-nodes-webdata.*`;
 *   - n8n's custom loader, types `CUSTOM.*`: a copy of the package in `.n8n/custom`; the symlink
 *     `n8n-node dev` makes in `.n8n/custom/node_modules/` (`npm link`), here to the package folder
 *     (the dev build is in .dist-dev/, which the loader skips, see CONTRIBUTING.md); and
 *     `N8N_CUSTOM_EXTENSIONS=<package>/dist`.
 * Each way, one `n8n execute` and one `n8n start`:
 *   - the run: Account > Get with the sandbox credential (the sandbox answers only the bearer key),
 *     an AI Agent whose scripted model (scriptedModel.ts) calls Web Data Scrape as a tool, then
 *     n8n's HTTP Request node with the same credential (its listener hears no key);
 *   - the start: a Web Data Trigger workflow, made and published through n8n's REST API as the
 *     editor does, registers n8n's URL on a sandbox webhook of its own; the editor's node list
 *     holds the 12 node types and their AI-tool variants.
 * One sandbox and one user folder (database) for all; each way replaces `.n8n/nodes` and
 * `.n8n/custom`. Step timings go to timings-install.json in the artifacts folder.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { N8n, nodeItems, nodeTask } from '../../devkit/n8n';
import { loadPackage } from '../../devkit/package';
import { N8N_MAJOR, PACKAGE_NAME, ROOT } from '../../devkit/paths';
import {
	MANUAL_TRIGGER,
	SANDBOX_CREDENTIAL_ID,
	SANDBOX_CREDENTIAL_NAME,
	baseNode,
	chainWorkflow,
	loadExamples,
	openAiPlaceholderCredential,
	webDataNode,
	type DraftNode,
	type WorkflowJson,
} from '../../devkit/setup';
import { unpackPackage } from '../../devkit/tarball';
import { sleep } from '../../devkit/wait';
import { ANSWER_PREFIX, startScriptedModel } from './scriptedModel';
import { Suite, runError, serveLogos } from './suite';

/** The package name n8n gives everything its custom loader reads. */
const CUSTOM = 'CUSTOM';
const PAGE = 'https://docs.example.com/install-check';

interface Way {
	/** Short, for workflow ids. */
	key: string;
	title: string;
	/** The node types' package part as n8n names them on this way. */
	prefix: string;
	/** Lays the package out in `<userFolder>/.n8n`; returns the environment n8n needs for it. */
	setUp(dotN8n: string): Record<string, string>;
}

const suite = new Suite('install');
/** The package folder as npm unpacks it (in the suite's user folder, removed with it). */
let unpacked = '';
let listener: Awaited<ReturnType<typeof serveLogos>>;
let model: Awaited<ReturnType<typeof startScriptedModel>>;

const WAYS: Way[] = [
	{
		key: 'Nodes',
		title: "the README's npm install in .n8n/nodes",
		prefix: PACKAGE_NAME,
		setUp: () => {
			const installed = suite.n8n.installPackage(ROOT, 'readme');
			const modules = fs.readdirSync(path.dirname(installed)).filter((n) => !n.startsWith('.'));
			expect(modules).toEqual([PACKAGE_NAME]);
			return {};
		},
	},
	{
		key: 'Copy',
		title: 'a copy in .n8n/custom',
		prefix: CUSTOM,
		setUp: (dotN8n) => {
			fs.cpSync(unpacked, path.join(dotN8n, 'custom', PACKAGE_NAME), { recursive: true });
			return {};
		},
	},
	{
		key: 'Link',
		title: "n8n-node dev's symlink in .n8n/custom/node_modules",
		prefix: CUSTOM,
		setUp: (dotN8n) => {
			const modules = path.join(dotN8n, 'custom', 'node_modules');
			fs.mkdirSync(modules, { recursive: true });
			fs.symlinkSync(unpacked, path.join(modules, PACKAGE_NAME), 'dir');
			return {};
		},
	},
	{
		key: 'Extensions',
		title: 'N8N_CUSTOM_EXTENSIONS=<package>/dist',
		prefix: CUSTOM,
		setUp: () => ({ N8N_CUSTOM_EXTENSIONS: path.join(unpacked, 'dist') }),
	},
];

const runId = (way: Way) => `wdInstall${way.key}`;
const triggerId = (way: Way) => `wdInstallTrigger${way.key}`;
const named = (node: DraftNode, prefix: string) => ({
	...node,
	type: node.type.replace(`${PACKAGE_NAME}.`, `${prefix}.`),
});

/**
 * Start > Account (Get) > AI Agent > HTTP Request (our credential, at the listener); the agent's
 * model is the AI example's OpenAI Chat Model, its tool the example's Scrape page; our nodes
 * named as n8n names them on that way.
 */
function runWorkflow(way: Way, listenerUrl: string): WorkflowJson {
	const example = loadExamples().find((e) => e.file === 'ai-agent-tools.json')!.workflow;
	const fromExample = (name: string) => {
		const { id: _id, ...node } = example.nodes.find((n) => n.name === name)!;
		return node;
	};
	const account = webDataNode('Account', 'webDataAccount', { operation: 'get' });
	const httpRequest = {
		...baseNode('HTTP Request', 'httpRequest', {}, 4.2),
		parameters: {
			url: `${listenerUrl}/collect`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'webDataApi',
			options: {},
		},
		credentials: { webDataApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } },
	};
	const agent = fromExample('AI Agent');
	const prompt = { promptType: 'define', text: `Summarise the page ${PAGE}` };
	const workflow = chainWorkflow(runId(way), `e2e: installed as ${way.title}`, [
		MANUAL_TRIGGER,
		named(account, way.prefix),
		{ ...agent, parameters: { ...agent.parameters, ...prompt } },
		httpRequest,
	]);
	const subNodes = [
		fromExample('OpenAI Chat Model'),
		named(fromExample('Scrape page'), way.prefix),
	];
	const feeds = (type: string) => ({ [type]: [[{ node: agent.name, type, index: 0 }]] });
	return {
		...workflow,
		nodes: [...workflow.nodes, ...subNodes.map((n, i) => ({ ...n, id: `${workflow.id}-s${i}` }))],
		connections: {
			...workflow.connections,
			[subNodes[0].name]: feeds('ai_languageModel'),
			[subNodes[1].name]: feeds('ai_tool'),
		},
	};
}

/** Web Data Trigger on the sandbox webhook `webhookId`, then a NoOp. */
function triggerWorkflow(way: Way, webhookId: string): WorkflowJson {
	const trigger = webDataNode(
		'Web Data Trigger',
		'webDataTrigger',
		{ webhookId, events: ['crawl.completed'] },
		{ webhookId: randomUUID() },
	);
	return chainWorkflow(triggerId(way), `e2e: trigger installed as ${way.title}`, [
		named(trigger, way.prefix),
		baseNode('Received', 'noOp'),
	]);
}

let ourTypes: string[] = [];
let toolTypes: string[] = [];
/** The sandbox webhook each way's trigger registers on. */
const webhookOf = new Map<string, string>();

beforeAll(async () => {
	const { nodeTypes } = await loadPackage();
	ourTypes = Object.keys(nodeTypes).sort();
	toolTypes = ourTypes.filter((t) => nodeTypes[t].description.usableAsTool).map((t) => `${t}Tool`);
	listener = await serveLogos();
	model = await startScriptedModel({ name: 'Scrape_page', arguments: { url: PAGE } });
	const credential = openAiPlaceholderCredential() as { data: object };
	const modelCredential = { ...credential, data: { ...credential.data, url: model.baseUrl } };
	await suite.setUp({
		credentials: [modelCredential],
		workflows: WAYS.map((way) => runWorkflow(way, listener.url)),
	});
	for (const way of WAYS) {
		const webhook = await suite.sandbox.admin<{ id: string }>('POST', '/webhooks', {
			url: 'http://127.0.0.1:9/unset',
			events: ['crawl.completed'],
			isActive: false,
		});
		webhookOf.set(way.key, webhook.id);
	}
	unpacked = unpackPackage(ROOT, suite.n8n.userFolder);
});

afterAll(async () => {
	await suite.tearDown();
	await listener?.close();
	await model?.close();
});

describe.each(WAYS.map((way) => [way.title, way] as const))('%s', (title, way) => {
	let n8n: N8n;

	beforeAll(() => {
		const dotN8n = path.join(suite.n8n.userFolder, '.n8n');
		for (const folder of ['nodes', 'custom'])
			fs.rmSync(path.join(dotN8n, folder), { recursive: true, force: true });
		const env = way.setUp(dotN8n);
		n8n = new N8n({ userFolder: suite.n8n.userFolder, port: suite.n8n.port, env });
	});

	afterAll(async () => {
		await n8n?.stop();
	});

	test('a run: Account > Get with the credential, HTTP Request without the key, the tool in an agent', async () => {
		await suite.sandbox.clearRequests();
		listener.requests.length = 0;
		model.requests.length = 0;
		const result = await suite.time(`execute, ${title}`, () => n8n.execute(runId(way)));
		suite.saveRun(`install-${way.key}`, result);
		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
			status: 'success',
			error: '',
		});
		// The sandbox answers 401 without `Authorization: Bearer <its key>`.
		expect(nodeItems(result.run, 'Account')).toHaveLength(1);
		const sent = (await suite.sandbox.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
		expect(new Set(sent)).toEqual(new Set(['GET /account 200', 'GET /scrape 200']));
		// n8n's HTTP Request node: our credential has no generic authenticate, so no key goes out.
		expect(listener.requests).toHaveLength(1);
		expect(listener.requests[0].headers.authorization).toBeUndefined();
		expect(JSON.stringify(listener.requests)).not.toContain(suite.sandbox.apiKey);
		// The model asked for the tool, then answered with what it returned.
		expect(model.requests).toHaveLength(2);
		expect(nodeTask(result.run, 'Scrape page')?.error).toBeUndefined();
		expect(String(nodeItems(result.run, 'AI Agent')[0]?.output)).toContain(ANSWER_PREFIX);
	});

	test('n8n start: the trigger registers on its webhook; the 12 node types and tool variants load', async () => {
		await suite.time(`n8n start, ${title}`, () => n8n.start());
		// Made and published in the running n8n, as in the editor (REST API): its webhook methods run.
		const workflow = triggerWorkflow(way, webhookOf.get(way.key)!);
		const created = await suite.time(`trigger: create and publish, ${title}`, async () => {
			// n8n 1.x stores `active` as given, and refuses a workflow without it.
			const body = N8N_MAJOR >= 2 ? workflow : { ...workflow, active: false };
			const made = await n8n.rest<{ id: string; versionId: string }>('POST', '/workflows', body);
			await n8n.activate(made.id, made.versionId);
			return made;
		});
		const id = webhookOf.get(way.key);
		const registered = async () =>
			(await suite.sandbox.webhooks()).find((w) => w.id === id && w.isActive);
		const started = Date.now();
		let webhook = await registered();
		while (!webhook?.url.startsWith(`${n8n.baseUrl}/webhook/`) && Date.now() - started < 30_000) {
			await sleep(250);
			webhook = await registered();
		}
		suite.timings[`trigger registered after publishing, ${title}`] = Date.now() - started;
		expect(webhook?.url).toMatch(new RegExp(`^${n8n.baseUrl}/webhook/`));
		expect(webhook?.events).toContain('crawl.completed');
		// Unpublished again, so that the next way's n8n does not activate it.
		await n8n.rest('POST', `/workflows/${created.id}/deactivate`, {});

		const known = await n8n.nodeTypes();
		const ours = [...known.keys()].filter((t) => t.startsWith(`${way.prefix}.`));
		const short = ours.map((t) => t.slice(way.prefix.length + 1)).sort();
		expect(short).toEqual([...ourTypes, ...toolTypes].sort());
	});
});
