/**
 * The devkit's commands, by the name `devkit/cli.ts <name>` takes: a line of help each; each runs
 * from the file of this folder named after it (`bench:n8n`: bench-n8n.ts), loaded only then.
 */
const HELP: Array<[usage: string, summary: string]> = [
	['start', 'npm start: build; the sandbox and n8n with the package and the examples'],
	['test', 'npm test: build, lint, scan, unit tests, e2e in n8n 2.x and 1.x; one closing line'],
	['e2e [jest args]', 'the end-to-end suites in real n8n (WEBDATA_E2E_LINES, default "2 1")'],
	['bench:n8n', 'Web Data Brand in real n8n (long-running and queue mode), figures beside targets'],
	['bench:memory', "large crawls in real n8n: time and n8n's peak memory beside targets"],
	['mutate [stryker args]', 'StrykerJS over the checks, retries, masking, changes and paging'],
	['n8n <args> | n8n env', "the pinned n8n's CLI on .n8n-home/; `env` prints its environment"],
	['with-node24 <command> [args]', 'runs a command with Node 24, then node_modules/.bin, on PATH'],
	[
		'install node <major> | n8n [line] | services | chromium',
		'installs one piece once (a second run answers at once); prints what it found',
	],
	['scan', "n8n's verification scanner on git archive HEAD and the npm pack tarball"],
	['lint-descriptions', 'ESLint on every built node description as n8n sees it (part of lint)'],
	['check-commits', 'commit subjects of at most 72 characters (part of lint)'],
	['docs', "rewrites README.md's operations table from the operations table"],
];

export const COMMANDS = Object.fromEntries(
	HELP.map(([usage, summary]) => {
		const name = usage.split(' ')[0];
		const load = (): Promise<{ run(args: string[]): Promise<number> }> =>
			import(`./${name.replace(':', '-')}`);
		// scan runs on Node 24: the CLI starts itself again on it when this Node is another major.
		return [name, { usage, summary, node24: name === 'scan', load }];
	}),
);
