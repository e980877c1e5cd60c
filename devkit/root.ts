import * as path from 'node:path';

/** The checkout (package.json, dist/, examples/): above devkit/, or .dist-dev/devkit/ once built. */
export const ROOT = path.resolve(
	__dirname,
	path.basename(path.dirname(__dirname)) === '.dist-dev' ? '../..' : '..',
);
