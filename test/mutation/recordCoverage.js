/**
 * Mutation runs only (stryker.config.mjs adds it): during Stryker's dry run, records which
 * mutants each test file reaches, so that a mutant then runs only the files that reach it
 * (sequencer.js), the quickest first. Stryker's jest runner passes only the covering tests'
 * names, and jest would load every test file (n8n-core and the package each time) to find them.
 *
 * The instrumented sources count what they reach in the `__stryker__` global, one object for the
 * whole run (jest runs in band): what grew while this file ran is what it reaches, at load time
 * (`static`) or in its tests (`perTest`), both together and in tests alone.
 */
const fs = require('node:fs');

const { COVERAGE_FILE } = require('./coverageFile');

const context = globalThis.__stryker__;
const dryRun = context !== undefined && process.env.__STRYKER_ACTIVE_MUTANT__ === undefined;

/** Every mutant's count in tests; with `atLoad`, at load time too. */
function flatten(coverage, atLoad) {
	const counts = atLoad ? { ...coverage?.static } : {};
	for (const test of Object.values(coverage?.perTest ?? {}))
		for (const [id, count] of Object.entries(test)) counts[id] = (counts[id] ?? 0) + count;
	return counts;
}

function grown(before, after) {
	return Object.keys(after).filter((id) => after[id] > (before[id] ?? 0));
}

if (dryRun) {
	const started = Date.now();
	const before = [flatten(context.mutantCoverage, true), flatten(context.mutantCoverage, false)];
	afterAll(() => {
		const mutants = grown(before[0], flatten(context.mutantCoverage, true));
		const inTests = grown(before[1], flatten(context.mutantCoverage, false));
		const { testPath: file } = expect.getState();
		const ms = Date.now() - started;
		fs.appendFileSync(COVERAGE_FILE, `${JSON.stringify({ file, ms, mutants, inTests })}\n`);
	});
}
