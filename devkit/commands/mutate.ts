/**
 * `npm run mutate [stryker args]`: the mutation benchmark. StrykerJS (stryker.config.mjs) mutates
 * the modules that refuse, retry, mask, report and page, runs the unit suites that reach each
 * mutant (Node 24), then this prints, per file, the mutants killed by an assertion beside the
 * target. Time-outs, mutants no test reaches and runtime errors are not kills: the score is
 * killed / (all - ignored), from Stryker's JSON report; ignored mutants are listed. Not part of
 * `npm test`; times per group of files are in CONTRIBUTING.md. One file or group:
 * `npm run mutate -- --mutate <file>[,<file>]`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ROOT } from '../paths';
import { log, run as runChild } from '../proc';
import { node24Env } from '../toolchain';

/** Killed by an assertion, of the mutants that count. */
const TARGET = 0.85;
const REPORT = path.join(ROOT, 'reports', 'mutation', 'mutation.json');
/** Each mutant's test files, their time and outcome (test/mutation/bailingRunner.js). */
const TIMES = path.join(ROOT, 'reports', 'mutation', 'times.jsonl');

type Report = { files: Record<string, { mutants: Array<{ status: string }> }> };

/** Per file, then all files: killed / every mutant but the ignored ones, the other statuses. */
function table(report: Report): string {
	const all = { file: 'all files', killed: 0, total: 0, statuses: {} };
	const rows = Object.entries(report.files)
		.map(([file, { mutants }]) => {
			const statuses: Record<string, number> = {};
			for (const { status } of mutants) statuses[status] = (statuses[status] ?? 0) + 1;
			const killed = statuses.Killed ?? 0;
			const total = mutants.length - (statuses.Ignored ?? 0);
			all.killed += killed;
			all.total += total;
			const name = path.isAbsolute(file) ? path.relative(ROOT, file) : file;
			return { file: name, killed, total, statuses };
		})
		.sort((a, b) => a.file.localeCompare(b.file));
	const lines = [...rows, all].map((row) => {
		const others = Object.entries(row.statuses)
			.filter(([status]) => status !== 'Killed')
			.map(([status, count]) => `${count} ${status}`)
			.join(', ');
		const share = row.total === 0 ? undefined : row.killed / row.total;
		return [
			row.file.padEnd(42),
			`${row.killed}/${row.total}`.padStart(9),
			(share === undefined ? '-' : `${(100 * share).toFixed(1)}%`).padStart(7),
			`  target ${TARGET * 100}%${share !== undefined && share < TARGET ? '  BELOW' : ''}`,
			others ? `  (${others})` : '',
		].join(' ');
	});
	return lines.join('\n');
}

export async function run(args: string[]): Promise<number> {
	fs.rmSync(REPORT, { force: true });
	fs.rmSync(TIMES, { force: true });
	fs.mkdirSync(path.dirname(TIMES), { recursive: true });
	const started = Date.now();
	// Stryker tests a copy of the checkout (.stryker-tmp/): the spec document, when there is one
	// (beside the checkout, or named by WEBDATA_SPEC_PATH), is named by its full path so the facts
	// are still compared with it.
	const spec = path.resolve(
		process.env.WEBDATA_SPEC_PATH ?? path.join(ROOT, '..', 'shared', 'spec', 'web-data-service.md'),
	);
	const status = await runChild('stryker', ['run', 'stryker.config.mjs', ...args], {
		cwd: ROOT,
		env: {
			...node24Env(),
			MUTATION_TIMES: TIMES,
			...(fs.existsSync(spec) ? { WEBDATA_SPEC_PATH: spec } : {}),
		},
	});
	const minutes = (Date.now() - started) / 60_000;
	if (!fs.existsSync(REPORT)) {
		log(`stryker wrote no report (exit ${status})`);
		return status || 1;
	}
	console.log('\nkilled by an assertion / mutants (time-outs and no-coverage are not kills)\n');
	console.log(table(JSON.parse(fs.readFileSync(REPORT, 'utf8')) as Report));
	console.log(`\n${minutes.toFixed(1)} minutes; report: ${path.relative(ROOT, REPORT)}`);
	return status;
}
