/**
 * The package as npm publishes it and users install it: `npm pack` of a checkout, installed with
 * npm into an n8n user folder's `nodes/`, the folder n8n's Community Nodes install into and
 * load packages from.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

function npm(args: string[], cwd: string): string {
	return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Packs `from` (its built dist/ and package.json `files`) into `into`; returns the tarball. n8n
 * refuses the whole package when a listed node or credential is missing: say which, before it does.
 */
export function packPackage(from: string, into: string): string {
	const { n8n } = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8'));
	const listed: string[] = [...(n8n?.nodes ?? []), ...(n8n?.credentials ?? [])];
	const missing = listed.filter((file) => !fs.existsSync(path.join(from, file)));
	if (missing.length > 0)
		throw new Error(
			`package.json lists files that are not built: ${missing.join(', ')} (run \`npm run build\`)`,
		);
	const [packed] = JSON.parse(
		npm(['pack', from, '--json', '--silent', '--pack-destination', into], into),
	) as Array<{ filename: string }>;
	return path.join(into, packed.filename);
}

/**
 * Installs `from` packed into `<n8nFolder>/nodes` (replaced) the way n8n's Community Nodes install
 * does: no scripts, no peer dependencies (n8n provides n8n-workflow), no lock file; the tarball
 * stays beside it, as the saved `file:` dependency. Returns the installed package's folder.
 */
export function installPackage(from: string, n8nFolder: string): string {
	const nodesFolder = path.join(n8nFolder, 'nodes');
	fs.rmSync(nodesFolder, { recursive: true, force: true });
	fs.mkdirSync(nodesFolder, { recursive: true });
	// Without a package.json here npm would install into the nearest one up the tree.
	const manifest = { name: 'installed-nodes', private: true, dependencies: {} };
	fs.writeFileSync(path.join(nodesFolder, 'package.json'), JSON.stringify(manifest, null, 2));
	const tarball = path.basename(packPackage(from, nodesFolder));
	npm(
		[
			'install',
			`./${tarball}`,
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
			'--legacy-peer-deps',
			'--offline',
		],
		nodesFolder,
	);
	const [, name] = /^(.*)-\d+\.\d+\.\d+.*\.tgz$/.exec(tarball) ?? [];
	const installed = path.join(nodesFolder, 'node_modules', name ?? '');
	if (!name || !fs.existsSync(path.join(installed, 'package.json')))
		throw new Error(`npm install ${tarball} left no package in ${nodesFolder}/node_modules`);
	return installed;
}
