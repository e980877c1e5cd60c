/**
 * Counts of jest's JSON results files (`--json --outputFile`): a line per e2e run, and the one
 * closing line of `npm test` over every file. A suite that failed to run counts as a failure; so
 * does a missing or unreadable file in the closing line (a run that wrote nothing did not pass).
 */
import * as fs from 'node:fs';

/** Throws when the file is missing or unreadable. */
function counts(file: string): [number, number] {
	const results = JSON.parse(fs.readFileSync(file, 'utf8'));
	return [
		results.numPassedTests,
		results.numFailedTests + (results.numRuntimeErrorTestSuites ?? 0),
	];
}

/** "<label>: N passed, N failed", or that the run left no results. */
export function runSummary(file: string, label: string): string {
	if (!fs.existsSync(file)) return `${label}: no results (${file})`;
	try {
		const [passed, failed] = counts(file);
		return `${label}: ${passed} passed, ${failed} failed`;
	} catch (error) {
		return `${label}: unreadable results (${file}: ${(error as Error).message})`;
	}
}

/** "N passed, N failed" over `files`; `missing` hears of each absent or unreadable one. */
export function closingLine(
	files: string[],
	missing = (file: string) => console.error(`missing or unreadable results: ${file}`),
): string {
	let [passed, failed] = [0, 0];
	for (const file of files) {
		try {
			const [p, f] = counts(file);
			[passed, failed] = [passed + p, failed + f];
		} catch {
			failed++;
			missing(file);
		}
	}
	return `${passed} passed, ${failed} failed`;
}
