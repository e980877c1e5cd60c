/**
 * The tooling stays small beside what it serves: the lines of devkit/, bench/, e2e/ and test/
 * other than the test files themselves are at most 0.8 of the product's (nodes/, credentials/,
 * contract/). CONTRIBUTING.md ("Tooling size") gives the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../../devkit/root';

const MAX_TOOLING_SHARE = 0.8;

/** Lines (newlines, as `wc -l` counts them) of the .ts files under the folders, tests left out. */
function lines(folders: readonly string[]): number {
	let count = 0;
	for (const folder of folders)
		for (const file of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
			if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('node_modules'))
				continue;
			count += readFileSync(join(ROOT, folder, file), 'utf8').split('\n').length - 1;
		}
	return count;
}

test(`the tooling is at most ${MAX_TOOLING_SHARE} of the product's lines`, () => {
	const product = lines(['nodes', 'credentials', 'contract']);
	const tooling = lines(['devkit', 'bench', 'e2e', 'test']);
	expect(product).toBeGreaterThan(5000);
	// The message names both figures: the tooling's lines against the most it may have.
	expect(tooling).toBeLessThanOrEqual(Math.floor(MAX_TOOLING_SHARE * product));
});
