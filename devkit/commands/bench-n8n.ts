/**
 * `npm run bench:n8n`: builds (WEBDATA_SKIP_BUILD=1 skips it), installs PostgreSQL and Redis for
 * queue mode when missing, then runs bench/n8n/run.ts (what it measures: bench/README.md).
 */
import * as path from 'node:path';

import { buildUnlessSkipped } from '../build';
import { ensureServices } from '../debian';
import { ROOT } from '../paths';
import { run as runChild } from '../proc';
import { nodeExecutable, toolchainEnv } from '../toolchain';

export async function run(): Promise<number> {
	await buildUnlessSkipped();
	if (process.env.WEBDATA_BENCH_QUEUE !== '0' && !ensureServices())
		throw new Error(
			'queue mode needs postgresql and redis-server (WEBDATA_BENCH_QUEUE=0 skips it)',
		);
	const script = path.join(ROOT, 'dist-dev', 'bench', 'n8n', 'run.js');
	return await runChild(nodeExecutable(), [script], { env: toolchainEnv() });
}
