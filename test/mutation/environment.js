/**
 * Mutation runs only (stryker.config.mjs sets it; Stryker wraps it to count coverage): jest's
 * node environment, except that while a mutant is active the first failing test ends the file's
 * run. One failing assertion kills the mutant, so the file's later tests are skipped (and the
 * hooks of blocks left with no test to run), as bailingRunner.js skips the later files.
 */
const { TestEnvironment } = require('jest-environment-node');

function skipRemaining(block) {
	for (const child of block.children) {
		if (child.type === 'describeBlock') skipRemaining(child);
		else if (child.status !== 'done') child.mode = 'skip';
	}
}

class BailingEnvironment extends TestEnvironment {
	async handleTestEvent(event, state) {
		if (process.env.__STRYKER_ACTIVE_MUTANT__ === undefined) return;
		if (event.name === 'test_done' && event.test.errors.length > 0)
			skipRemaining(state.rootDescribeBlock);
	}
}

module.exports = BailingEnvironment;
