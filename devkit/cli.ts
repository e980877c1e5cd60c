/**
 * The devkit's one command line, `node --import tsx devkit/cli.ts <command> [args]` (tsx runs it
 * unbuilt); `help` lists the commands of devkit/commands/index.ts.
 */
import { COMMANDS } from './commands';
import { log, run as runChild } from './proc';

function help(): string {
	return [
		'usage: node --import tsx devkit/cli.ts <command> [args]   (or: npm run devkit -- <command>)',
		...Object.values(COMMANDS).map((c) => `\n  ${c.usage}\n      ${c.summary}`),
	].join('\n');
}

async function main(): Promise<number> {
	const [name, ...args] = process.argv.slice(2);
	if (!name || name === 'help' || name === '--help') {
		console.log(help());
		return name ? 0 : 2;
	}
	const command = COMMANDS[name];
	if (!command) {
		console.error(`unknown command "${name}"\n${help()}`);
		return 2;
	}
	if (command.node24 && Number(process.versions.node.split('.')[0]) !== 24) {
		const { nodeExecutable, node24Env } = await import('./toolchain');
		const again = [...process.execArgv, __filename, name, ...args];
		return await runChild(nodeExecutable(), again, { env: node24Env() });
	}
	return await (await command.load()).run(args);
}

main().then(
	(status) => (process.exitCode = status),
	(error: Error) => {
		log(error.message ?? String(error));
		process.exitCode = 1;
	},
);
