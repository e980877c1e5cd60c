/**
 * The build as the commands run it: `npm run build` (dist/ and dist-dev/), skipped with
 * WEBDATA_SKIP_BUILD=1, or only when the built tree was built from other sources.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { builtDigest, sourcesDigest } from './buildStamp';
import { ROOT } from './paths';
import { log, npmRun } from './proc';

export async function build(): Promise<void> {
	const status = await npmRun('build');
	if (status !== 0) throw new Error(`npm run build failed (exit ${status})`);
}

export async function buildUnlessSkipped(): Promise<void> {
	if (process.env.WEBDATA_SKIP_BUILD === '1') return;
	log('building the package (npm run build)');
	await build();
}

/** Built last of what the e2e suites need (dist-dev/ after dist/). */
const SANDBOX_BUILT = path.join(ROOT, 'dist-dev', 'sandbox', 'cli.js');

/** Whether dist/ or the sandbox is missing or was built from other sources (buildStamp.ts). */
export function buildIsStale(): boolean {
	if (!fs.existsSync(SANDBOX_BUILT) || !fs.existsSync(path.join(ROOT, 'dist', 'nodes')))
		return true;
	return builtDigest(ROOT) !== sourcesDigest(ROOT);
}

export async function buildIfStale(): Promise<void> {
	if (!buildIsStale()) return;
	log('building (npm run build)');
	await build();
}
