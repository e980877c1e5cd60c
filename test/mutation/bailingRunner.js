/**
 * Mutation runs only (stryker.config.mjs sets it): jest's own runner, except that while a mutant
 * is active it runs the files one at a time and stops at the first with a failure. One failing
 * assertion kills the mutant; Stryker's jest runner cannot ask jest to bail, and the files after
 * it would each load n8n-core and the package for nothing.
 *
 * Stryker names the tests that reached a mutant (a pattern of their names), except for a mutant
 * it saw reached outside a test ("static": at a module's load or in a beforeAll hook), which it
 * runs with every test. Here such a mutant runs, per file, every test where the file reached it
 * at load or in a hook (any test may see what that changed), and otherwise only the file's tests
 * that reached it: Stryker's own rule for every other mutant. When the names make a pattern too
 * large for a regular expression, the file runs whole.
 *
 * With MUTATION_TIMES set (devkit's mutate does), each mutant's files, their time and outcome
 * are appended to that file, one JSON line a mutant.
 */
const fs = require('node:fs');
const path = require('node:path');

const TestRunner = require('jest-runner').default;

const { readCoverage } = require('./coverageFile');
const { recordKill } = require('./sequencer');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compiles(pattern) {
	try {
		new RegExp(pattern, 'i').test('');
		return true;
	} catch {
		return false;
	}
}

/** The test name pattern for one file: Stryker's, or for a static mutant the file's own. */
function patternFor(file, mutant, strykers) {
	if (strykers) return compiles(strykers) ? strykers : undefined;
	const reached = readCoverage()?.get(file);
	if (reached === undefined || reached.atLoad.includes(mutant) || reached.inHooks.includes(mutant))
		return undefined;
	const names = Object.entries(reached.tests)
		.filter(([, ids]) => ids.includes(mutant))
		.map(([name]) => `(${escape(name)})`);
	const pattern = names.join('|');
	return names.length > 0 && compiles(pattern) ? pattern : undefined;
}

class BailingRunner extends TestRunner {
	async runTests(tests, watcher, options) {
		const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
		if (mutant === undefined) return await super.runTests(tests, watcher, options);
		const globalConfig = this._globalConfig;
		const strykers = globalConfig.testNamePattern || undefined;
		let failed = false;
		const unsubscribe = [
			this.on('test-file-success', ([, result]) => {
				if (result.numFailingTests > 0 || result.testExecError) failed = true;
			}),
			this.on('test-file-failure', () => {
				failed = true;
			}),
		];
		const started = Date.now();
		const files = [];
		try {
			for (const test of tests) {
				if (failed) break;
				const testNamePattern = patternFor(test.path, mutant, strykers);
				this._globalConfig = { ...globalConfig, testNamePattern };
				const fileStarted = Date.now();
				await super.runTests([test], watcher, options);
				const file = path.relative(process.cwd(), test.path);
				files.push([file, Date.now() - fileStarted, testNamePattern ? 'named' : 'whole']);
				if (failed) recordKill(mutant, test.path);
			}
		} finally {
			this._globalConfig = globalConfig;
			unsubscribe.forEach((off) => off());
			const log = process.env.MUTATION_TIMES;
			const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
			const record = { mutant, static: !strykers, ms: Date.now() - started, failed };
			const line = JSON.stringify({ ...record, pid: process.pid, heapMb, files });
			if (log) fs.appendFileSync(log, `${line}\n`);
		}
	}
}

module.exports = BailingRunner;
