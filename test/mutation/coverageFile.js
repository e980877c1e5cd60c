// Where the mutation run's dry run records the mutants each test file reaches: in the copy of
// the checkout Stryker tests (its working folder), written by recordCoverage.js and read by
// sequencer.js and bailingRunner.js.
const fs = require('node:fs');
const path = require('node:path');

const COVERAGE_FILE = path.join(process.cwd(), '.mutants-by-test-file.jsonl');

let coverage;

/**
 * The dry run's records, once per process: test file -> { ms, mutants (reached at all), inTests,
 * atLoad, inHooks, tests (test name -> mutants it reached) }; undefined before the dry run.
 */
function readCoverage() {
	if (coverage === undefined && fs.existsSync(COVERAGE_FILE)) {
		const lines = fs.readFileSync(COVERAGE_FILE, 'utf8').split('\n').filter(Boolean);
		coverage = new Map(lines.map((line) => JSON.parse(line)).map((r) => [r.file, r]));
	}
	return coverage;
}

module.exports = { COVERAGE_FILE, readCoverage };
