/**
 * Running other programs from the devkit: its log lines, PATH look-ups, installers whose output
 * goes to stderr (stdout carries only what a command prints as its answer), and children that
 * share this process's terminal.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function log(message: string): void {
	process.stderr.write(`[webdata] ${message}\n`);
}

/** The executable `name` on the PATH of `env`, as `command -v` finds it. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
	for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		const candidate = path.join(dir, name);
		try {
			fs.accessSync(candidate, fs.constants.X_OK);
			if (fs.statSync(candidate).isFile()) return candidate;
		} catch {
			// not here
		}
	}
	return undefined;
}

/** `env` with `dirs` first on its PATH. */
export function withPath(dirs: string[], env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	return { ...env, PATH: [...dirs, env.PATH ?? ''].join(path.delimiter) };
}

/** Runs an installer step to its end, its output on stderr; throws when it fails. */
export function runToStderr(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): void {
	execFileSync(command, args, { ...options, stdio: ['ignore', 2, 2] });
}

/** An exit status the way a shell reports it: the code, or 128 + the signal's number. */
function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
	if (code !== null) return code;
	return 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0);
}

/**
 * Runs a command on this process's terminal and resolves with its exit status. While it runs,
 * Ctrl-C is left to the child: the terminal sends SIGINT to both, and this process waits for the
 * child to finish stopping. SIGTERM and SIGHUP sent to this process alone are passed on.
 */
export function run(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
	return new Promise((resolve) => {
		const child = spawn(command, args, { ...options, stdio: 'inherit' });
		const ignore = () => undefined;
		const pass = (signal: NodeJS.Signals) => child.kill(signal);
		process.on('SIGINT', ignore);
		process.on('SIGTERM', pass);
		process.on('SIGHUP', pass);
		const done = (status: number) => {
			process.off('SIGINT', ignore);
			process.off('SIGTERM', pass);
			process.off('SIGHUP', pass);
			resolve(status);
		};
		child.on('error', (error) => {
			log(`${command}: ${error.message}`);
			done(127);
		});
		child.on('exit', (code, signal) => done(exitStatus(code, signal)));
	});
}

/** `npm run <script> --silent` on this terminal; resolves with its exit status. */
export function npmRun(script: string): Promise<number> {
	return run('npm', ['run', script, '--silent']);
}
