/**
 * `npm run bench:n8n` (devkit/commands/bench-n8n.ts builds, then runs this): Web Data Brand in
 * real n8n, one process and queue mode, figures beside targets. What it measures, its settings
 * and targets: bench/README.md. Results: artifacts/bench-n8n.json; logs: artifacts/bench-n8n/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { details, rows, table } from './report';
import {
	queueMode,
	ACCOUNT_READS,
	CALLS,
	ITEMS,
	REPEATS,
	WORKER_COUNTS,
	WORKER_CONCURRENCY,
} from './queue';
import { LIMIT, SANDBOX_CONFIG, SETTINGS, USAGE_AT, benchMain, load } from './setup';
import { singleProcess } from './single';
import { ARTIFACTS_DIR, N8N_VERSION } from '../../devkit/paths';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

benchMain('bench:n8n', SETTINGS.artifactsDir, async (sandbox, say) => {
	const t0 = Date.now();
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
				`queue mode: ${workers} workers --concurrency=${WORKER_CONCURRENCY}, ${CALLS} executions x ${ITEMS.join(' and ')} items at once, both overload models, usage read ${ACCOUNT_READS.join(' and ')} taking the usage as it ${USAGE_AT === 'answer' ? 'answers' : 'arrives'}, ${REPEATS} run(s) each (load ${load()}) ...`,
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
