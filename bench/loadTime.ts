/**
 * Cold load time of the package (bench/README.md): in fresh Node processes, require n8n-workflow,
 * then time requiring every node and credential file package.json's `n8n` section lists.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ROOT } from '../devkit/root';

const CHILD = `
const path = require('node:path');
const root = process.argv[1];
const files = JSON.parse(process.argv[2]);
const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
let t = process.hrtime.bigint();
require(require.resolve('n8n-workflow', { paths: [root] }));
const workflowMs = ms(t);
t = process.hrtime.bigint();
for (const file of files) require(path.join(root, file));
const packageMs = ms(t);
process.stdout.write(JSON.stringify({ workflowMs, packageMs }));
`;

/** Median, min and max of requiring every listed file, in `runs` fresh processes. */
export function measureLoad(runs = 7, root = ROOT) {
	const { n8n } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const files: string[] = [...(n8n?.credentials ?? []), ...(n8n?.nodes ?? [])];
	const missing = files.filter((file) => !fs.existsSync(path.join(root, file)));
	if (missing.length > 0)
		throw new Error(`not built (run "npm run build" first): ${missing.join(', ')}`);
	const args = ['-e', CHILD, root, JSON.stringify(files)];
	const samples = Array.from({ length: runs }, () =>
		JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' })),
	) as Array<{ workflowMs: number; packageMs: number }>;
	const sorted = (key: 'workflowMs' | 'packageMs') =>
		samples.map((s) => s[key]).sort((a, b) => a - b);
	const load = sorted('packageMs');
	const median = Math.floor(runs / 2);
	return {
		files: files.length,
		...{ medianMs: load[median], minMs: load[0], maxMs: load[runs - 1] },
		/** Requiring n8n-workflow itself (not counted in the figure). */
		workflowMs: sorted('workflowMs')[median],
	};
}

if (require.main === module) {
	const runs = Number(process.argv[2] ?? 7);
	const result = measureLoad(runs);
	console.log(
		`Cold load of ${result.files} node and credential files after n8n-workflow (${runs} fresh processes, Node ${process.versions.node}):`,
	);
	console.log(
		`  median ${result.medianMs.toFixed(1)} ms (min ${result.minMs.toFixed(1)}, max ${result.maxMs.toFixed(1)}); n8n-workflow itself took ${result.workflowMs.toFixed(0)} ms before it`,
	);
	console.log(`  target <= 25 ms: ${result.medianMs <= 25 ? 'met' : 'MISSED'}`);
}
