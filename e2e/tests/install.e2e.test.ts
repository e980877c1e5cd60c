/**
 * The package however n8n loads it, in real n8n 2.x and 1.x (README "Install in n8n"):
 *   - the README's manual install, a bare `npm install` in `.n8n/nodes`: node_modules holds this
 *     package only (no second n8n-workflow); types `n8n-nodes-webdata.*`;
 *   - n8n's custom loader, types `CUSTOM.*`: a copy of the package in `.n8n/custom`; the symlink
 *     `n8n-node dev` makes in `.n8n/custom/node_modules/` (`npm link`), here to the package folder
 *     (in a checkout, the loader would also take dist-dev/'s compiled nodes, see CONTRIBUTING.md); and
 *     `N8N_CUSTOM_EXTENSIONS=<package>/dist`.
 * Each way: `n8n execute` runs Account > Get with the sandbox credential (the sandbox answers it
 * only with the bearer key), then `n8n export:nodes` (n8n's loading as at start, without a server)
 * lists the 12 node types and their AI-tool variants.
 * One sandbox and one user folder (database) for all; each way replaces `.n8n/nodes` and
 * `.n8n/custom`. Step timings go to timings-install.json in the artifacts folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { N8n } from '../../devkit/n8n';
import { loadPackage } from '../../devkit/package';
import { PACKAGE_NAME, ROOT } from '../../devkit/paths';
import { MANUAL_TRIGGER, chainWorkflow, webDataNode, type WorkflowJson } from '../../devkit/setup';
import { unpackPackage } from '../../devkit/tarball';
import { Suite, expectAccountGetRuns } from './suite';

/** The package name n8n gives everything its custom loader reads. */
const CUSTOM = 'CUSTOM';

interface Way {
	title: string;
	/** The node types' package part as n8n names them on this way. */
	prefix: string;
	/** Lays the package out in `<userFolder>/.n8n`; returns the environment n8n needs for it. */
	setUp(dotN8n: string): Record<string, string>;
}

const suite = new Suite('install');
/** The package folder as npm unpacks it (in the suite's user folder, removed with it). */
let unpacked = '';

const WAYS: Way[] = [
	{
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
		title: 'a copy in .n8n/custom',
		prefix: CUSTOM,
		setUp: (dotN8n) => {
			fs.cpSync(unpacked, path.join(dotN8n, 'custom', PACKAGE_NAME), { recursive: true });
			return {};
		},
	},
	{
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
		title: 'N8N_CUSTOM_EXTENSIONS=<package>/dist',
		prefix: CUSTOM,
		setUp: () => ({ N8N_CUSTOM_EXTENSIONS: path.join(unpacked, 'dist') }),
	},
];

const workflowId = (prefix: string) => `wdInstall${prefix.replace(/\W/g, '')}`;

/** Manual Trigger > Web Data Account (Get), our node named as n8n names it on that way. */
function accountWorkflow(prefix: string): WorkflowJson {
	const account = webDataNode('Account', 'webDataAccount', { operation: 'get' });
	return chainWorkflow(workflowId(prefix), `e2e: Account > Get as ${prefix}`, [
		MANUAL_TRIGGER,
		{ ...account, type: `${prefix}.webDataAccount` },
	]);
}

let ourTypes: string[] = [];
let toolTypes: string[] = [];

beforeAll(async () => {
	const { nodeTypes } = await loadPackage();
	ourTypes = Object.keys(nodeTypes).sort();
	toolTypes = ourTypes.filter((t) => nodeTypes[t].description.usableAsTool).map((t) => `${t}Tool`);
	await suite.setUp({ workflows: [accountWorkflow(PACKAGE_NAME), accountWorkflow(CUSTOM)] });
	unpacked = unpackPackage(ROOT, suite.n8n.userFolder);
});

afterAll(async () => {
	await suite.tearDown();
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

	test('Account > Get runs with the credential: the bearer key reaches the sandbox', async () => {
		await expectAccountGetRuns(suite, n8n, workflowId(way.prefix), title);
	});

	test('n8n lists the 12 node types and their AI-tool variants', async () => {
		const known = await suite.time(`export:nodes, ${title}`, () => n8n.exportedNodeTypes());
		const ours = [...known.keys()].filter((t) => t.startsWith(`${way.prefix}.`));
		const short = ours.map((t) => t.slice(way.prefix.length + 1)).sort();
		expect(short).toEqual([...ourTypes, ...toolTypes].sort());
	});
});
