/**
 * Mutation runs only (stryker.config.mjs sets it): while a mutant is active, jest runs only the
 * test files that reached it in the dry run (recordCoverage.js), so ordered that
 * bailingRunner.js meets a failure soon: the least time per chance to kill first, a file's
 * dry-run time over one plus the mutants of the mutant's module its tests reached and those it
 * has killed so far in this process. A module's own quick unit tests so come before the node
 * suites that merely load it (a mutant in a table read at load time is reached by every suite
 * that loads the package). The order changes only how soon a failure comes, not which files may
 * fail. Otherwise every file, in jest's own order.
 */
const fs = require('node:fs');
const path = require('node:path');

const Sequencer = require('@jest/test-sequencer').default;

const { killsIn, readCoverage } = require('./coverageFile');

/** The mutated module of each mutant id, from Stryker's instrumented copies in its sandbox. */
function modulesOfMutants() {
	const modules = new Map();
	for (const dir of ['contract', 'nodes'].map((name) => path.join(process.cwd(), name)))
		for (const file of fs.readdirSync(dir, { recursive: true })) {
			if (!file.endsWith('.ts')) continue;
			const full = path.join(dir, file);
			const code = fs.readFileSync(full, 'utf8');
			for (const [, id] of code.matchAll(/stryMutAct_9fa48\("(\d+)"\)/g)) modules.set(id, full);
		}
	return modules;
}

let index;

/** Which files reach each mutant, and per file how many mutants of each module its tests reached. */
function indexCoverage(coverage) {
	const moduleOf = modulesOfMutants();
	const filesByMutant = new Map();
	const testedBy = new Map();
	for (const { file, mutants, inTests } of coverage.values()) {
		const perModule = new Map();
		for (const id of inTests)
			perModule.set(moduleOf.get(id), (perModule.get(moduleOf.get(id)) ?? 0) + 1);
		testedBy.set(file, perModule);
		for (const id of mutants) {
			if (!filesByMutant.has(id)) filesByMutant.set(id, new Set());
			filesByMutant.get(id).add(file);
		}
	}
	return { filesByMutant, testedBy, moduleOf };
}

class MutantSequencer extends Sequencer {
	sort(tests) {
		const active = process.env.__STRYKER_ACTIVE_MUTANT__;
		const coverage = readCoverage();
		if (active === undefined || coverage === undefined) return super.sort(tests);
		index ??= indexCoverage(coverage);
		const files = index.filesByMutant.get(active);
		const reaching = files ? tests.filter((test) => files.has(test.path)) : [];
		if (reaching.length === 0) return super.sort(tests);
		const { testedBy, moduleOf } = index;
		const module = moduleOf.get(active);
		const kills = killsIn(module);
		const cost = (test) => {
			const chances = 1 + (testedBy.get(test.path)?.get(module) ?? 0);
			return (coverage.get(test.path)?.ms ?? Infinity) / (chances + (kills.get(test.path) ?? 0));
		};
		return reaching.sort((a, b) => cost(a) - cost(b));
	}
}

module.exports = MutantSequencer;
module.exports.moduleOf = (mutant) => index?.moduleOf.get(mutant);
