/**
 * Which sources a build was made from: a digest of every file they hold (paths and contents),
 * written by the build (gulpfile.js, through tsx) once dist/ and .dist-dev/ are built, and
 * compared by the devkit (devkit/build.ts) before it uses them. A changed, added or deleted file
 * changes the digest, whatever its time stamp says.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What the package and the sandbox are built from (the e2e suites run both). */
const SOURCES = ['contract', 'credentials', 'nodes', 'sandbox', 'icons'];
const FILES = ['package.json', 'gulpfile.js', 'tsconfig.json', 'tsconfig.dev.json'];

/** The stamp, in .dist-dev/ (built last): the digest of the sources the last full build read. */
export function stampPath(root: string): string {
	return path.join(root, '.dist-dev', '.sources-digest');
}

export function sourcesDigest(root: string): string {
	const hash = crypto.createHash('sha256');
	const inFolders = SOURCES.flatMap((dir) =>
		fs.existsSync(path.join(root, dir))
			? fs
					.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
					.map((f) => path.join(dir, f))
			: [],
	);
	for (const file of [...inFolders.sort(), ...FILES]) {
		const full = path.join(root, file);
		if (fs.existsSync(full) && fs.statSync(full).isFile())
			hash.update(`${file}\0`).update(fs.readFileSync(full)).update('\0');
	}
	return hash.digest('hex');
}
