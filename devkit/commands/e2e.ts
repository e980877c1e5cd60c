/**
 * `npm run test:e2e [jest args]`: the end-to-end suites in real n8n with the built package,
 * against the sandbox on 127.0.0.1 (`npm test` runs it after the unit tests):
 *   - every suite of e2e/tests against the pinned 2.x on Node 24 (headless Chromium for the
 *     editor check): results in artifacts/jest-e2e.json, outputs in artifacts/e2e/;
 *   - the operations, agent, files and egress suites against the pinned 1.x on Node 22
 *     (e2e/jest.config.js picks them): artifacts/jest-e2e-1x.json and artifacts/e2e-1x/.
 * WEBDATA_E2E_LINES picks the n8n lines (default "2 1"). Extra arguments go to every jest run
 * (e.g. -t trigger, or a path filter such as e2e/tests/queue).
 */
import * as fs from 'node:fs';

import { buildIfStale } from '../build';
import { ensureChromium, ensureServices } from '../debian';
import { DEFAULT_E2E_LINES, n8nLine, type N8nLine } from '../paths';
import { log, run as runChild } from '../proc';
import { runSummary } from '../results';
import { ensureN8n, ensureNode, getNode24Bin, node24Env } from '../toolchain';

const LABELS: Record<string, { start: string; summary: string }> = {
	'2': { start: 'end-to-end suites in n8n 2.x', summary: 'e2e, n8n 2.x (artifacts/e2e/)' },
	'1': {
		start: 'end-to-end operations, agent, files and egress suites in n8n 1.x',
		summary: 'e2e, n8n 1.x operations, agent, files and egress (artifacts/e2e-1x/)',
	},
};

/** A filter given for the 2.x suites may leave nothing to run in the 1.x subset: not a failure. */
export function jestArgsFor(line: string, jestArgs: string[]): string[] {
	return line === '1' && jestArgs.length > 0 ? ['--passWithNoTests', ...jestArgs] : jestArgs;
}

/** Installs the line's Node and n8n (once) and runs jest on it; resolves with jest's status. */
async function runLine(line: N8nLine, jestArgs: string[]): Promise<number> {
	fs.rmSync(line.results, { force: true });
	let env: NodeJS.ProcessEnv;
	try {
		env = {
			...node24Env(),
			WEBDATA_NODE24_BIN: getNode24Bin(),
			WEBDATA_N8N_LINE: line.name,
			WEBDATA_N8N_NODE_BIN: ensureNode(line.nodeMajor),
			WEBDATA_N8N_DIR: ensureN8n(line.name),
		};
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
	await buildIfStale();
	ensureChromium();
	let services = false;
	try {
		services = ensureServices();
	} catch (error) {
		log((error as Error).message);
	}
	if (!services) log('postgresql/redis-server missing: the queue-mode suite will fail');

	let status = 0;
	for (const name of names) {
		const labels = LABELS[name];
		if (!labels) {
			log(`unknown n8n line in WEBDATA_E2E_LINES: ${name}`);
			status = 1;
			continue;
		}
		log(labels.start);
		const line = n8nLine(name);
		fs.mkdirSync(line.artifacts, { recursive: true });
		if ((await runLine(line, jestArgsFor(name, jestArgs))) !== 0) status = 1;
		console.log(runSummary(line.results, labels.summary));
	}
	return status;
}
