/**
 * `npm test`, the whole test command (.ci/run): build, lint, scan, the unit tests on Node 24, the
 * end-to-end suites in n8n 2.x and 1.x; one closing line "N passed, N failed" over every results
 * file; exits non-zero on any failure.
 */
import * as fs from 'node:fs';

import { build } from '../build';
import { ARTIFACTS_DIR, DEFAULT_E2E_LINES, UNIT_RESULTS, n8nLine } from '../paths';
import { log, npmRun, run as runChild } from '../proc';
import { closingLine } from '../results';
import { ensureN8n, node24Env } from '../toolchain';
import { run as runE2e } from './e2e';

/** A step that must pass before the tests run at all (as under `set -e`). */
async function mustPass(what: string, step: () => Promise<number>): Promise<void> {
	const status = await step();
	if (status !== 0) throw new Error(`${what} failed (exit ${status})`);
}

export async function run(): Promise<number> {
	fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
	await build();
	log('lint');
	await mustPass('npm run lint', () => npmRun('lint'));
	log("n8n's verification scanner on the source (git archive HEAD) and the npm pack tarball");
	await mustPass('npm run scan', () => npmRun('scan'));

	// Before the unit tests: the $json fast path's property test compares with n8n-core 1.x too,
	// which it finds in the 1.x install (a failed install fails the e2e run below, named there).
	for (const line of DEFAULT_E2E_LINES) {
		try {
			ensureN8n(line);
		} catch (error) {
			log(`n8n line ${line} could not be installed: ${(error as Error).message}`);
		}
	}

	log('unit, transport, trigger and sandbox tests (jest through n8n-core, Node 24)');
	fs.rmSync(UNIT_RESULTS, { force: true });
	const unit = await runChild('jest', ['--ci', '--json', `--outputFile=${UNIT_RESULTS}`], {
		env: { ...node24Env(), WEBDATA_REQUIRE_N8N1: '1' },
	});

	log(
		'end-to-end tests in real n8n (2.x, and the operations, agent, files and egress suites in 1.x)',
	);
	const e2e = await runE2e([]);

	const files = [UNIT_RESULTS, ...DEFAULT_E2E_LINES.map((line) => n8nLine(line).results)];
	console.log(closingLine(files));
	return unit === 0 && e2e === 0 ? 0 : 1;
}
