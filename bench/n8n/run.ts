/**
 * `npm run bench:n8n` (devkit/commands/bench-n8n.ts builds, then runs this): Web Data Brand >
 * Retrieve by Domain (default settings) inside real n8n, against the sandbox with 100 ms
 * latency, plan concurrency 10 and 6000 requests/min (limit 100 items/s). Figures printed beside
 * targets; not a pass/fail test.
 *
 *   1. a bare fetch client (10 loops) against the same sandbox: the ceiling (bench/n8n/single.ts);
 *   2. our node at 200 and 1000 items in a long-running `n8n start` that has read the plan in a
 *      warm-up execution: >= 0.95 of the bare client, <= 2.5 ms of n8n CPU per item, the first
 *      request <= 150 ms after the node starts;
 *   3. two executions of 200 items at once in that process: no 429, all items ok;
 *   4. queue mode, 2 and 3 workers --concurrency=5, 8 executions x 100 and x 500 items at once,
 *      under both overload models of the sandbox (bench/n8n/queue.ts): all ok, >= 0.9 of the
 *      bare client, <= 1% of requests refused; each worker's requests in flight over time;
 *   and, for comparison, n8n's HTTP Request node (default, and batches of 10 every 100 ms).
 *
 * WEBDATA_BENCH_QUEUE=0 skips queue mode, WEBDATA_BENCH_WORKERS=2 measures 2 workers only (default
 * 2,3), WEBDATA_BENCH_HTTP=0 skips the HTTP Request rows. For
 * experiments: WEBDATA_BENCH_PACKAGE=<dir> installs the package packed from <dir> (npm pack,
 * e.g. a copy with other pacer constants), WEBDATA_BENCH_N8N_ENV='{"N8N_...":"..."}' adds
 * environment to every n8n process.
 * Results: artifacts/bench-n8n.json; logs: artifacts/bench-n8n/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { details, rows, table } from './report';
import { queueMode, CALLS, ITEMS, WORKER_COUNTS, WORKER_CONCURRENCY } from './queue';
import { LIMIT, SANDBOX_CONFIG, SETTINGS, benchMain, load } from './setup';
import { singleProcess } from './single';
import { ARTIFACTS_DIR, N8N_VERSION } from '../../devkit/paths';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

benchMain('bench:n8n', SETTINGS.artifactsDir, async (sandbox, say) => {
	const t0 = Date.now();
	// Reset with the config: limits, the request log and the balance start afresh for each part.
	await sandbox.reset(SANDBOX_CONFIG);
	say(
		`n8n ${N8N_VERSION}, one process: bare client, Web Data Brand at 200 and 1000 items, 2 executions at once (load ${load()}) ...`,
	);
	const single = await singleProcess(sandbox, process.env.WEBDATA_BENCH_HTTP !== '0');
	say(`done at ${seconds(t0)} (load ${load()})`);
	const queue = [];
	if (process.env.WEBDATA_BENCH_QUEUE !== '0')
		for (const workers of WORKER_COUNTS) {
			say(
				`queue mode: ${workers} workers --concurrency=${WORKER_CONCURRENCY}, ${CALLS} executions x ${ITEMS.join(' and ')} items at once, both overload models (load ${load()}) ...`,
			);
			queue.push(...(await queueMode(sandbox, workers)));
			say(`done at ${seconds(t0)} (load ${load()})`);
		}
	const list = rows(single, queue, LIMIT);
	process.stdout.write(
		[
			'',
			`n8n ${N8N_VERSION}, Web Data Brand > Retrieve by Domain (default settings), sandbox latency ${SETTINGS.latencyMs} ms, ` +
				`plan concurrency ${SETTINGS.concurrency}, ${SETTINGS.ratePerMinute}/min: limit ${LIMIT} items/s`,
			"(node items/s: items ok / the node's own time in n8n's run data, from the first execution's start to the last one's end)",
			'',
			table(list),
			'',
			details(single, queue),
			'',
			`whole run ${seconds(t0)}`,
			'',
		].join('\n'),
	);
	const result = { n8n: N8N_VERSION, settings: SETTINGS, limit: LIMIT, rows: list, single, queue };
	fs.writeFileSync(path.join(ARTIFACTS_DIR, 'bench-n8n.json'), JSON.stringify(result, null, 2));
});
