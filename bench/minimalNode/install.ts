/**
 * Installs the benchmark's minimal node (BenchMinimal.node.ts, compiled into dist-dev/) into an
 * n8n user folder as a community package of its own, beside ours: a package.json naming it, the
 * compiled node under dist/, packed and installed with npm like any community package.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { installTarball, packPackage } from '../../devkit/tarball';

export const MINIMAL_PACKAGE = 'n8n-nodes-webdata-bench-minimal';
/** The node type workflows name. */
export const MINIMAL_NODE_TYPE = `${MINIMAL_PACKAGE}.benchMinimal`;

/** Installs the minimal package into `<userFolder>/.n8n/nodes`, after ours (which clears the folder). */
export function installMinimalNode(userFolder: string): string {
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-minimal-'));
	try {
		const packageDir = path.join(staging, 'package');
		fs.mkdirSync(path.join(packageDir, 'dist'), { recursive: true });
		fs.copyFileSync(
			path.join(__dirname, 'BenchMinimal.node.js'),
			path.join(packageDir, 'dist', 'BenchMinimal.node.js'),
		);
		fs.writeFileSync(
			path.join(packageDir, 'package.json'),
			JSON.stringify(
				{
					name: MINIMAL_PACKAGE,
					version: '0.0.0',
					private: true,
					keywords: ['n8n-community-node-package'],
					files: ['dist'],
					n8n: { n8nNodesApiVersion: 1, nodes: ['dist/BenchMinimal.node.js'] },
				},
				null,
				2,
			),
		);
		return installTarball(packPackage(packageDir, staging), path.join(userFolder, '.n8n'));
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
}
