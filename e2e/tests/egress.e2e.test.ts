/**
 * What leaves n8n, in real n8n 2.x and 1.x (docs/security.md):
 *   1. the API key only through this package's nodes: n8n's HTTP Request node set to the Web Data
 *      credential and aimed at a listener of the test does not send it the key (the credential has
 *      no generic authenticate, so HTTP Request sends no Authorization header, in both lines);
 *   2. Download Logo and names that resolve inside: n8n runs with its own /etc/hosts (a mount
 *      namespace of its own) where `logo.example.test` is 127.0.0.1. With Allow Private Logo Hosts
 *      off, 2.x refuses the logo and the listener hears nothing; with it on, the logo is fetched.
 *      1.x has no egress filter: the name is not resolved and both are fetched (stated, asserted).
 * Step timings go to timings-egress.json in the artifacts folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { nodeTask } from '../../devkit/n8n';
import { N8N_MAJOR, PACKAGE_NAME } from '../../devkit/paths';
import { SANDBOX_CREDENTIAL_ID, SANDBOX_CREDENTIAL_NAME } from '../../devkit/setup';
import { Suite, runError, serveLogos } from './suite';

const LOGO_NAME = 'logo.example.test';
const HTTP_WORKFLOW_ID = 'egressHttpRequest';
const LOGO_WORKFLOW_ID = 'egressLogoName';
const LOGO_OFF = 'Logo, private hosts off';
const LOGO_ON = 'Logo, private hosts on';

const credentials = { webDataApi: { id: SANDBOX_CREDENTIAL_ID, name: SANDBOX_CREDENTIAL_NAME } };
const start = {
	id: 'eg-start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** HTTP Request, Authentication: Predefined Credential Type = the Web Data credential. */
function httpRequestWorkflow(url: string) {
	return {
		id: HTTP_WORKFLOW_ID,
		name: 'e2e: HTTP Request with the Web Data credential',
		settings: { executionOrder: 'v1' },
		nodes: [
			start,
			{
				id: 'eg-http',
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [220, 0],
				parameters: {
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'webDataApi',
					options: {},
				},
				credentials,
			},
		],
		connections: { Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
	};
}

/** Two Brand > Retrieve nodes with Download Logo, Allow Private Logo Hosts off and on. */
function logoWorkflow() {
	const brand = (name: string, domain: string, allowPrivateLogoHosts: boolean, y: number) => ({
		id: `eg-${domain}`,
		name,
		type: `${PACKAGE_NAME}.webDataBrand`,
		typeVersion: 1,
		position: [220, y],
		parameters: {
			operation: 'retrieve',
			domain,
			downloadLogo: true,
			allowPrivateLogoHosts,
			options: {},
		},
		credentials,
	});
	return {
		id: LOGO_WORKFLOW_ID,
		name: 'e2e: a logo host name that resolves to loopback',
		settings: { executionOrder: 'v1' },
		nodes: [start, brand(LOGO_OFF, 'acme.com', false, 0), brand(LOGO_ON, 'globex.com', true, 200)],
		connections: {
			Start: {
				main: [
					[
						{ node: LOGO_OFF, type: 'main', index: 0 },
						{ node: LOGO_ON, type: 'main', index: 0 },
					],
				],
			},
		},
	};
}

const suite = new Suite('egress');
let listener: Awaited<ReturnType<typeof serveLogos>>;

beforeAll(async () => {
	listener = await serveLogos();
	const hostsFile = path.join(suite.art, 'egress-hosts');
	fs.mkdirSync(suite.art, { recursive: true });
	fs.writeFileSync(hostsFile, `127.0.0.1 localhost\n::1 localhost\n127.0.0.1 ${LOGO_NAME}\n`);
	await suite.setUp({
		workflows: [httpRequestWorkflow(`${listener.url}/collect`), logoWorkflow()],
		hostsFile,
	});
});

afterAll(async () => {
	await suite.tearDown();
	await listener?.close();
});

describe('1. the API key only through our nodes', () => {
	test("n8n's HTTP Request node with the Web Data credential does not send the key", async () => {
		listener.requests.length = 0;
		const result = await suite.time('execute: HTTP Request with our credential', () =>
			suite.n8n.execute(HTTP_WORKFLOW_ID),
		);
		suite.saveRun('http-request-credential', result);

		// No generic authenticate: the request goes out, without any Authorization header.
		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
			status: 'success',
			error: '',
		});
		expect(listener.requests).toHaveLength(1);
		expect(listener.requests[0].headers.authorization).toBeUndefined();
		expect(JSON.stringify(listener.requests)).not.toContain(suite.sandbox.apiKey);
	});
});

describe('2. Download Logo and a name that resolves to loopback', () => {
	test(
		N8N_MAJOR >= 2
			? 'refused with Allow Private Logo Hosts off (nothing fetched), fetched with it on'
			: 'n8n 1.x: names are not resolved, so both are fetched',
		async () => {
			const { sandbox, n8n } = suite;
			await sandbox.reset();
			const port = new URL(listener.url).port;
			for (const [domain, file] of [
				['acme.com', 'off.png'],
				['globex.com', 'on.png'],
			])
				await sandbox.admin('POST', '/brands', {
					domain,
					logos: [`http://${LOGO_NAME}:${port}/${file}`],
				});
			listener.requests.length = 0;

			const result = await suite.time('execute: logo name resolving to loopback', () =>
				n8n.execute(LOGO_WORKFLOW_ID),
			);
			suite.saveRun('logo-name-loopback', result);

			expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
				status: 'success',
				error: '',
			});
			const [off] = nodeTask(result.run, LOGO_OFF)?.data?.main?.[0] ?? [];
			const [on] = nodeTask(result.run, LOGO_ON)?.data?.main?.[0] ?? [];
			expect(on?.json.logoError).toBeUndefined();
			expect(on?.binary?.logo).toMatchObject({ mimeType: 'image/png', fileName: 'on.png' });
			if (N8N_MAJOR >= 2) {
				expect(off?.binary).toBeUndefined();
				expect(off?.json.logoError).toBe(
					`Could not download the logo http://${LOGO_NAME}:${port}/off.png: refused: ` +
						`${LOGO_NAME} resolves to 127.0.0.1, which n8n's egress filter blocks as ` +
						'non-public; turn on Allow Private Logo Hosts to download from private hosts',
				);
				expect(listener.requests.map((r) => r.path)).toEqual(['/on.png']);
			} else {
				expect(off?.binary?.logo).toMatchObject({ fileName: 'off.png' });
				expect(listener.requests.map((r) => r.path).sort()).toEqual(['/off.png', '/on.png']);
			}
			expect(JSON.stringify(listener.requests)).not.toContain(sandbox.apiKey);
		},
	);
});
