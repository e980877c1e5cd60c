/**
 * Mutation runs only (stryker.config.mjs sets it): while a mutant is active, jest runs only the
 * test files that reached it in the dry run (recordCoverage.js), the quickest first, so that
 * bailingRunner.js stops at the first failure soon; otherwise every file, in jest's own order.
 * Stryker still picks the covering tests by name within them.
 */
const fs = require('node:fs');

const Sequencer = require('@jest/test-sequencer').default;

const { COVERAGE_FILE } = require('./coverageFile');

let coverage;

function readCoverage() {
	const filesByMutant = new Map();
	const msByFile = new Map();
	for (const line of fs.readFileSync(COVERAGE_FILE, 'utf8').split('\n')) {
		if (!line) continue;
		const { file, ms, mutants } = JSON.parse(line);
		msByFile.set(file, ms);
		for (const id of mutants) {
			if (!filesByMutant.has(id)) filesByMutant.set(id, new Set());
			filesByMutant.get(id).add(file);
		}
	}
	return { filesByMutant, msByFile };
}

class MutantSequencer extends Sequencer {
	sort(tests) {
		const active = process.env.__STRYKER_ACTIVE_MUTANT__;
		if (active === undefined || !fs.existsSync(COVERAGE_FILE)) return super.sort(tests);
		coverage ??= readCoverage();
		const files = coverage.filesByMutant.get(active);
		const reaching = files ? tests.filter((test) => files.has(test.path)) : [];
		if (reaching.length === 0) return super.sort(tests);
		const ms = (test) => coverage.msByFile.get(test.path) ?? Infinity;
		return reaching.sort((a, b) => ms(a) - ms(b));
	}
}

module.exports = MutantSequencer;
