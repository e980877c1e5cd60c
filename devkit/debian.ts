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

/**
 * apt-get install of `packages` (none: nothing to do) for `what`; returns whether it ran and
 * succeeded. Not root: says what to run instead. The packages must not start their system-wide
 * servers: policy-rc.d says so for the time of the install (when there is none already).
 */
function aptInstall(packages: string[], what: string, flags: string[] = []): boolean {
	if (packages.length === 0) return true;
	const apt = `apt-get install ${packages.join(' ')}`;
	if (process.getuid?.() !== 0) {
		log(`missing ${packages.join(' ')} and this is not root: ${what} will fail (sudo ${apt})`);
		return false;
	}
	log(`installing Debian's ${packages.join(' ')} (apt-get)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const createdPolicy = !fs.existsSync(POLICY_RC_D);
	if (createdPolicy) fs.writeFileSync(POLICY_RC_D, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	try {
		runToStderr('apt-get', ['update', '-qq'], { env });
		runToStderr('apt-get', ['install', '-y', '-qq', ...flags, ...packages], { env });
		return true;
	} catch (error) {
		log(`${apt} failed: ${(error as Error).message}`);
		return false;
	} finally {
		if (createdPolicy) fs.rmSync(POLICY_RC_D, { force: true });
	}
}

/** Whether both are there, once installed when missing. */
export function ensureServices(): boolean {
	const missing = [hasPostgres() ? [] : ['postgresql'], hasRedis() ? [] : ['redis-server']];
	aptInstall(missing.flat(), 'the queue-mode suite', ['--no-install-recommends']);
	return hasPostgres() && hasRedis();
}

/** Installs Debian's `chromium` unless devkit/browser.ts finds a browser; returns the browser. */
export function ensureChromium(): string | undefined {
	if (!chromiumPath()) aptInstall(['chromium'], 'the editor check');
	return chromiumPath();
}
