/**
 * The devkit's own logic: the closing line of `npm test` over jest's results files, the n8n
 * manifest check that decides a reinstall, the arguments of the 1.x e2e run, the refusal of an
 * unpinned Node, and that every package.json script names a devkit command that exists (and none
 * runs bash).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { COMMANDS } from '../../devkit/commands';
import { jestArgsFor } from '../../devkit/commands/e2e';
import { ROOT } from '../../devkit/paths';
import { closingLine, runSummary } from '../../devkit/results';
import { ensureNode, sameManifest } from '../../devkit/toolchain';

let dir: string;
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webdata-devkit-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: unknown): string {
	const file = path.join(dir, name);
	fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
	return file;
}

describe('results', () => {
	it('adds passed and failed tests over every file, suites that failed to run as failures', () => {
		const unit = write('unit.json', { numPassedTests: 500, numFailedTests: 2 });
		const e2e = write('e2e.json', {
			numPassedTests: 40,
			numFailedTests: 1,
			numRuntimeErrorTestSuites: 3,
		});
		expect(closingLine([unit, e2e])).toBe('540 passed, 6 failed');
		expect(runSummary(e2e, 'e2e, n8n 2.x')).toBe('e2e, n8n 2.x: 40 passed, 4 failed');
	});

	it('counts a missing or unreadable file as one failure and names it', () => {
		const unit = write('unit.json', { numPassedTests: 7, numFailedTests: 0 });
		const broken = write('broken.json', '{"numPassedTests": 3,');
		const absent = path.join(dir, 'absent.json');
		const named: string[] = [];
		expect(closingLine([unit, broken, absent], (file) => named.push(file))).toBe(
			'7 passed, 2 failed',
		);
		expect(named).toEqual([broken, absent]);
		expect(runSummary(absent, 'e2e')).toBe(`e2e: no results (${absent})`);
		expect(runSummary(broken, 'e2e')).toMatch(/^e2e: unreadable results/);
	});
});

describe('n8n install manifest', () => {
	const manifest = {
		name: 'webdata-n8n-runtime',
		description: 'one text',
		dependencies: { n8n: '2.41.1' },
		overrides: { xlsx: '0.18.5' },
	};

	it('reinstalls when a dependency or override changes, not for the description', () => {
		const checkout = write('checkout.json', manifest);
		expect(sameManifest(checkout, write('a.json', { ...manifest, description: 'other' }))).toBe(
			true,
		);
		expect(
			sameManifest(checkout, write('b.json', { ...manifest, dependencies: { n8n: '2.41.0' } })),
		).toBe(false);
		expect(sameManifest(checkout, write('c.json', { ...manifest, overrides: {} }))).toBe(false);
		expect(sameManifest(checkout, path.join(dir, 'not-installed.json'))).toBe(false);
	});
});

describe('commands', () => {
	it('passes a 1.x run no-tests-is-fine only when a filter was given', () => {
		expect(jestArgsFor('1', ['e2e/tests/queue'])).toEqual(['--passWithNoTests', 'e2e/tests/queue']);
		expect(jestArgsFor('1', [])).toEqual([]);
		expect(jestArgsFor('2', ['-t', 'trigger'])).toEqual(['-t', 'trigger']);
	});

	it('refuses a Node major with no pin, naming where pins are set', () => {
		const unpinned = [19, 21].find((major) => !process.versions.node.startsWith(`${major}.`))!;
		expect(() => ensureNode(unpinned)).toThrow(
			`no pinned Node ${unpinned} (devkit/paths.ts PINNED_NODE)`,
		);
	});

	it("package.json's scripts run existing devkit commands and no bash", () => {
		const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
			scripts: Record<string, string>;
		};
		const named = Object.values(scripts).flatMap((script) =>
			[...script.matchAll(/devkit\/cli\.ts ([\w:-]+)/g)].map((match) => match[1]),
		);
		expect(named).toEqual(expect.arrayContaining(['test', 'start', 'e2e', 'scan']));
		for (const name of named) expect(Object.keys(COMMANDS)).toContain(name);
		for (const script of Object.values(scripts)) expect(script).not.toMatch(/\bbash\b|\.sh\b/);
	});
});
