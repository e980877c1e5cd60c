/**
 * `devkit install <what>`: one piece of what the tests run on, once (CONTRIBUTING.md, "The
 * devkit"); prints what it found on stdout, its progress on stderr.
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
