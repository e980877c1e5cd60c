/**
 * The package installed the way users do, from a registry, in real n8n (README "Install in n8n"):
 *   - the editor's install, update to a newer version and uninstall, through n8n's REST API
 *     (`/rest/community-packages`, what Settings > Community Nodes calls);
 *   - env-managed packages (N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV, N8N_COMMUNITY_PACKAGES).
 * Both lines; env-managed packages are 2.x only (1.x has no such setting). After the install
 * the list offers the newer version (`updateAvailable`). Each install runs Account > Get with the
 * sandbox credential. The registry is n8n's default address served on loopback
 * (devkit/registry.ts): our packed package published to it as two versions, nothing beyond this
 * machine. Needs root (unshare, port 443); skips, saying so, without.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { N8n } from '../../devkit/n8n';
import { N8N_MAJOR, PACKAGE_NAME, ROOT } from '../../devkit/paths';
import { LocalRegistry, registryUnavailable } from '../../devkit/registry';
import { MANUAL_TRIGGER, chainWorkflow, webDataNode } from '../../devkit/setup';
import { unpackPackage } from '../../devkit/tarball';
import { Suite, expectAccountGetRuns } from './suite';

const OLDER = '0.1.0';
const NEWER = '0.1.1';
const WORKFLOW_ID = 'wdRegistryAccount';

interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	/** The newer version the editor's list offers (`npm outdated` in `.n8n/nodes`). */
	updateAvailable?: string;
	installedNodes: Array<{ type: string }>;
}

const unavailable = registryUnavailable();
if (unavailable) process.stderr.write(`registry suite skipped: ${unavailable}\n`);
const describeIfRoot = unavailable ? describe.skip : describe;

const suite = new Suite('registry');
let registry: LocalRegistry;
let n8n: N8n | undefined;

/** Our packed package, its version set to `version`, published to the local registry. */
function publishAs(version: string): void {
	const folder = path.join(suite.n8n.userFolder, `publish-${version}`);
	fs.mkdirSync(folder, { recursive: true });
	const unpacked = unpackPackage(ROOT, folder);
	const manifest = path.join(unpacked, 'package.json');
	const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
	fs.writeFileSync(manifest, JSON.stringify({ ...json, version }, null, 2));
	registry.publish(unpacked);
}

function n8nWith(env: Record<string, string>): N8n {
	return new N8n({
		userFolder: suite.n8n.userFolder,
		port: suite.n8n.port,
		logFile: suite.n8n.logFile,
		hostsFile: registry.hostsFile,
		env: { ...registry.n8nEnv, N8N_UNVERIFIED_PACKAGES_ENABLED: 'true', ...env },
	});
}

async function accountGetRuns(step: string): Promise<void> {
	await expectAccountGetRuns(suite, n8n!, WORKFLOW_ID, step);
}

function installedVersion(): string | undefined {
	const manifest = path.join(
		suite.n8n.userFolder,
		'.n8n/nodes/node_modules',
		PACKAGE_NAME,
		'package.json',
	);
	return fs.existsSync(manifest)
		? JSON.parse(fs.readFileSync(manifest, 'utf8')).version
		: undefined;
}

describeIfRoot('from a registry at n8n’s default address', () => {
	beforeAll(async () => {
		const account = webDataNode('Account', 'webDataAccount', { operation: 'get' });
		const workflow = chainWorkflow(WORKFLOW_ID, 'e2e: Account > Get from the registry', [
			MANUAL_TRIGGER,
			account,
		]);
		await suite.setUp({ workflows: [workflow] });
		// The suite installs the package by hand; here only n8n installs it.
		fs.rmSync(path.join(suite.n8n.userFolder, '.n8n', 'nodes'), { recursive: true, force: true });
		registry = new LocalRegistry(path.join(suite.n8n.userFolder, 'registry'));
		await suite.time('registry start', () => registry.start());
		await suite.time(`npm publish ${OLDER} and ${NEWER}`, async () => {
			publishAs(OLDER);
			publishAs(NEWER);
		});
	});

	afterEach(async () => {
		await n8n?.stop();
	});

	afterAll(async () => {
		await n8n?.stop();
		await registry?.stop();
		await suite.tearDown();
	});

	test("the editor's install, update and uninstall (REST API)", async () => {
		n8n = n8nWith({});
		await suite.time('n8n start', () => n8n!.start());

		const installed = await suite.time(`install ${OLDER}`, () =>
			n8n!.rest<InstalledPackage>('POST', '/community-packages', {
				name: PACKAGE_NAME,
				version: OLDER,
			}),
		);
		expect(installed.installedVersion).toBe(OLDER);
		expect(installed.installedNodes.length).toBe(12);
		expect(installedVersion()).toBe(OLDER);
		await accountGetRuns(`installed ${OLDER}`);

		// The list's update offer comes from `npm outdated` in .n8n/nodes, against the registry.
		const listed = await suite.time('list (npm outdated)', () =>
			n8n!.rest<InstalledPackage[]>('GET', '/community-packages'),
		);
		const offered = listed.map((p) => [p.packageName, p.installedVersion, p.updateAvailable]);
		expect(offered).toEqual([[PACKAGE_NAME, OLDER, NEWER]]);

		const updated = await suite.time(`update to ${NEWER}`, () =>
			n8n!.rest<InstalledPackage>('PATCH', '/community-packages', {
				name: PACKAGE_NAME,
				version: NEWER,
			}),
		);
		expect(updated.installedVersion).toBe(NEWER);
		expect(installedVersion()).toBe(NEWER);
		await accountGetRuns(`updated to ${NEWER}`);

		await suite.time('uninstall', () =>
			n8n!.rest('DELETE', `/community-packages?name=${PACKAGE_NAME}`),
		);
		expect(await n8n.rest<InstalledPackage[]>('GET', '/community-packages')).toEqual([]);
		expect(installedVersion()).toBeUndefined();
		// A start, two runs, n8n's npm: 2-3 minutes on a loaded 2-core machine.
	}, 420_000);

	(N8N_MAJOR >= 2 ? test : test.skip)(
		'env-managed packages: n8n installs the listed version at start',
		async () => {
			n8n = n8nWith({
				N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
				N8N_COMMUNITY_PACKAGES: JSON.stringify([{ name: PACKAGE_NAME, version: NEWER }]),
			});
			await suite.time('n8n start, env-managed install', () => n8n!.start());
			const listed = await n8n.rest<InstalledPackage[]>('GET', '/community-packages');
			expect(listed.map((p) => [p.packageName, p.installedVersion])).toEqual([
				[PACKAGE_NAME, NEWER],
			]);
			expect(installedVersion()).toBe(NEWER);
			await accountGetRuns(`env-managed ${NEWER}`);
		},
	);
});
