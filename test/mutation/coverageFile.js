// Where the mutation run's dry run records the mutants each test file reaches: in the copy of
// the checkout Stryker tests (its working folder), read by sequencer.js and recordCoverage.ts.
const path = require('node:path');

module.exports = { COVERAGE_FILE: path.join(process.cwd(), '.mutants-by-test-file.jsonl') };
