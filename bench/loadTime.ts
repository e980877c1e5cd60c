/**
 * Cold load time of the package: in a fresh Node process, require n8n-workflow first (n8n has it
 * loaded already), then time requiring every node and credential file that package.json's `n8n`
 * section lists (the built dist/ files, as n8n loads them). Repeated in new processes; the
 * median is the figure.
 *
 *   npm run build && npm run bench:load      # node dist-dev/bench/loadTime.js [runs]
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ROOT } from '../devkit/root';

export interface LoadSample {
	/** Requiring n8n-workflow itself (not counted in the figure). */
	workflowMs: number;
	/** Requiring every listed node and credential file after n8n-workflow. */
	packageMs: number;
	files: number;
}

export interface LoadResult {
	samples: LoadSample[];
	medianMs: number;
	minMs: number;
	maxMs: number;
	files: number;
}

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
process.stdout.write(JSON.stringify({ workflowMs, packageMs, files: files.length }));
`;

export function listedFiles(root: string): string[] {
	const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const files = [...(pkg.n8n?.credentials ?? []), ...(pkg.n8n?.nodes ?? [])];
	const missing = files.filter((file) => !fs.existsSync(path.join(root, file)));
	if (missing.length > 0)
		throw new Error(`not built (run "npm run build" first): ${missing.join(', ')}`);
	return files;
}

export function measureLoad(runs = 7, root = ROOT): LoadResult {
	const files = listedFiles(root);
	const samples: LoadSample[] = [];
	for (let i = 0; i < runs; i++) {
		const out = execFileSync(process.execPath, ['-e', CHILD, root, JSON.stringify(files)], {
			cwd: root,
			encoding: 'utf8',
		});
		samples.push(JSON.parse(out) as LoadSample);
	}
	const sorted = samples.map((s) => s.packageMs).sort((a, b) => a - b);
	return {
		samples,
		medianMs: sorted[Math.floor(sorted.length / 2)],
		minMs: sorted[0],
		maxMs: sorted[sorted.length - 1],
		files: files.length,
	};
}

if (require.main === module) {
	const runs = Number(process.argv[2] ?? 7);
	const result = measureLoad(runs);
	const workflow = result.samples.map((s) => s.workflowMs).sort((a, b) => a - b)[
		Math.floor(runs / 2)
	];
	console.log(
		`Cold load of ${result.files} node and credential files after n8n-workflow (${runs} fresh processes, Node ${process.versions.node}):`,
	);
	console.log(
		`  median ${result.medianMs.toFixed(1)} ms (min ${result.minMs.toFixed(1)}, max ${result.maxMs.toFixed(1)}); n8n-workflow itself took ${workflow.toFixed(0)} ms before it`,
	);
	console.log(`  target <= 25 ms: ${result.medianMs <= 25 ? 'met' : 'MISSED'}`);
}
