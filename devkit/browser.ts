/**
 * Headless Chromium (Debian's `chromium` package) driven by playwright-core, logged in to a
 * running n8n. No browser download: playwright-core only drives /usr/bin/chromium.
 */
import * as fs from 'node:fs';

import type { N8n } from './n8n';
import { onPath } from './proc';

const CHROMIUM_CANDIDATES = [
	process.env.CHROMIUM_PATH,
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
].filter((p): p is string => Boolean(p));

export function chromiumPath(): string | undefined {
	return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p)) ?? onPath('chromium');
}

/** Launches Chromium and logs in to n8n as its owner (the session cookie lands in the page). */
export async function openEditor(n8n: N8n, viewport = { width: 1440, height: 900 }) {
	const executablePath = chromiumPath();
	if (!executablePath) {
		throw new Error(
			`Chromium not found (${CHROMIUM_CANDIDATES.join(', ')}): apt-get install -y chromium, or set CHROMIUM_PATH`,
		);
	}
	const { chromium } = await import('playwright-core');
	// playwright-core gives every launch a fresh temporary --user-data-dir and the flags a closed
	// network needs (--no-sandbox, no background networking, no component updates, no first run).
	const args = ['--disable-gpu', '--disable-quic'];
	const browser = await chromium.launch({ executablePath, headless: true, args });
	const close = () => browser.close().catch(() => undefined);
	try {
		const page = await (await browser.newContext({ viewport })).newPage();
		const res = await page.request.post(`${n8n.baseUrl}/rest/login`, {
			data: { emailOrLdapLoginId: n8n.owner.email, password: n8n.owner.password },
		});
		if (!res.ok())
			throw new Error(`login from the browser failed: ${res.status()} ${await res.text()}`);
		return { page, close };
	} catch (error) {
		await close();
		throw error;
	}
}
