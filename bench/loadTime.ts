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

/**
 * The median, min and max of requiring every listed file in `runs` fresh processes, beside the
 * target, as `npm run bench` and `npm run bench:load` print it.
 */
export function loadReport(runs: number): string[] {
	const { n8n } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const files: string[] = [...(n8n?.credentials ?? []), ...(n8n?.nodes ?? [])];
	const missing = files.filter((file) => !fs.existsSync(path.join(ROOT, file)));
	if (missing.length > 0)
		throw new Error(`not built (run "npm run build" first): ${missing.join(', ')}`);
	const args = ['-e', CHILD, ROOT, JSON.stringify(files)];
	const samples = Array.from({ length: runs }, () =>
		JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' })),
	) as Array<{ workflowMs: number; packageMs: number }>;
	const sorted = (key: 'workflowMs' | 'packageMs') =>
		samples.map((s) => s[key]).sort((a, b) => a - b);
	const [load, middle] = [sorted('packageMs'), Math.floor(runs / 2)];
	return [
		`Cold load of all ${files.length} node and credential modules after n8n-workflow (${runs} fresh processes, Node ${process.versions.node})`,
		`   median ${load[middle].toFixed(1)} ms (min ${load[0].toFixed(1)}, max ${load[runs - 1].toFixed(1)}; ` +
			`n8n-workflow itself took ${sorted('workflowMs')[middle].toFixed(0)} ms before it); target <= 25 ms: ${load[middle] <= 25 ? 'met' : 'MISSED'}`,
	];
}

if (require.main === module) console.log(loadReport(Number(process.argv[2] ?? 7)).join('\n'));
