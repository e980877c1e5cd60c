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

const { readCoverage } = require('./coverageFile');

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

let moduleOf;
/** module -> test file -> mutants of the module it killed in this process. */
const kills = new Map();

class MutantSequencer extends Sequencer {
	sort(tests) {
		const active = process.env.__STRYKER_ACTIVE_MUTANT__;
		const coverage = readCoverage();
		if (active === undefined || coverage === undefined) return super.sort(tests);
		moduleOf ??= modulesOfMutants();
		const reaching = tests.filter((test) => coverage.get(test.path)?.mutants.includes(active));
		if (reaching.length === 0) return super.sort(tests);
		const module = moduleOf.get(active);
		const killed = kills.get(module) ?? new Map();
		const cost = new Map(
			reaching.map((test) => {
				const { ms, inTests } = coverage.get(test.path);
				const chances = 1 + inTests.filter((id) => moduleOf.get(id) === module).length;
				return [test, ms / (chances + (killed.get(test.path) ?? 0))];
			}),
		);
		return reaching.sort((a, b) => cost.get(a) - cost.get(b));
	}
}

module.exports = MutantSequencer;
/** Counts a kill of `mutant` by the test file `file` (bailingRunner.js), for the order above. */
module.exports.recordKill = (mutant, file) => {
	const module = moduleOf?.get(mutant);
	if (!kills.has(module)) kills.set(module, new Map());
	kills.get(module).set(file, (kills.get(module).get(file) ?? 0) + 1);
};
