/**
 * `npm run bench:memory`: crawls of 10,000, 40,000 and 100,000 results through Web Data Crawl in
 * the pinned real n8n, in each output shape (only the file output at 100,000), beside a trivial
 * workflow: time and the n8n process's peak memory, printed beside targets; not a pass/fail test
 * (bench/n8n/memory.ts). WEBDATA_SKIP_BUILD=1 skips the build; WEBDATA_BENCH_SIZES=10000,40000
 * sets the crawl sizes.
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
