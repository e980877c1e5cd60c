/**
 * Mutation runs only (stryker.config.mjs adds it): during Stryker's dry run, records which
 * mutants each test file reaches, and how, so that a mutant then runs only the files that reach
 * it (sequencer.js), the quickest first, and in each file only what can see it (bailingRunner.js).
 * Stryker's jest runner passes only the covering tests' names, and jest would load every test
 * file (n8n-core and the package each time) to find them.
 *
 * The instrumented sources count what they reach in the `__stryker__` global, one object for the
 * whole run (jest runs in band): what grew while this file ran is what it reaches. Stryker counts
 * a reach outside a test as `static`: here split into the file's load (before its first hook)
 * and its beforeAll/afterAll hooks; a reach inside a test is kept per test name.
 */
const fs = require('node:fs');

const { COVERAGE_FILE } = require('./coverageFile');

const context = globalThis.__stryker__;
const dryRun = context !== undefined && process.env.__STRYKER_ACTIVE_MUTANT__ === undefined;

function grown(before, after) {
	return Object.keys(after ?? {}).filter((id) => after[id] > (before?.[id] ?? 0));
}

/** A copy of the counts so far: static, and per test name. */
const snapshot = () => structuredClone(context.mutantCoverage ?? { static: {}, perTest: {} });

if (dryRun) {
	const started = Date.now();
	const before = snapshot();
	let loaded;
	// The first hook of the file (setup files register theirs first): the test file is loaded.
	beforeAll(() => {
		loaded = { ...context.mutantCoverage?.static };
	});
	afterAll(() => {
		const after = snapshot();
		const atLoad = grown(before.static, loaded);
		const inHooks = grown(loaded, after.static);
		const tests = {};
		for (const [name, counts] of Object.entries(after.perTest)) {
			const ids = grown(before.perTest[name], counts);
			if (ids.length > 0) tests[name] = ids;
		}
		const inTests = [...new Set(Object.values(tests).flat())];
		const mutants = [...new Set([...atLoad, ...inHooks, ...inTests])];
		const { testPath: file } = expect.getState();
		const ms = Date.now() - started;
		const record = { file, ms, mutants, inTests, atLoad, inHooks, tests };
		fs.appendFileSync(COVERAGE_FILE, `${JSON.stringify(record)}\n`);
	});
}
