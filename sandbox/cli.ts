/**
 * `npm run sandbox`: starts the sandbox on 127.0.0.1 and prints, as its first stdout line,
 * `WEBDATA_SANDBOX_READY {"baseUrl":...,"apiKey":...}` for scripts, then lines for people.
 *
 * Config, later wins: defaults, WEBDATA_SANDBOX_* variables, WEBDATA_SANDBOX_CONFIG (JSON),
 * --config file.json, --port N.
 */
import { combine, configFromEnv, configFromFile, DEFAULT_PORT } from './config';
import type { SandboxConfigOverrides } from './config';
import { startSandbox } from './server';

const USAGE = `Usage: node .dist-dev/sandbox/cli.js [--port N] [--config file.json]

  --port N           port on 127.0.0.1 (default ${DEFAULT_PORT}, 0 = any free port; env WEBDATA_SANDBOX_PORT)
  --config FILE      JSON file of config overrides (env WEBDATA_SANDBOX_CONFIG takes a JSON string)
  --help             this text

See sandbox/README.md for the knobs, the credits per endpoint and the admin API.`;

function parseArgs(argv: readonly string[]): { overrides: SandboxConfigOverrides; help: boolean } {
	let overrides: SandboxConfigOverrides = {};
	let port: number | undefined;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const [name, inline] = arg.includes('=')
			? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
			: [arg, undefined];
		const value = () => {
			const next = inline ?? argv[++i];
			if (next === undefined) throw new Error(`${name} needs a value`);
			return next;
		};
		if (name === '--help' || name === '-h') return { overrides, help: true };
		else if (name === '--port') port = Number(value());
		else if (name === '--config') overrides = combine(overrides, configFromFile(value()));
		else throw new Error(`Unknown argument ${arg}`);
	}
	if (port !== undefined) {
		if (!Number.isInteger(port) || port < 0 || port > 65535)
			throw new Error('--port must be a whole number from 0 to 65535');
		overrides.port = port;
	}
	return { overrides, help: false };
}

async function main(): Promise<void> {
	const args = parseArgs(process.argv.slice(2));
	if (args.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const overrides = combine({ port: DEFAULT_PORT }, combine(configFromEnv(), args.overrides));
	const sandbox = await startSandbox(overrides);
	const { baseUrl, apiKey } = sandbox;
	process.stdout.write(`WEBDATA_SANDBOX_READY ${JSON.stringify({ baseUrl, apiKey })}\n`);
	process.stdout.write(
		[
			`Web Data sandbox listening on ${baseUrl}`,
			`  Base URL:  ${baseUrl}`,
			`  API key:   ${apiKey}`,
			`  Plan:      ${sandbox.config.plan.rateLimitPerMinute} requests/min, ${sandbox.config.plan.concurrency} concurrent, queue ${sandbox.config.plan.queueLimit}`,
			`  Credits:   ${sandbox.state.account.credits}`,
			`  Try:       curl -H 'Authorization: Bearer ${apiKey}' ${baseUrl}/account`,
			`  Admin:     ${baseUrl}/__sandbox/state (no auth; see sandbox/README.md)`,
			'Press Ctrl-C to stop.',
			'',
		].join('\n'),
	);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`Stopping the sandbox (${signal})\n`);
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
	process.stderr.write(`webdata sandbox: ${error.message}\n`);
	process.exit(1);
});
