/**
 * `npm run scan`: n8n's verification scanner (@n8n/scan-community-package) on both legs, as
 * `npx @n8n/scan-community-package n8n-nodes-webdata` runs them on a published version: the source
 * (`git archive HEAD`, what the provenance attestation points at; committed files only) with the
 * scanner's SOURCE_FILE_PATTERNS, and the unpacked `npm pack` tarball of the current dist/. Both
 * call the scanner's own `analyzePackage` with its own ESLint config (inline `eslint-disable`
 * ignored), so nothing here can turn a rule off. The provenance and GitHub part of the real
 * command runs only in the release workflow, after publishing.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ROOT } from '../paths';
import { packPackage } from '../tarball';

const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

interface Scanner {
	SOURCE_FILE_PATTERNS: string[];
	analyzePackage(
		dir: string,
		patterns: string[],
	): Promise<{ passed: boolean; message?: string; details?: string }>;
}

function runIn(command: string, args: string[]): string {
	return execFileSync(command, args, { cwd: ROOT, encoding: 'utf8' });
}

/** `git archive HEAD` and the `npm pack` tarball, unpacked into `<work>/source` and `<work>/package`. */
function unpackBoth(work: string): void {
	const archive = path.join(work, 'source.tar');
	runIn('git', ['archive', '--format=tar', '-o', archive, 'HEAD']);
	const tarball = packPackage(ROOT, work);
	for (const dir of ['source', 'package']) fs.mkdirSync(path.join(work, dir));
	runIn('tar', ['-xf', archive, '-C', path.join(work, 'source')]);
	runIn('tar', ['-xzf', tarball, '-C', path.join(work, 'package'), '--strip-components=1']);
}

async function scanLeg(scanner: Scanner, name: string, dir: string, patterns: string[]) {
	const result = await scanner.analyzePackage(dir, patterns);
	const summary = result.passed ? 'passed' : `FAILED: ${result.message}`;
	console.log(`scan ${name} (${patterns.join(', ')}): ${summary}`);
	if (result.details) console.log(result.details.replaceAll(dir + path.sep, ''));
	return result.passed;
}

export async function run(): Promise<number> {
	const scanned = ['package.json', 'nodes', 'credentials'];
	const dirty = runIn('git', ['status', '--porcelain', '--', ...scanned]);
	if (dirty.trim())
		console.log(
			`scan: uncommitted changes are not in the source leg (it scans HEAD):\n${dirty.trimEnd()}`,
		);

	const scannerDir = path.dirname(
		require.resolve('@n8n/scan-community-package/package.json', { paths: [ROOT] }),
	);
	const scanner = (await import(path.join(scannerDir, 'scanner', 'scanner.mjs'))) as Scanner;
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-scan-'));
	try {
		unpackBoth(work);
		const [source, tarball] = [path.join(work, 'source'), path.join(work, 'package')];
		const sourcePassed = await scanLeg(scanner, 'source', source, scanner.SOURCE_FILE_PATTERNS);
		const tarballPassed = await scanLeg(scanner, 'tarball', tarball, TARBALL_PATTERNS);
		return sourcePassed && tarballPassed ? 0 : 1;
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}
