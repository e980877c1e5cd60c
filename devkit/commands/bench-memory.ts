/**
 * `npm run bench:memory`: builds (WEBDATA_SKIP_BUILD=1 skips it), then runs bench/n8n/memory.ts
 * (what it measures, its targets and WEBDATA_BENCH_SIZES: bench/README.md).
 */
import * as path from 'node:path';

import { buildUnlessSkipped } from '../build';
import { ROOT } from '../paths';
import { run as runChild } from '../proc';
import { nodeExecutable, toolchainEnv } from '../toolchain';

export async function run(): Promise<number> {
	await buildUnlessSkipped();
	return await runChild(
		nodeExecutable(),
		[path.join(ROOT, 'dist-dev', 'bench', 'n8n', 'memory.js')],
		{ env: toolchainEnv() },
	);
}
