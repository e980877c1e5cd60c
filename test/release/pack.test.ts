/**
 * What `npm pack` would publish: only what n8n loads (the listed nodes and credentials, the
 * modules they require, their codex files and icons), README, LICENSE, CHANGELOG and
 * package.json. No source maps, no TypeScript, no file that no node loads. The one suite that
 * reads dist/ itself: build first; it fails on a build made from other sources.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { buildIsStale } from '../../devkit/build';
import { ROOT } from '../../devkit/root';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const [packed] = JSON.parse(
	execFileSync('npm', ['pack', '--dry-run', '--json', '--silent'], { cwd: ROOT, encoding: 'utf8' }),
) as Array<{ files: Array<{ path: string }> }>;
const files = packed.files.map((f) => f.path).sort();
const shippedJs = files.filter((f) => f.endsWith('.js'));
const entries: string[] = [...pkg.n8n.nodes, ...pkg.n8n.credentials];

/** The .js files an entry requires, transitively (relative requires of the compiled output). */
function requireClosure(starts: string[]) {
	const seen = new Set<string>();
	const external = new Set<string>();
	const visit = (file: string) => {
		if (seen.has(file)) return;
		seen.add(file);
		const code = fs.readFileSync(path.join(ROOT, file), 'utf8');
		for (const [, id] of code.matchAll(/require\("([^"]+)"\)/g)) {
			if (!id.startsWith('.')) external.add(id);
			else {
				const target = path.posix.join(path.posix.dirname(file), id);
				visit(
					fs.existsSync(path.join(ROOT, `${target}.js`)) ? `${target}.js` : `${target}/index.js`,
				);
			}
		}
	};
	starts.forEach(visit);
	return { loaded: [...seen].sort(), external: [...external].sort() };
}

test('dist/ was built from the sources here (run "npm run build")', () => {
	expect(buildIsStale()).toBe(false);
});

test('the tarball holds dist/, README, LICENSE, CHANGELOG and package.json, nothing else', () => {
	const topLevel = files.filter((f) => !f.startsWith('dist/'));
	expect(topLevel).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json']);
});

test('no source maps, TypeScript or declarations', () => {
	expect(files.filter((f) => /\.(map|ts)$/.test(f))).toEqual([]);
});

test('every .js file is loaded by a listed node or credential, and each of those is shipped', () => {
	const { loaded } = requireClosure(entries);
	expect(shippedJs).toEqual(loaded);
});

test('nothing from the response schemas ships: no schema module, no code naming zod', () => {
	expect(files.filter((f) => /^dist\/contract\/(schemas\/|responses\.js)/.test(f))).toEqual([]);
	const code = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
	expect(shippedJs.filter((f) => /zod/.test(code(f)))).toEqual([]);
});

test('at runtime the nodes require only n8n-workflow and Node built-ins', () => {
	const { external } = requireClosure(entries);
	expect(
		external.filter((id) => id !== 'n8n-workflow' && !id.startsWith('node:') && id !== 'crypto'),
	).toEqual([]);
});

test('the other files are codex files of listed nodes and icons the code refers to', () => {
	const others = files.filter((f) => f.startsWith('dist/') && !f.endsWith('.js'));
	const codex = new Set(pkg.n8n.nodes.map((n: string) => n.replace(/\.js$/, '.json')));
	const code = shippedJs.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
	for (const file of others) {
		if (codex.has(file)) continue;
		expect(file).toMatch(/^dist\/icons\/[\w.-]+\.svg$/);
		expect(code).toContain(`icons/${path.basename(file)}`);
	}
	for (const file of codex) expect(files).toContain(file);
});
