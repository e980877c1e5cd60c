/** The CLI: first stdout line is the READY line, config from env and file, clean stop on signals. */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { call } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'sandbox/cli.ts');

function startCli(args: string[], env: Record<string, string>) {
	const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
		cwd: ROOT,
		env: { ...process.env, NODE_OPTIONS: '', ...env },
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const firstLine = new Promise<string>((resolve, reject) => {
		const check = () => {
			if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
		};
		child.stdout.on('data', check);
		child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${stderr}`)));
	});
	firstLine.catch(() => undefined); // only the tests that wait for it care
	return { child, firstLine, exited, output: () => stdout, errors: () => stderr };
}

async function stop(
	child: ChildProcessWithoutNullStreams,
	exited: Promise<number | null>,
	signal: NodeJS.Signals,
) {
	child.kill(signal);
	return exited;
}

describe('sandbox CLI', () => {
	it('prints the READY line first, serves the API with env config, and stops cleanly on SIGTERM', async () => {
		const cli = startCli([], {
			WEBDATA_SANDBOX_PORT: '0',
			WEBDATA_SANDBOX_CONFIG: JSON.stringify({ credits: 42 }),
		});
		const line = await cli.firstLine;
		expect(line).toMatch(/^WEBDATA_SANDBOX_READY \{/);
		const ready = JSON.parse(line.slice('WEBDATA_SANDBOX_READY '.length));
		expect(ready).toEqual({
			baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
			apiKey: 'bc_sandbox_demo_key',
		});
		const account = await call(ready, 'GET', '/account');
		expect(account.body.data.credits).toBe(42);
		expect(cli.output()).toContain(`Base URL:  ${ready.baseUrl}`);
		expect(cli.output()).toContain('API key:   bc_sandbox_demo_key');
		expect(await stop(cli.child, cli.exited, 'SIGTERM')).toBe(0);
		expect(cli.output()).toContain('Stopping the sandbox (SIGTERM)');
	});

	it('takes --port and --config file.json, and stops on SIGINT', async () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'webdata-sandbox-'));
		const file = path.join(dir, 'config.json');
		writeFileSync(
			file,
			JSON.stringify({ plan: { rateLimitPerMinute: 5 }, apiKeys: ['bc_from_file'] }),
		);
		const cli = startCli(['--port', '0', '--config', file], { WEBDATA_SANDBOX_PORT: '1' });
		const ready = JSON.parse((await cli.firstLine).slice('WEBDATA_SANDBOX_READY '.length));
		expect(ready.apiKey).toBe('bc_from_file');
		const account = await call(ready, 'GET', '/account');
		expect(account.body.data.plan.rateLimitPerMinute).toBe(5);
		expect(await stop(cli.child, cli.exited, 'SIGINT')).toBe(0);
	});

	it('fails with a message on a bad argument', async () => {
		const cli = startCli(['--bogus'], {});
		expect(await cli.exited).toBe(1);
		expect(cli.errors()).toMatch(/Unknown argument --bogus/);
	});
});
