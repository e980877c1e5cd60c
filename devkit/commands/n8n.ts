/**
 * `devkit n8n <args>`: the pinned n8n's own CLI with the environment of the main command's
 * private user folder (.n8n-home/), e.g. `n8n list:workflow` or
 * `n8n export:workflow --all --output=out.json`; `n8n env` prints that environment as shell
 * `export` lines (eval "$(node --import tsx devkit/cli.ts n8n env)"). Needs a build
 * (npm run build); stop `npm start` first for commands that write to the database.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { N8n } from '../n8n';
import { MAIN_USER_FOLDER, N8N_PORT } from '../paths';
import { run as runChild } from '../proc';
import { getN8nDir, getNode24Bin, n8nEntry } from '../toolchain';

export async function run(args: string[]): Promise<number> {
	getN8nDir();
	fs.mkdirSync(MAIN_USER_FOLDER, { recursive: true });
	const n8n = new N8n({ userFolder: MAIN_USER_FOLDER, port: N8N_PORT });
	const env = n8n.env('cli');
	const node = path.join(getNode24Bin(), 'node');

	if (args[0] !== 'env')
		return await runChild(node, [n8nEntry(), ...args], { env, cwd: MAIN_USER_FOLDER });
	const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
	const lines = Object.entries(env)
		.filter(
			([key, value]) => value !== undefined && (/^(N8N_|WEBHOOK_URL$)/.test(key) || key === 'PATH'),
		)
		.map(([key, value]) => `export ${key}=${quote(String(value))}`);
	lines.push(`alias n8n=${quote(`${node} ${n8nEntry()}`)}`);
	process.stdout.on('error', () => undefined);
	process.stdout.write(`${lines.join('\n')}\n`);
	return 0;
}
