/**
 * The checkout: the folder above this file (devkit/ under jest, dist-dev/devkit compiled) that
 * holds package.json and e2e/n8n-install.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

function findRoot(): string {
	let dir = __dirname;
	for (;;) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg) && fs.existsSync(path.join(dir, 'e2e', 'n8n-install'))) return dir;
		const parent = path.dirname(dir);
		if (parent === dir) throw new Error(`cannot find the checkout above ${__dirname}`);
		dir = parent;
	}
}

/** The checkout (holds package.json, dist/, examples/). */
export const ROOT = findRoot();
