/**
 * Mutation runs only (stryker.config.mjs sets it): while a mutant is active, jest runs only the
 * test files that reached it in the dry run (recordCoverage.js), so ordered that
 * bailingRunner.js meets a failure soon: first the files whose tests reached the mutant, then
 * those whose tests reached its module (a mutant in a table that is read at load time is reached
 * by every suite that loads the package, but mostly matters to the tests of that module), the
 * quickest first within each. Otherwise every file, in jest's own order. Stryker still picks the
 * covering tests by name within them.
 */
const fs = require('node:fs');

const Sequencer = require('@jest/test-sequencer').default;

const path = require('node:path');

const { COVERAGE_FILE } = require('./coverageFile');

/** The mutated module of each mutant id, from Stryker's instrumented copies in its sandbox. */
function modulesOfMutants() {
	const modules = new Map();
	const visit = (dir) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) visit(full);
			else if (entry.name.endsWith('.ts')) {
				const code = fs.readFileSync(full, 'utf8');
				for (const [, id] of code.matchAll(/stryMutAct_9fa48\("(\d+)"\)/g)) modules.set(id, full);
			}
		}
	};
	for (const dir of ['contract', 'nodes']) visit(path.join(process.cwd(), dir));
	return modules;
}

let coverage;

function readCoverage() {
	const moduleOf = modulesOfMutants();
	const filesByMutant = new Map();
	const msByFile = new Map();
	/** test file -> mutant ids its tests reached, and the modules those are in */
	const testedBy = new Map();
	for (const line of fs.readFileSync(COVERAGE_FILE, 'utf8').split('\n')) {
		if (!line) continue;
		const { file, ms, mutants, inTests } = JSON.parse(line);
		msByFile.set(file, ms);
		testedBy.set(file, {
			mutants: new Set(inTests ?? []),
			modules: new Set((inTests ?? []).map((id) => moduleOf.get(id))),
		});
		for (const id of mutants) {
			if (!filesByMutant.has(id)) filesByMutant.set(id, new Set());
			filesByMutant.get(id).add(file);
		}
	}
	return { filesByMutant, msByFile, testedBy, moduleOf };
}

class MutantSequencer extends Sequencer {
	sort(tests) {
		const active = process.env.__STRYKER_ACTIVE_MUTANT__;
		if (active === undefined || !fs.existsSync(COVERAGE_FILE)) return super.sort(tests);
		coverage ??= readCoverage();
		const files = coverage.filesByMutant.get(active);
		const reaching = files ? tests.filter((test) => files.has(test.path)) : [];
		if (reaching.length === 0) return super.sort(tests);
		const { msByFile, testedBy, moduleOf } = coverage;
		const rank = (test) => {
			const tested = testedBy.get(test.path);
			if (tested?.mutants.has(active)) return 0;
			return tested?.modules.has(moduleOf.get(active)) ? 1 : 2;
		};
		const ms = (test) => msByFile.get(test.path) ?? Infinity;
		return reaching.sort((a, b) => rank(a) - rank(b) || ms(a) - ms(b));
	}
}

module.exports = MutantSequencer;
