#!/usr/bin/env node
// Commit subjects of at most 72 characters, from the commit where this check came in onwards
// (earlier history is left as it is). A shallow clone without that commit skips the check.
const { execFileSync } = require('node:child_process');

const SINCE = '3bc610e';
const MAX = 72;
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

try {
	git('cat-file', '-e', `${SINCE}^{commit}`);
} catch {
	console.log(`check-commits: ${SINCE} is not in this clone; skipped`);
	process.exit(0);
}
const long = git('log', '--format=%h %s', `${SINCE}..HEAD`)
	.split('\n')
	.filter(Boolean)
	.filter((line) => line.length - line.indexOf(' ') - 1 > MAX);
if (long.length > 0) {
	console.error(`check-commits: subjects over ${MAX} characters:\n${long.join('\n')}`);
	process.exit(1);
}
console.log(`check-commits: every subject since ${SINCE} is at most ${MAX} characters`);
