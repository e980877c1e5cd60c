/**
 * The release workflow (.github/workflows/release.yml), its steps run where they can run offline:
 * the tag check against package.json's version, and the publish as a dry run (offline, against a
 * loopback registry: the real one needs npm and an OIDC token). `npm ci`, `npm test` and
 * `npm run scan` are this checkout's own commands (`npm test` runs the scanner before these tests):
 * here, each must be a script package.json has, and publishing must wait for them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { parse } from 'yaml';

import { ROOT } from '../../devkit/root';

interface Step {
	name?: string;
	run?: string;
}
interface Workflow {
	on: { push?: { tags?: string[] } };
	permissions?: Record<string, string>;
	jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(
	fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8'),
) as Workflow;
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	scripts: Record<string, string>;
	repository: { url: string };
	private?: boolean;
};
const runs = Object.values(workflow.jobs).flatMap((job) =>
	job.steps.flatMap((step) => (step.run ? [step.run.trim()] : [])),
);
const tagCheck = runs.find((run) => run.includes('GITHUB_REF_NAME'));
const publish = runs.find((run) => /^npm publish\b/.test(run));

/** A step's shell command as GitHub runs it on Linux (bash -e), with the tag the push made. */
function runStep(command: string, tag: string): number | null {
	return spawnSync('bash', ['-e', '-c', command], {
		cwd: ROOT,
		env: { ...process.env, GITHUB_REF_NAME: tag },
		stdio: 'ignore',
	}).status;
}

/** GitHub's tag filter: `*` matches anything but `/`. */
const matchesFilter = (tag: string, filter: string) =>
	new RegExp(
		`^${filter
			.split('*')
			.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
			.join('[^/]*')}$`,
	).test(tag);

describe("a tag of package.json's version", () => {
	const tag = `v${pkg.version}`;

	test('starts the workflow', () => {
		expect(workflow.on.push?.tags?.some((filter) => matchesFilter(tag, filter))).toBe(true);
	});

	test('passes its version check, and a tag of another version fails it', () => {
		expect(tagCheck).toBeDefined();
		expect(runStep(tagCheck!, tag)).toBe(0);
		expect(runStep(tagCheck!, `v${pkg.version}.1`)).not.toBe(0);
		expect(runStep(tagCheck!, 'v0.0.0-other')).not.toBe(0);
	});
});

test('every npm command it runs is a script of package.json or npm’s own', () => {
	const called = runs.flatMap((run) =>
		[...run.matchAll(/\bnpm (run |run-script )?([\w:-]+)/g)].map(([, viaRun, name]) =>
			viaRun ? `run ${name}` : name,
		),
	);
	expect(called).toEqual(expect.arrayContaining(['ci', 'test', 'run scan', 'publish']));
	const missing = called.filter((command) => {
		if (command.startsWith('run ')) return !pkg.scripts[command.slice(4)];
		if (command === 'test') return !pkg.scripts.test;
		return !['ci', 'publish'].includes(command);
	});
	expect(missing).toEqual([]);
});

test('publishes only after the test command and the scanner passed', () => {
	const at = (pattern: RegExp) => {
		const index = runs.findIndex((run) => pattern.test(run));
		if (index < 0) throw new Error(`release.yml runs no ${pattern}`);
		return index;
	};
	expect(at(/^npm test$/)).toBeGreaterThan(at(/^npm ci$/));
	expect(at(/^npm publish\b/)).toBeGreaterThan(at(/^npm test$/));
	expect(at(/^npm publish\b/)).toBeGreaterThan(at(/^npm run scan$/));
	expect(runs.filter((run) => /\bnpm publish\b/.test(run))).toHaveLength(1);
});

test('with provenance, the job may mint the OIDC token, and the repository is a GitHub one', () => {
	expect(publish).toMatch(/--provenance\b/);
	expect(workflow.permissions?.['id-token']).toBe('write');
	// npm refuses a provenance statement whose repository.url is not the workflow's repository.
	expect(pkg.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
});

test('its publish step, run as a dry run, would publish this version of this package', () => {
	// A dry run does not refuse a private package; the registry would.
	expect(pkg.private).not.toBe(true);
	const [, ...args] = publish!.split(/\s+/);
	const output = execFileSync(
		'npm',
		[...args, '--dry-run', '--offline', '--json', '--registry', 'http://127.0.0.1:9/'],
		{ cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
	);
	const published = JSON.parse(output) as Record<string, { id: string; files: unknown[] }>;
	expect(published[pkg.name]?.id).toBe(`${pkg.name}@${pkg.version}`);
	expect(published[pkg.name].files.length).toBeGreaterThan(0);
}, 120_000);
