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
 * How the package reaches `<n8nFolder>/nodes`: `n8n` as n8n's Community Nodes install does it (no
 * scripts, no peer dependencies, no lock file, a package.json of its own there); `readme` as the
 * README's manual install, a bare `npm install <package>` in the folder (`--offline`: the tarball
 * is all it may take).
 */
export type InstallWay = 'n8n' | 'readme';

const N8N_INSTALL_FLAGS = [
	'--bin-links=false',
	'--install-strategy=shallow',
	'--ignore-scripts=true',
	'--package-lock=false',
	'--legacy-peer-deps',
];

/**
 * Installs `from` packed into `<n8nFolder>/nodes` (replaced), the tarball staying beside it as the
 * saved `file:` dependency. Returns the installed package's folder.
 */
export function installPackage(from: string, n8nFolder: string, way: InstallWay = 'n8n'): string {
	const nodesFolder = path.join(n8nFolder, 'nodes');
	fs.rmSync(nodesFolder, { recursive: true, force: true });
	fs.mkdirSync(nodesFolder, { recursive: true });
	if (way === 'n8n') {
		// Without a package.json here npm would install into the nearest one up the tree.
		const manifest = { name: 'installed-nodes', private: true, dependencies: {} };
		fs.writeFileSync(path.join(nodesFolder, 'package.json'), JSON.stringify(manifest, null, 2));
	}
	const tarball = path.basename(packPackage(from, nodesFolder));
	const flags = way === 'n8n' ? N8N_INSTALL_FLAGS : [];
	npm(
		['install', `./${tarball}`, '--audit=false', '--fund=false', '--offline', ...flags],
		nodesFolder,
	);
	const [, name] = /^(.*)-\d+\.\d+\.\d+.*\.tgz$/.exec(tarball) ?? [];
	const installed = path.join(nodesFolder, 'node_modules', name ?? '');
	if (!name || !fs.existsSync(path.join(installed, 'package.json')))
		throw new Error(`npm install ${tarball} left no package in ${nodesFolder}/node_modules`);
	return installed;
}

/** Packs `from` and unpacks it into `<into>/package`: the package folder as npm installs it. */
export function unpackPackage(from: string, into: string): string {
	const tarball = packPackage(from, into);
	const folder = path.join(into, 'package');
	fs.rmSync(folder, { recursive: true, force: true });
	execFileSync('tar', ['-xzf', tarball, '-C', into]);
	fs.rmSync(tarball);
	return folder;
}
