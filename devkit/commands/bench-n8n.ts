/**
 * `npm run bench:n8n`: installs PostgreSQL and Redis for queue mode when missing, builds
 * (WEBDATA_SKIP_BUILD=1 skips it), then runs bench/n8n/run.ts (what it measures: bench/README.md).
 */
import * as path from 'node:path';

import { buildUnlessSkipped } from '../build';
import { ensureServices } from '../debian';
import { ROOT } from '../paths';
import { run as runChild } from '../proc';
import { nodeExecutable, toolchainEnv } from '../toolchain';

/** Builds unless skipped, then runs .dist-dev/bench/n8n/`script` on the pinned Node. */
export async function runBench(script: string): Promise<number> {
	await buildUnlessSkipped();
	const file = path.join(ROOT, '.dist-dev', 'bench', 'n8n', script);
	return await runChild(nodeExecutable(), [file], { env: toolchainEnv() });
}

export async function run(): Promise<number> {
	if (process.env.WEBDATA_BENCH_QUEUE !== '0' && !ensureServices())
		throw new Error(
			'queue mode needs postgresql and redis-server (WEBDATA_BENCH_QUEUE=0 skips it)',
		);
	return await runBench('run.js');
}
