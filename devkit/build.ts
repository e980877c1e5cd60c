/**
 * The build as the commands run it: `npm run build` (dist/ and .dist-dev/), skipped with
 * WEBDATA_SKIP_BUILD=1, or only when the built tree was built from other sources.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { sourcesDigest, stampPath } from './buildStamp';
import { ROOT } from './paths';
import { log, npmRun, readText } from './proc';
import { SANDBOX_CLI } from './sandbox';

export async function build(): Promise<void> {
	log('building the package (npm run build)');
	const status = await npmRun('build');
	if (status !== 0) throw new Error(`npm run build failed (exit ${status})`);
}

export async function buildUnlessSkipped(): Promise<void> {
	if (process.env.WEBDATA_SKIP_BUILD !== '1') await build();
}

/**
 * Whether dist/ or the sandbox (built last, in .dist-dev/) is missing or was built from other
 * sources (buildStamp.ts).
 */
export function buildIsStale(): boolean {
	if (!fs.existsSync(SANDBOX_CLI) || !fs.existsSync(path.join(ROOT, 'dist', 'nodes'))) return true;
	return readText(stampPath(ROOT)).trim() !== sourcesDigest(ROOT);
}
