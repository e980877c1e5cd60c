/**
 * Part of `npm run lint`: commit subjects of at most 72 characters, from the commit where this
 * check came in onwards (earlier history is left as it is). A shallow clone without that commit
 * skips the check.
 */
import { execFileSync } from 'node:child_process';

import { ROOT } from '../paths';

const SINCE = '3bc610e';
const MAX = 72;
const git = (...args: string[]) =>
	execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }).trim();

export async function run(): Promise<number> {
	try {
		git('cat-file', '-e', `${SINCE}^{commit}`);
	} catch {
		console.log(`check-commits: ${SINCE} is not in this clone; skipped`);
		return 0;
	}
	const long = git('log', '--format=%h %s', `${SINCE}..HEAD`)
		.split('\n')
		.filter(Boolean)
		.filter((line) => line.length - line.indexOf(' ') - 1 > MAX);
	if (long.length > 0) {
		console.error(`check-commits: subjects over ${MAX} characters:\n${long.join('\n')}`);
		return 1;
	}
	console.log(`check-commits: every subject since ${SINCE} is at most ${MAX} characters`);
	return 0;
}
