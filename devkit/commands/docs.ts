/** `npm run docs`: rewrites README.md's operations table from the operations table (devkit/docs.ts). */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { NODES } from '../../nodes/shared/operations';
import { operationsMarkdown, replaceSection } from '../docs';
import { ROOT } from '../paths';

export async function run(): Promise<number> {
	const file = path.join(ROOT, 'README.md');
	fs.writeFileSync(file, replaceSection(fs.readFileSync(file, 'utf8'), operationsMarkdown(NODES)));
	console.log('README.md operations table updated');
	return 0;
}
