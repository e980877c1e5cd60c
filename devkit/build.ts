/**
 * The build as the commands run it: `npm run build` (dist/ and dist-dev/), skipped with
 * WEBDATA_SKIP_BUILD=1, or only when the built tree is older than its sources.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ROOT } from './paths';
import { log, npmRun } from './proc';

export async function build(): Promise<void> {
	const status = await npmRun('build');
	if (status !== 0) throw new Error(`npm run build failed (exit ${status})`);
}

/** Builds unless WEBDATA_SKIP_BUILD=1. */
export async function buildUnlessSkipped(): Promise<void> {
	if (process.env.WEBDATA_SKIP_BUILD === '1') return;
	log('building the package (npm run build)');
	await build();
}

/** What the package and the sandbox are built from; a change to one of them calls for a build. */
const SOURCES = [
	'contract',
	'credentials',
	'nodes',
	'sandbox',
	'icons',
	'package.json',
	'gulpfile.js',
];
/** Built last of what the e2e suites need (dist-dev/ after dist/). */
const STAMP = path.join(ROOT, 'dist-dev', 'sandbox', 'cli.js');

/** Whether any file or folder under `entry` changed after `since` (ms), as `find -newer` says. */
function changedAfter(entry: string, since: number): boolean {
	let stat: fs.Stats;
	try {
		stat = fs.statSync(entry);
	} catch {
		return false;
	}
	if (stat.mtimeMs > since) return true;
	if (!stat.isDirectory()) return false;
	return fs.readdirSync(entry).some((name) => changedAfter(path.join(entry, name), since));
}

/** Whether dist/ or the sandbox is missing or older than its sources. */
export function buildIsStale(): boolean {
	if (!fs.existsSync(STAMP) || !fs.existsSync(path.join(ROOT, 'dist', 'nodes'))) return true;
	const builtAt = fs.statSync(STAMP).mtimeMs;
	return SOURCES.some((source) => changedAfter(path.join(ROOT, source), builtAt));
}

/** Builds when buildIsStale() (the e2e command; `npm test` has normally just built). */
export async function buildIfStale(): Promise<void> {
	if (!buildIsStale()) return;
	log('building (npm run build)');
	await build();
}
