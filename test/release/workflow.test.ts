/**
 * The release workflow n8n's verification asks for: on a version tag, the test command and the
 * scanner, then `npm publish --provenance` with an OIDC token (id-token: write) and nothing more.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { parse } from 'yaml';

import { ROOT } from '../../devkit/root';

interface Step {
	name?: string;
	uses?: string;
	run?: string;
}
interface Workflow {
	on: { push?: { tags?: string[]; branches?: string[] } };
	permissions: Record<string, string>;
	jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(
	fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8'),
) as Workflow;
const jobs = Object.values(workflow.jobs);
const runs = jobs.flatMap((job) => job.steps.map((step) => step.run ?? ''));
const indexOfRun = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));

test('runs on version tags only', () => {
	expect(Object.keys(workflow.on)).toEqual(['push']);
	expect(workflow.on.push?.branches).toBeUndefined();
	expect(workflow.on.push?.tags).toEqual(['v*.*.*']);
});

test('may mint an OIDC token for provenance and only read the repository', () => {
	expect(workflow.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
});

test('installs, runs the test command and the scanner, then publishes with provenance', () => {
	expect(jobs).toHaveLength(1);
	const install = indexOfRun(/^npm ci$/);
	const tests = indexOfRun(/^npm test$/);
	const scan = indexOfRun(/^npm run scan$/);
	const publish = indexOfRun(/^npm publish --provenance --access public$/);
	expect(install).toBeGreaterThanOrEqual(0);
	expect(tests).toBeGreaterThan(install);
	expect(scan).toBeGreaterThan(tests);
	expect(publish).toBeGreaterThan(scan);
	expect(runs.filter((run) => /npm publish/.test(run))).toHaveLength(1);
});

test('the scripts it runs exist', () => {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	expect(pkg.scripts.test).toBeTruthy();
	expect(pkg.scripts.scan).toMatch(/devkit\/cli\.ts scan$/);
	expect(fs.existsSync(path.join(ROOT, 'devkit', 'commands', 'scan.ts'))).toBe(true);
	expect(pkg.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
});
