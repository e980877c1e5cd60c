/**
 * Mutation runs only (stryker.config.mjs sets it): jest's own runner, except that while a mutant
 * is active it stops at the first test file with a failure. One failing assertion kills the
 * mutant; Stryker's jest runner cannot ask jest to bail, and the files after it would each load
 * n8n-core and the package for nothing. And when the covering tests' names make a pattern too
 * large for a regular expression (a mutant hundreds of tests reach), the files that reach the
 * mutant run whole instead of failing to start.
 */
const TestRunner = require('jest-runner').default;

function compiles(pattern) {
	try {
		new RegExp(pattern, 'i').test('');
		return true;
	} catch {
		return false;
	}
}

class BailingRunner extends TestRunner {
	async runTests(tests, watcher, options) {
		if (process.env.__STRYKER_ACTIVE_MUTANT__ === undefined)
			return await super.runTests(tests, watcher, options);
		const pattern = this._globalConfig.testNamePattern;
		if (pattern && !compiles(pattern))
			this._globalConfig = { ...this._globalConfig, testNamePattern: undefined };
		let failed = false;
		const unsubscribe = [
			this.on('test-file-success', ([, result]) => {
				if (result.numFailingTests > 0 || result.testExecError) failed = true;
			}),
			this.on('test-file-failure', () => {
				failed = true;
			}),
		];
		try {
			for (const test of tests) {
				if (failed) break;
				await super.runTests([test], watcher, options);
			}
		} finally {
			unsubscribe.forEach((off) => off());
		}
	}
}

module.exports = BailingRunner;
