/**
 * `devkit n8n <args>`: the pinned n8n's own CLI with the environment of the main command's
 * private user folder (.n8n-home/), e.g. `n8n list:workflow` or
 * `n8n export:workflow --all --output=out.json`; `n8n env` prints that environment as shell
 * `export` lines (eval "$(node --import tsx devkit/cli.ts n8n env)"). Needs a build
 * (npm run build); stop `npm start` first for commands that write to the database.
 */
import * as fs from 'node:fs';

import { N8n } from '../n8n';
import { MAIN_USER_FOLDER, N8N_PORT } from '../paths';
import { run as runChild } from '../proc';

export async function run(args: string[]): Promise<number> {
	fs.mkdirSync(MAIN_USER_FOLDER, { recursive: true });
	const n8n = new N8n({ userFolder: MAIN_USER_FOLDER, port: N8N_PORT });
	const env = n8n.env('cli');
	const [node, ...n8nArgs] = n8n.command(args[0] === 'env' ? [] : args);
	if (args[0] !== 'env') return await runChild(node, n8nArgs, { env, cwd: MAIN_USER_FOLDER });
	const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
	const lines = Object.entries(env)
		.filter(([key, value]) => value !== undefined && /^(N8N_|WEBHOOK_URL$|PATH$)/.test(key))
		.map(([key, value]) => `export ${key}=${quote(String(value))}`);
	lines.push(`alias n8n=${quote([node, ...n8nArgs].join(' '))}`);
	process.stdout.on('error', () => undefined);
	process.stdout.write(`${lines.join('\n')}\n`);
	return 0;
}
