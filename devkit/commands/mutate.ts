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
export const TARGET = 0.85;
export const REPORT = path.join(ROOT, 'reports', 'mutation', 'mutation.json');
/** Each mutant's test files, their time and outcome (test/mutation/bailingRunner.js). */
const TIMES = path.join(ROOT, 'reports', 'mutation', 'times.jsonl');

interface Report {
	files: Record<string, { mutants: Array<{ status: string }> }>;
}

export interface FileScore {
	file: string;
	killed: number;
	/** Every mutant but the ignored ones. */
	total: number;
	/** Mutants by status (Killed, Survived, NoCoverage, Timeout, ...). */
	statuses: Record<string, number>;
}

export function scores(report: Report): FileScore[] {
	return Object.entries(report.files)
		.map(([file, { mutants }]) => {
			const statuses: Record<string, number> = {};
			for (const { status } of mutants) statuses[status] = (statuses[status] ?? 0) + 1;
			return {
				file: path.isAbsolute(file) ? path.relative(ROOT, file) : file,
				killed: statuses.Killed ?? 0,
				total: mutants.length - (statuses.Ignored ?? 0),
				statuses,
			};
		})
		.sort((a, b) => a.file.localeCompare(b.file));
}

const percent = (killed: number, total: number) =>
	total === 0 ? '-' : `${((100 * killed) / total).toFixed(1)}%`;

export function table(rows: FileScore[]): string {
	const all = rows.reduce(
		(sum, row) => ({ killed: sum.killed + row.killed, total: sum.total + row.total }),
		{
			killed: 0,
			total: 0,
		},
	);
	const lines = [...rows, { file: 'all files', ...all, statuses: {} }].map((row) => {
		const others = Object.entries(row.statuses)
			.filter(([status]) => status !== 'Killed')
			.map(([status, count]) => `${count} ${status}`)
			.join(', ');
		const below = row.total > 0 && row.killed / row.total < TARGET ? '  BELOW' : '';
		return [
			row.file.padEnd(42),
			`${row.killed}/${row.total}`.padStart(9),
			percent(row.killed, row.total).padStart(7),
			`  target ${TARGET * 100}%${below}`,
			others ? `  (${others})` : '',
		].join(' ');
	});
	return lines.join('\n');
}

/** The spec document, where it is beside the checkout (CI) or named by WEBDATA_SPEC_PATH. */
function specPath(): string {
	return path.resolve(
		process.env.WEBDATA_SPEC_PATH ?? path.join(ROOT, '..', 'shared', 'spec', 'web-data-service.md'),
	);
}

export async function run(args: string[]): Promise<number> {
	fs.rmSync(REPORT, { force: true });
	fs.rmSync(TIMES, { force: true });
	fs.mkdirSync(path.dirname(TIMES), { recursive: true });
	const started = Date.now();
	// Stryker tests a copy of the checkout (.stryker-tmp/): the spec document, when there is one,
	// is named by its full path so the facts are still compared with it.
	const spec = specPath();
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
	const rows = scores(JSON.parse(fs.readFileSync(REPORT, 'utf8')) as Report);
	console.log('\nkilled by an assertion / mutants (time-outs and no-coverage are not kills)\n');
	console.log(table(rows));
	console.log(`\n${minutes.toFixed(1)} minutes; report: ${path.relative(ROOT, REPORT)}`);
	return status;
}
