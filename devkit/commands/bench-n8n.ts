/**
 * `npm run bench:n8n`: Web Data Brand inside the pinned real n8n against the sandbox (100 ms
 * latency, plan concurrency 10, 6000/min): a bare fetch client as the ceiling, 200 and 1000 items
 * in a long-running n8n, two executions at once, and queue mode (2 and 3 workers, 8 executions at
 * once, under both of the sandbox's overload models; needs PostgreSQL and Redis, installed here
 * when missing). Prints figures beside targets; not a
 * pass/fail test (bench/n8n/run.ts). WEBDATA_SKIP_BUILD=1 skips the build, WEBDATA_BENCH_QUEUE=0
 * skips queue mode, WEBDATA_BENCH_HTTP=0 the HTTP Request node rows.
 */
import * as path from 'node:path';

import { buildUnlessSkipped } from '../build';
import { ensureServices } from '../debian';
import { ROOT } from '../paths';
import { run as runChild } from '../proc';
import { nodeExecutable, toolchainEnv } from '../toolchain';

export async function run(): Promise<number> {
	await buildUnlessSkipped();
	const env = toolchainEnv();
	if (process.env.WEBDATA_BENCH_QUEUE !== '0' && !ensureServices())
		throw new Error(
			'queue mode needs postgresql and redis-server (WEBDATA_BENCH_QUEUE=0 skips it)',
		);
	return await runChild(nodeExecutable(), [path.join(ROOT, 'dist-dev', 'bench', 'n8n', 'run.js')], {
		env,
	});
}
