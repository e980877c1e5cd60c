/**
 * `devkit install <what>`: one piece of what the tests run on, once (CONTRIBUTING.md, "The
 * devkit"); prints what it found on stdout, its progress on stderr.
 */
import { ensureChromium, ensureServices } from '../debian';
import { ensureN8n, ensureNode } from '../toolchain';

/** Each piece: what to print when it is there, undefined when it could not be had. */
const PIECES: Record<string, (arg?: string) => string | undefined> = {
	node: (major) => ensureNode(Number(major)),
	n8n: (line) => ensureN8n(line),
	services: () => (ensureServices() ? 'postgresql and redis-server are installed' : undefined),
	chromium: () => ensureChromium(),
};

export async function run([what, arg]: string[]): Promise<number> {
	const install = PIECES[what];
	if (!install || (what === 'node' && !arg))
		throw new Error('usage: install node <major> | n8n [line] | services | chromium');
	const found = install(arg);
	if (found) console.log(found);
	return found ? 0 : 1;
}
