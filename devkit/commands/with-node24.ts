/**
 * `devkit with-node24 <command> [args]`: runs a command with Node 24 first on PATH (n8n-core 2.x
 * and isolated-vm need it; installed from the npm registry on first use) and the project's
 * node_modules/.bin after it. package.json runs jest, the sandbox, the benchmarks and n8n's
 * lint through it.
 */
import { run as runChild } from '../proc';
import { node24Env } from '../toolchain';

export async function run([command, ...args]: string[]): Promise<number> {
	if (!command) throw new Error('usage: with-node24 <command> [args]');
	return await runChild(command, args, { env: node24Env() });
}
