/**
 * The devkit's commands, by the name `devkit/cli.ts <name>` takes: a line of help each, and the
 * file of this folder that runs it, loaded only when it runs.
 */
export interface CommandModule {
	run(args: string[]): Promise<number>;
}

export interface Command {
	usage: string;
	summary: string;
	/** Runs on Node 24: the CLI starts itself again on it when this Node is another major. */
	node24?: boolean;
	load(): Promise<CommandModule>;
}

export const COMMANDS: Record<string, Command> = {
	start: {
		usage: 'start',
		summary: 'npm start: build; the sandbox and n8n with the package and the examples',
		load: () => import('./start'),
	},
	test: {
		usage: 'test',
		summary: 'npm test: build, lint, scan, unit tests, e2e in n8n 2.x and 1.x; one closing line',
		load: () => import('./test'),
	},
	e2e: {
		usage: 'e2e [jest args]',
		summary: 'the end-to-end suites in real n8n (WEBDATA_E2E_LINES, default "2 1")',
		load: () => import('./e2e'),
	},
	'bench:n8n': {
		usage: 'bench:n8n',
		summary: 'Web Data Brand in real n8n (long-running and queue mode), figures beside targets',
		load: () => import('./bench-n8n'),
	},
	'bench:memory': {
		usage: 'bench:memory',
		summary: "large crawls in real n8n: time and n8n's peak memory beside targets",
		load: () => import('./bench-memory'),
	},
	mutate: {
		usage: 'mutate [stryker args]',
		summary: 'StrykerJS over the checks, retries, masking, changes and paging; scores per file',
		load: () => import('./mutate'),
	},
	n8n: {
		usage: 'n8n <args> | n8n env',
		summary: "the pinned n8n's CLI on .n8n-home/; `env` prints its environment",
		load: () => import('./n8n'),
	},
	'with-node24': {
		usage: 'with-node24 <command> [args]',
		summary: 'runs a command with Node 24, then node_modules/.bin, first on PATH',
		load: () => import('./with-node24'),
	},
	install: {
		usage: 'install node <major> | n8n [line] | services | chromium',
		summary: 'installs one piece once (a second run answers at once); prints what it found',
		load: () => import('./install'),
	},
	scan: {
		usage: 'scan',
		summary: "n8n's verification scanner on git archive HEAD and the npm pack tarball",
		node24: true,
		load: () => import('./scan'),
	},
	'lint-descriptions': {
		usage: 'lint-descriptions',
		summary: 'ESLint on every built node description as n8n sees it (part of lint)',
		load: () => import('./lint-descriptions'),
	},
	'check-commits': {
		usage: 'check-commits',
		summary: 'commit subjects of at most 72 characters (part of lint)',
		load: () => import('./check-commits'),
	},
	docs: {
		usage: 'docs',
		summary: "rewrites README.md's operations table from the endpoint table",
		load: () => import('./docs'),
	},
};
