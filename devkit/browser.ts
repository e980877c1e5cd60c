/**
 * Headless Chromium (Debian's `chromium` package) driven by playwright-core, logged in to a
 * running n8n. No browser download: playwright-core only drives /usr/bin/chromium.
 */
import * as fs from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { N8n } from './n8n';

export const CHROMIUM_CANDIDATES = [
	process.env.CHROMIUM_PATH,
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
].filter((p): p is string => Boolean(p));

export function chromiumPath(): string | undefined {
	return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p));
}

/** The flags a closed network needs: no background fetches, no first-run, no sandbox (root). */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

export interface EditorSession {
	browser: Browser;
	context: BrowserContext;
	page: Page;
	close(): Promise<void>;
}

/** Launches Chromium and logs in to n8n as its owner (the session cookie lands in the context). */
export async function openEditor(
	n8n: N8n,
	viewport = { width: 1440, height: 900 },
): Promise<EditorSession> {
	const executablePath = chromiumPath();
	if (!executablePath) {
		throw new Error(
			`Chromium not found (${CHROMIUM_CANDIDATES.join(', ')}): apt-get install -y chromium, or set CHROMIUM_PATH`,
		);
	}
	const { chromium } = await import('playwright-core');
	// playwright-core gives every launch a fresh temporary --user-data-dir.
	const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
	const close = async () => {
		await browser.close().catch(() => undefined);
	};
	try {
		const context = await browser.newContext({ viewport });
		const page = await context.newPage();
		const res = await page.request.post(`${n8n.baseUrl}/rest/login`, {
			data: { emailOrLdapLoginId: n8n.owner.email, password: n8n.owner.password },
		});
		if (!res.ok())
			throw new Error(`login from the browser failed: ${res.status()} ${await res.text()}`);
		return { browser, context, page, close };
	} catch (error) {
		await close();
		throw error;
	}
}
