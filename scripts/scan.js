#!/usr/bin/env node
/**
 * Runs n8n's verification scanner (@n8n/scan-community-package) on this package, both legs, the
 * way `npx @n8n/scan-community-package n8n-nodes-webdata` runs them on a published version:
 *
 *   source   `git archive HEAD` (what the provenance attestation points at), with the scanner's
 *            SOURCE_FILE_PATTERNS: package.json and nodes/, credentials/ sources
 *   tarball  the unpacked `npm pack` tarball (what npm would publish), with its compiled .js
 *            and package.json
 *
 * Both legs call the scanner's own exported `analyzePackage` with its own ESLint config (n8n's
 * rule set, inline `eslint-disable` comments ignored), so nothing here can turn a rule off.
 * The real command also needs a published version with npm provenance and fetches the source from
 * GitHub; that part runs only in the release workflow, after publishing.
 *
 * The source leg sees only committed files; the tarball leg packs the current dist/ (build first).
 * Prints each leg's findings and exits non-zero when either leg has an error.
 *
 *   node scripts/scan.js
 */
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

function run(command, args, options = {}) {
	return execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
}

/** `git archive HEAD`, unpacked into `into`. */
function unpackHead(into) {
	const archive = path.join(into, '..', 'source.tar');
	run('git', ['archive', '--format=tar', '-o', archive, 'HEAD']);
	fs.mkdirSync(into, { recursive: true });
	run('tar', ['-xf', archive, '-C', into]);
}

/** `npm pack` of the checkout, unpacked into `into` (the tarball's `package/` folder). */
function unpackTarball(into) {
	const destination = path.dirname(into);
	const [packed] = JSON.parse(
		run('npm', ['pack', '--json', '--silent', '--pack-destination', destination]),
	);
	fs.mkdirSync(into, { recursive: true });
	run('tar', ['-xzf', path.join(destination, packed.filename), '-C', into, '--strip-components=1']);
}

/** "✖ 3 problems (3 errors, 0 warnings)" in the stylish report, as figures. */
function figures(details) {
	const match = /(\d+) errors?, (\d+) warnings?/.exec(details ?? '');
	return match ? { errors: Number(match[1]), warnings: Number(match[2]) } : undefined;
}

async function scanLeg(scanner, name, dir, patterns) {
	const glob = require(require.resolve('fast-glob', { paths: [scannerDir()] }));
	const files = glob.sync(patterns, {
		cwd: dir,
		ignore: ['node_modules/**', '**/package-lock.json'],
	}).length;
	const result = await scanner.analyzePackage(dir, patterns);
	const counted = figures(result.details);
	const summary = result.passed
		? 'passed'
		: `FAILED: ${result.message}${counted ? ` (${counted.errors} errors, ${counted.warnings} warnings)` : ''}`;
	console.log(`scan ${name}: ${files} files (${patterns.join(', ')}), ${summary}`);
	if (result.details) console.log(result.details.replaceAll(dir + path.sep, ''));
	return result.passed;
}

function scannerDir() {
	return path.dirname(
		require.resolve('@n8n/scan-community-package/package.json', { paths: [ROOT] }),
	);
}

async function main() {
	const dirty = run('git', ['status', '--porcelain', '--', 'package.json', 'nodes', 'credentials']);
	if (dirty.trim())
		console.log(
			`scan: uncommitted changes are not in the source leg (it scans HEAD):\n${dirty.trimEnd()}`,
		);
	if (!fs.existsSync(path.join(ROOT, 'dist')))
		throw new Error('dist/ is missing: run `npm run build` before scanning the tarball');

	const scanner = await import(path.join(scannerDir(), 'scanner', 'scanner.mjs'));
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-scan-'));
	try {
		const source = path.join(work, 'source');
		const tarball = path.join(work, 'package');
		unpackHead(source);
		unpackTarball(tarball);
		const sourcePassed = await scanLeg(scanner, 'source', source, scanner.SOURCE_FILE_PATTERNS);
		const tarballPassed = await scanLeg(scanner, 'tarball', tarball, TARBALL_PATTERNS);
		if (!sourcePassed || !tarballPassed) process.exitCode = 1;
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
