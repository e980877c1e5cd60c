/**
 * n8n's default registry, https://registry.npmjs.org, served on loopback for the tests that install
 * the package as the editor does: Verdaccio with no uplink (it never reaches the internet) behind
 * TLS on 127.0.0.1:443, with a certificate from a throw-away CA. n8n takes another registry only
 * with an enterprise licence, so the name itself is pointed here: n8n runs with a hosts file of its
 * own (N8nOptions.hostsFile) and trusts the CA (LocalRegistry.n8nEnv).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as path from 'node:path';

import { isPortFree } from './loopback';
import { CACHE_DIR } from './paths';
import { log, onPath, runToStderr, startServer, type Group } from './proc';
import { nodeExecutable } from './toolchain';

/** The registry n8n and npm use unless told otherwise (a licensed n8n setting). */
export const DEFAULT_REGISTRY_HOST = 'registry.npmjs.org';
const VERDACCIO_VERSION = '6.8.0';
const VERDACCIO_DIR = path.join(CACHE_DIR, `verdaccio-${VERDACCIO_VERSION}`);

/** Why this machine cannot serve the default registry's name to n8n; undefined when it can. */
export function registryUnavailable(): string | undefined {
	if (process.getuid?.() !== 0) return 'not root: unshare -m and port 443 need root';
	if (!onPath('unshare')) return 'no unshare (util-linux) on the PATH';
	if (!onPath('openssl')) return 'no openssl on the PATH';
	return undefined;
}

