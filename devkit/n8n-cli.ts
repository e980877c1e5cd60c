/**
 * scripts/n8n.sh: the pinned n8n's own CLI with the environment of the main command's private
 * user folder (.n8n-home/), e.g. `bash scripts/n8n.sh list:workflow`, or
 * `bash scripts/n8n.sh env` to print that environment as shell `export` lines.
 * Stop `npm start` first for commands that write to the database.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

import { N8n } from './n8n';
import { MAIN_USER_FOLDER, getNode24Bin, n8nEntry } from './paths';

const args = process.argv.slice(2);
const n8n = new N8n({
	userFolder: MAIN_USER_FOLDER,
	port: Number(process.env.WEBDATA_N8N_PORT ?? 5678),
});
const env = n8n.env('cli');

if (args[0] === 'env') {
	const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
	const lines = Object.entries(env)
		.filter(
			([key, value]) => value !== undefined && (/^(N8N_|WEBHOOK_URL$)/.test(key) || key === 'PATH'),
		)
		.map(([key, value]) => `export ${key}=${quote(String(value))}`);
	lines.push(`alias n8n=${quote(`${path.join(getNode24Bin(), 'node')} ${n8nEntry()}`)}`);
	process.stdout.on('error', () => undefined);
	process.stdout.write(`${lines.join('\n')}\n`);
} else {
	const child = spawn(path.join(getNode24Bin(), 'node'), [n8nEntry(), ...args], {
		env,
		stdio: 'inherit',
		cwd: MAIN_USER_FOLDER,
	});
	child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
