/**
 * `devkit install <what>`: installs one piece of what the tests run on, once; a second run finds
 * it and answers at once. What it installs is printed on stdout (progress goes to stderr):
 *   install node <major>   a pinned Node (devkit/paths.ts) into the cache; prints its bin folder
 *   install n8n [line]     an n8n line of e2e/n8n-lines.json (default 2); prints its folder
 *   install services       Debian's postgresql and redis-server (apt-get, root only)
 *   install chromium       Debian's chromium (apt-get, root only); prints the browser
 */
import { ensureChromium, ensureServices } from '../debian';
import { ensureN8n, ensureNode } from '../toolchain';

const USAGE = 'usage: install node <major> | n8n [line] | services | chromium';

export async function run([what, arg]: string[]): Promise<number> {
	switch (what) {
		case 'node': {
			const major = Number(arg);
			if (!Number.isInteger(major)) throw new Error(`${USAGE} (a major such as 24)`);
			console.log(ensureNode(major));
			return 0;
		}
		case 'n8n':
			console.log(ensureN8n(arg ?? '2'));
			return 0;
		case 'services': {
			const present = ensureServices();
			if (present) console.log('postgresql and redis-server are installed');
			return present ? 0 : 1;
		}
		case 'chromium': {
			const browser = ensureChromium();
			if (browser) console.log(browser);
			return browser ? 0 : 1;
		}
		default:
			throw new Error(USAGE);
	}
}
