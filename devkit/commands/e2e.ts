/**
 * `npm run test:e2e [jest args]`: the end-to-end suites in real n8n with the built package, one
 * jest run per n8n line (WEBDATA_E2E_LINES, default "2 1"; e2e/jest.config.js picks a line's
 * suites), results and outputs as e2e/README.md says. Extra arguments go to every jest run
 * (e.g. -t trigger, or a path filter such as e2e/tests/queue).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { build, buildIsStale } from '../build';
import { ensureChromium, ensureServices } from '../debian';
import { DEFAULT_E2E_LINES, ROOT, n8nLine, type N8nLine } from '../paths';
import { log, run as runChild } from '../proc';
import { runSummary } from '../results';
import { toolchainEnv } from '../toolchain';

/** A filter given for the 2.x suites may leave nothing to run in the 1.x subset: not a failure. */
export function jestArgsFor(line: string, jestArgs: string[]): string[] {
	return line === '1' && jestArgs.length > 0 ? ['--passWithNoTests', ...jestArgs] : jestArgs;
}

/** Installs the line's Node and n8n (once) and runs jest on it; resolves with jest's status. */
async function runLine(line: N8nLine, jestArgs: string[]): Promise<number> {
	fs.rmSync(line.results, { force: true });
	let env: NodeJS.ProcessEnv;
	try {
		env = toolchainEnv(line.name);
	} catch (error) {
		log(`n8n ${line.version} could not be installed: ${(error as Error).message}`);
		return 1;
	}
	return await runChild(
		'jest',
		['-c', 'e2e/jest.config.js', '--ci', '--json', `--outputFile=${line.results}`, ...jestArgs],
		{ env },
	);
}

export async function run(jestArgs: string[]): Promise<number> {
	const names = process.env.WEBDATA_E2E_LINES?.split(/\s+/).filter(Boolean) ?? DEFAULT_E2E_LINES;
	const lines = names.map(n8nLine);
	if (buildIsStale()) await build();
	ensureChromium();
	if (!ensureServices()) log('postgresql/redis-server missing: the queue-mode suite will fail');

	let status = 0;
	for (const line of lines) {
		const what = `e2e, n8n ${line.version} (${path.relative(ROOT, line.artifacts)}/)`;
		log(`end-to-end suites in n8n ${line.version}`);
		fs.mkdirSync(line.artifacts, { recursive: true });
		if ((await runLine(line, jestArgsFor(line.name, jestArgs))) !== 0) status = 1;
		console.log(runSummary(line.results, what));
	}
	return status;
}
