/**
 * Where things are: the checkout, the cache with Node 24 and the pinned n8n, the private n8n
 * user folder. The shell scripts (scripts/start.sh, scripts/e2e.sh, scripts/bench-n8n.sh) export
 * WEBDATA_NODE24_BIN and WEBDATA_N8N_DIR after installing; when they are missing (a test started
 * by hand), the same install scripts are run here.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

function findRoot(): string {
	let dir = __dirname;
	for (;;) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg) && fs.existsSync(path.join(dir, 'e2e', 'n8n-install'))) return dir;
		const parent = path.dirname(dir);
		if (parent === dir) throw new Error(`cannot find the checkout above ${__dirname}`);
		dir = parent;
	}
}

/** The checkout (holds package.json, dist/, examples/). */
export const ROOT = findRoot();
export const CACHE_DIR = process.env.WEBDATA_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'n8n-nodes-webdata');
/** The n8n user folder of the main command (git-ignored); tests use temporary folders. */
export const MAIN_USER_FOLDER = path.join(ROOT, '.n8n-home');
export const ARTIFACTS_DIR = path.join(ROOT, 'artifacts');
export const EXAMPLES_DIR = path.join(ROOT, 'examples');
export const PACKAGE_NAME: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name;
export const N8N_VERSION: string = JSON.parse(
	fs.readFileSync(path.join(ROOT, 'e2e', 'n8n-install', 'package.json'), 'utf8'),
).dependencies.n8n;

let node24Bin: string | undefined = process.env.WEBDATA_NODE24_BIN;
let n8nDir: string | undefined = process.env.WEBDATA_N8N_DIR;

function runScript(name: string): string {
	return execFileSync('bash', [path.join(ROOT, 'scripts', name)], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	}).trim();
}

/** The bin folder of a Node >= 24 (n8n 2.x needs it). */
export function getNode24Bin(): string {
	if (!node24Bin) node24Bin = runScript('ensure-node24.sh');
	return node24Bin;
}

/** The folder the pinned n8n is installed in (node_modules/n8n inside). */
export function getN8nDir(): string {
	if (!n8nDir) n8nDir = runScript('ensure-n8n.sh');
	return n8nDir;
}

export function nodeExecutable(): string {
	return path.join(getNode24Bin(), 'node');
}

/** n8n's own entry point, run with Node 24. */
export function n8nEntry(): string {
	return path.join(getN8nDir(), 'node_modules', 'n8n', 'bin', 'n8n');
}

/** Requires a module from the pinned n8n's tree (bcryptjs, flatted), never from ours. */
export function requireFromN8n<T = unknown>(id: string): T {
	const resolved = require.resolve(id, { paths: [path.join(getN8nDir(), 'node_modules')] });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(resolved) as T;
}
