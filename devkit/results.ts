/**
 * Counts of jest's JSON results files (`--json --outputFile`): a line per e2e run, and the one
 * closing line of `npm test` over every file. A suite that failed to run counts as a failure; so
 * does a missing file in the closing line (a run that wrote nothing did not pass).
 */
import * as fs from 'node:fs';

export interface Counts {
	passed: number;
	failed: number;
}

/** The counts of one results file, or undefined when there is none. */
export function readCounts(file: string): Counts | undefined {
	if (!fs.existsSync(file)) return undefined;
	const results = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		numPassedTests: number;
		numFailedTests: number;
		numRuntimeErrorTestSuites?: number;
	};
	return {
		passed: results.numPassedTests,
		failed: results.numFailedTests + (results.numRuntimeErrorTestSuites ?? 0),
	};
}

/** "<label>: N passed, N failed", or that the run left no results. */
export function runSummary(file: string, label: string): string {
	try {
		const counts = readCounts(file);
		return counts
			? `${label}: ${counts.passed} passed, ${counts.failed} failed`
			: `${label}: no results (${file})`;
	} catch (error) {
		return `${label}: unreadable results (${file}: ${(error as Error).message})`;
	}
}

/**
 * The closing line "N passed, N failed" over `files`; `missing` hears of each file that is absent
 * or unreadable (each counts as one failure).
 */
export function closingLine(
	files: string[],
	missing: (file: string) => void = (file) =>
		console.error(`missing or unreadable results: ${file}`),
): string {
	let passed = 0;
	let failed = 0;
	for (const file of files) {
		let counts: Counts | undefined;
		try {
			counts = readCounts(file);
		} catch {
			counts = undefined;
		}
		if (!counts) {
			failed++;
			missing(file);
			continue;
		}
		passed += counts.passed;
		failed += counts.failed;
	}
	return `${passed} passed, ${failed} failed`;
}