/** Installs Verdaccio into the cache once; 6.8.0 needs node-fetch 2.7.0 to install (overrides). */
function ensureVerdaccio(): string {
	const bin = path.join(VERDACCIO_DIR, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
	if (fs.existsSync(bin)) return bin;
	log(`installing Verdaccio ${VERDACCIO_VERSION} from the npm registry into ${VERDACCIO_DIR}`);
	fs.mkdirSync(VERDACCIO_DIR, { recursive: true });
	const manifest = {
		private: true,
		dependencies: { verdaccio: VERDACCIO_VERSION },
		overrides: { 'node-fetch': '2.7.0' },
	};
	fs.writeFileSync(path.join(VERDACCIO_DIR, 'package.json'), JSON.stringify(manifest, null, 2));
	const flags = ['--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
	runToStderr('npm', ['install', ...flags], { cwd: VERDACCIO_DIR });
	return bin;
}

function openssl(args: string[], cwd: string): void {
	execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA made for this run only, and the registry's certificate (also for 127.0.0.1) signed by it. */
function makeCertificates(folder: string): { ca: string; key: string; cert: string } {
	const days = ['-days', '1'];
	openssl(
		['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem']
			.concat(days, ['-subj', '/CN=n8n-nodes-webdata e2e throw-away CA'])
			.concat(['-addext', 'basicConstraints=critical,CA:TRUE']),
		folder,
	);
	openssl(
		['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.csr'].concat([
			'-subj',
			`/CN=${DEFAULT_REGISTRY_HOST}`,
		]),
		folder,
	);
	const extensions = `subjectAltName=DNS:${DEFAULT_REGISTRY_HOST},IP:127.0.0.1\nextendedKeyUsage=serverAuth\n`;
	fs.writeFileSync(path.join(folder, 'cert.ext'), extensions);
	openssl(
		[
			'x509',
			'-req',
			'-in',
			'cert.csr',
			'-CA',
			'ca.pem',
			'-CAkey',
			'ca.key',
			'-CAcreateserial',
		].concat(['-out', 'cert.pem', '-extfile', 'cert.ext'], days),
		folder,
	);
	const at = (name: string) => path.join(folder, name);
	return { ca: at('ca.pem'), key: at('key.pem'), cert: at('cert.pem') };
}

export class LocalRegistry {
	/** The CA n8n must trust (NODE_EXTRA_CA_CERTS). */
	readonly caFile: string;
	/** /etc/hosts for n8n: the default registry's name on 127.0.0.1. */
	readonly hostsFile: string;
	private server?: Group;
	private token = '';

	constructor(private readonly folder: string) {
		this.caFile = path.join(folder, 'ca.pem');
		this.hostsFile = path.join(folder, 'hosts');
	}

	/**
	 * The environment n8n needs to trust the registry: NODE_EXTRA_CA_CERTS for n8n's own checks;
	 * the npm it spawns takes only its own `cafile` (else SELF_SIGNED_CERT_IN_CHAIN).
	 */
	get n8nEnv(): Record<string, string> {
		return { NODE_EXTRA_CA_CERTS: this.caFile, npm_config_cafile: this.caFile };
	}

	async start(): Promise<void> {
		if (!(await isPortFree(443))) throw new Error('127.0.0.1:443 is taken: the registry needs it');
		const verdaccio = ensureVerdaccio();
		fs.mkdirSync(path.join(this.folder, 'storage'), { recursive: true });
		const { key, cert } = makeCertificates(this.folder);
		const hosts = `127.0.0.1 localhost\n::1 localhost\n127.0.0.1 ${DEFAULT_REGISTRY_HOST}\n`;
		fs.writeFileSync(this.hostsFile, hosts);
		const config = path.join(this.folder, 'config.yaml');
		fs.writeFileSync(config, verdaccioConfig(this.folder, key, cert));
		this.server = await startServer(
			'verdaccio',
			[nodeExecutable(), verdaccio, '--config', config],
			{
				cwd: this.folder,
				logFile: path.join(this.folder, 'verdaccio.log'),
				env: { ...process.env, NODE_EXTRA_CA_CERTS: this.caFile },
				ready: async () => (await this.call('GET', '/-/ping')).ok,
				timeoutMs: 60_000,
			},
		);
		// Verdaccio's own user database: the token npm publishes with.
		const user = { name: 'e2e', password: 'e2e-local-only' };
		const added = await this.call('PUT', `/-/user/org.couchdb.user:${user.name}`, user);
		this.token = (added.body as { token?: string }).token ?? '';
		if (!this.token) throw new Error(`verdaccio gave no token: ${added.status} ${added.text}`);
	}

	/** Publishes the package folder `dir` (its package.json's version) with npm. */
	publish(dir: string): void {
		const registry = 'https://127.0.0.1/';
		execFileSync(
			'npm',
			['publish', '--ignore-scripts', `--registry=${registry}`, `--cafile=${this.caFile}`],
			{
				cwd: dir,
				stdio: ['ignore', 'pipe', 'pipe'],
				env: { ...process.env, 'npm_config_//127.0.0.1/:_authToken': this.token },
			},
		);
	}

	async stop(): Promise<void> {
		await this.server?.stop(5_000);
		this.server = undefined;
	}

	/** A JSON call to Verdaccio by address (only n8n resolves the registry's name to it). */
	private call(method: string, route: string, body?: unknown) {
		const ca = fs.readFileSync(this.caFile);
		const payload = body === undefined ? undefined : JSON.stringify(body);
		const headers = payload ? { 'content-type': 'application/json' } : {};
		return new Promise<{ ok: boolean; status: number; text: string; body: unknown }>(
			(resolve, reject) => {
				const req = https.request(
					{ host: '127.0.0.1', port: 443, path: route, method, ca, headers, timeout: 5_000 },
					(res) => {
						let text = '';
						res.setEncoding('utf8');
						res.on('data', (chunk: string) => (text += chunk));
						res.on('end', () => {
							const status = res.statusCode ?? 0;
							let parsed: unknown = text;
							try {
								parsed = JSON.parse(text);
							} catch {
								// left as text
							}
							resolve({ ok: status >= 200 && status < 300, status, text, body: parsed });
						});
					},
				);
				req.on('error', reject);
				req.end(payload);
			},
		);
	}
}

/** Verdaccio: no uplinks (nothing beyond this machine), reads for all, publishing with its token. */
function verdaccioConfig(folder: string, key: string, cert: string): string {
	return [
		`storage: ${path.join(folder, 'storage')}`,
		'auth:',
		'  htpasswd:',
		`    file: ${path.join(folder, 'htpasswd')}`,
		'uplinks: {}',
		'packages:',
		"  '**':",
		'    access: $all',
		'    publish: $authenticated',
		'    unpublish: $authenticated',
		'listen: https://127.0.0.1:443',
		'https:',
		`  key: ${key}`,
		`  cert: ${cert}`,
		'log: { type: stdout, format: pretty, level: warn }',
		'',
	].join('\n');
}
