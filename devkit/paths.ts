/**
 * Where things are: the checkout, the cache with Node and the pinned n8n, the private n8n user
 * folder. WEBDATA_N8N_LINE picks the n8n line of e2e/n8n-lines.json: 2 (the default: 2.41.1 on
 * Node 24) or 1 (1.123.x on Node 22). The shell scripts export WEBDATA_NODE24_BIN (the tooling's
 * Node: jest, the sandbox), WEBDATA_N8N_DIR and, for line 1, WEBDATA_N8N_NODE_BIN after
 * installing; when they are missing (a test started by hand), the same install scripts are run here.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ROOT } from './root';

export { ROOT };
export const CACHE_DIR =
	process.env.WEBDATA_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'n8n-nodes-webdata');
/** The n8n user folder of the main command (git-ignored); tests use temporary folders. */
export const MAIN_USER_FOLDER = path.join(ROOT, '.n8n-home');
export const ARTIFACTS_DIR = path.join(ROOT, 'artifacts');
export const EXAMPLES_DIR = path.join(ROOT, 'examples');
export const PACKAGE_NAME: string = JSON.parse(
	fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
).name;

const LINES: Record<string, { install: string; node: number }> = JSON.parse(
	fs.readFileSync(path.join(ROOT, 'e2e', 'n8n-lines.json'), 'utf8'),
);
/** The n8n line under test: '2' unless WEBDATA_N8N_LINE says otherwise. */
export const N8N_LINE = process.env.WEBDATA_N8N_LINE || '2';
const line = LINES[N8N_LINE];
if (!line)
	throw new Error(
		`WEBDATA_N8N_LINE=${N8N_LINE}: not a line of e2e/n8n-lines.json (${Object.keys(LINES).join(', ')})`,
	);
export const N8N_VERSION: string = JSON.parse(
	fs.readFileSync(path.join(ROOT, line.install, 'package.json'), 'utf8'),
).dependencies.n8n;
export const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);
/** Outputs of the end-to-end suites: artifacts/e2e for line 2, artifacts/e2e-1x for line 1. */
export const E2E_ARTIFACTS_DIR = path.join(
	ARTIFACTS_DIR,
	N8N_LINE === '2' ? 'e2e' : `e2e-${N8N_LINE}x`,
);

let node24Bin: string | undefined = process.env.WEBDATA_NODE24_BIN;
let n8nNodeBin: string | undefined = process.env.WEBDATA_N8N_NODE_BIN;
let n8nDir: string | undefined = process.env.WEBDATA_N8N_DIR;

function runScript(name: string, ...args: string[]): string {
	return execFileSync('bash', [path.join(ROOT, 'scripts', name), ...args], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	}).trim();
}

/** The bin folder of Node 24 (the tooling, the sandbox and n8n 2.x run on it). */
export function getNode24Bin(): string {
	if (!node24Bin) node24Bin = runScript('ensure-node24.sh');
	return node24Bin;
}

/** The bin folder of the Node the n8n of the line runs on (its native addons are built for it). */
export function getN8nNodeBin(): string {
	if (!n8nNodeBin)
		n8nNodeBin = line.node === 24 ? getNode24Bin() : runScript('ensure-node.sh', String(line.node));
	return n8nNodeBin;
}

/** The folder the pinned n8n of the line is installed in (node_modules/n8n inside). */
export function getN8nDir(): string {
	if (!n8nDir) n8nDir = runScript('ensure-n8n.sh', N8N_LINE);
	return n8nDir;
}

export function nodeExecutable(): string {
	return path.join(getNode24Bin(), 'node');
}

/** n8n's own entry point, run with getN8nNodeBin(). */
export function n8nEntry(): string {
	return path.join(getN8nDir(), 'node_modules', 'n8n', 'bin', 'n8n');
}

/** Requires a module from the pinned n8n's tree (bcryptjs, flatted), never from ours. */
export function requireFromN8n<T = unknown>(id: string): T {
	const resolved = require.resolve(id, { paths: [path.join(getN8nDir(), 'node_modules')] });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(resolved) as T;
}
