/**
 * Debian packages the end-to-end suites need, installed with apt-get when missing (root only; CI
 * runs as root): `postgresql` and `redis-server` for the queue-mode suite, which starts its own
 * throw-away servers on 127.0.0.1 (devkit/services.ts), never the system's; `chromium` for the
 * editor screenshot (devkit/browser.ts). Installs only.
 */
import * as fs from 'node:fs';

import { chromiumPath } from './browser';
import { log, onPath, runToStderr } from './proc';
import { postgresBin } from './services';

/** Exit 101 here: "do not start services", so the packages leave their system servers stopped. */
const POLICY_RC_D = '/usr/sbin/policy-rc.d';

function isRoot(): boolean {
	return process.getuid?.() === 0;
}

function hasPostgres(): boolean {
	try {
		return postgresBin() !== '' && onPath('psql') !== undefined;
	} catch {
		return false;
	}
}

function hasRedis(): boolean {
	return onPath('redis-server') !== undefined && onPath('redis-cli') !== undefined;
}

function aptGet(args: string[]): void {
	runToStderr('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * Installs `postgresql` and `redis-server` when either is missing; returns whether both are there
 * afterwards. The packages must not start their system-wide servers: policy-rc.d says so for the
 * time of the install (when there is none already).
 */
export function ensureServices(): boolean {
	const missing = [
		...(hasPostgres() ? [] : ['postgresql']),
		...(hasRedis() ? [] : ['redis-server']),
	];
	if (missing.length === 0) return true;
	if (!isRoot()) {
		log(
			`missing ${missing.join(' ')} and this is not root: the queue-mode suite will fail (sudo apt-get install ${missing.join(' ')})`,
		);
		return false;
	}
	log(`installing Debian's ${missing.join(' ')} (apt-get)`);
	aptGet(['update', '-qq']);
	const createdPolicy = !fs.existsSync(POLICY_RC_D);
	if (createdPolicy) fs.writeFileSync(POLICY_RC_D, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	try {
		aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
	} catch (error) {
		log(`apt-get install ${missing.join(' ')} failed: ${(error as Error).message}`);
		return false;
	} finally {
		if (createdPolicy) fs.rmSync(POLICY_RC_D, { force: true });
	}
	return hasPostgres() && hasRedis();
}

/**
 * Installs Debian's `chromium` when no browser is found (CHROMIUM_PATH, or chromium on the PATH
 * or where devkit/browser.ts looks); returns the browser, or undefined when it could not be had.
 * Throws when apt-get fails.
 */
export function ensureChromium(): string | undefined {
	const found = () => process.env.CHROMIUM_PATH || chromiumPath() || onPath('chromium');
	if (found()) return found();
	if (!isRoot()) {
		log(
			'chromium is missing and this is not root: the editor check will fail (sudo apt-get install chromium)',
		);
		return undefined;
	}
	log("installing Debian's chromium (apt-get)");
	aptGet(['update', '-qq']);
	aptGet(['install', '-y', '-qq', 'chromium']);
	return found();
}
