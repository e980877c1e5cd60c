/**
 * Running other programs from the devkit: its log lines, PATH look-ups, installers whose output
 * goes to stderr (stdout carries only what a command prints as its answer), children that
 * share this process's terminal, and servers in process groups of their own.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { waitFor } from './wait';

export function log(message: string): void {
	process.stderr.write(`[webdata] ${message}\n`);
}

/** The executable `name` on the PATH, as `command -v` finds it. */
export function onPath(name: string): string | undefined {
	try {
		return execFileSync('sh', ['-c', 'command -v "$0"', name], { encoding: 'utf8' }).trim();
	} catch {
		return undefined;
	}
}

export function withPath(dirs: string[], env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	return { ...env, PATH: [...dirs, env.PATH ?? ''].join(path.delimiter) };
}

type Options = { cwd?: string; env?: NodeJS.ProcessEnv };

/** Runs an installer step to its end, its output on stderr; throws when it fails. */
export function runToStderr(command: string, args: string[], options: Options = {}): void {
	execFileSync(command, args, { ...options, stdio: ['ignore', 2, 2] });
}

/**
 * Runs a command on this process's terminal and resolves with its exit status (as a shell reports
 * it: the code, or 128 + the signal's number). While it runs, Ctrl-C is left to the child: the
 * terminal sends SIGINT to both, and this process waits for the child to finish stopping.
 * SIGTERM and SIGHUP sent to this process alone are passed on.
 */
export async function run(command: string, args: string[], options: Options = {}): Promise<number> {
	const child = spawn(command, args, { ...options, stdio: 'inherit' });
	const pass = (signal: NodeJS.Signals) => child.kill(signal);
	const handlers = Object.entries({ SIGINT: () => undefined, SIGTERM: pass, SIGHUP: pass });
	for (const [signal, handler] of handlers) process.on(signal, handler);
	try {
		const [code, signal] = await once(child, 'exit');
		return code ?? 128 + os.constants.signals[signal as NodeJS.Signals];
	} catch (error) {
		log(`${command}: ${(error as Error).message}`);
		return 127;
	} finally {
		for (const [signal, handler] of handlers) process.off(signal, handler);
	}
}

export function npmRun(script: string): Promise<number> {
	return run('npm', ['run', script, '--silent']);
}

/*
 * The watchdog of a process group: `sh` waiting to read from a pipe of ours, which we never write
 * to. A clean stop kills the watchdog. When this process dies any other way (a crashed or killed
 * jest, SIGKILL, a beforeAll that never reached afterAll) the pipe closes, `read` returns, and it
 * kills the group and removes the folders. An 'exit' handler would not do: jest hands test files
 * a `process` whose listeners never fire, and nothing runs after SIGKILL. $0 is the group (0:
 * folders only).
 */
const WATCHDOG = 'read -r _; [ "$0" = 0 ] || kill -9 -"$0"; sleep 1; rm -rf -- "$@"';

/** Removes `dirs` (and kills process group `group`) if this process dies before release(). */
export function cleanUpOnExit(group: number | undefined, dirs: string[] = []): () => void {
	const watchdog = spawn('sh', ['-c', WATCHDOG, String(group ?? 0), ...dirs], {
		detached: true,
		stdio: ['pipe', 'ignore', 'ignore'],
	});
	// Neither the watchdog nor its pipe keeps this process alive.
	watchdog.unref();
	(watchdog.stdin as unknown as { unref(): void }).unref();
	watchdog.stdin.on('error', () => undefined);
	return () => watchdog.kill('SIGKILL');
}

/** SIGKILL to every process of a group (none left: nothing to do). */
function killGroup(group: number | undefined): void {
	try {
		if (group !== undefined) process.kill(-group, 'SIGKILL');
	} catch {
		// the group is gone
	}
}

export interface Group {
	child: ChildProcess;
	/** The leader's exit code. */
	exited: Promise<number | null>;
	/** `signal` to the leader, SIGKILL after `graceMs`; then SIGKILL to what it left in its group. */
	stop(graceMs: number, signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A long-running child (a server) as the leader of its own process group, with everything it
 * starts: stop() ends them all, and so does the watchdog when this process dies first (it also
 * removes `dirs` then). Ctrl-C on the terminal does not reach the group: its owner stops it.
 */
export function startGroup(
	command: string,
	args: string[],
	{ dirs, ...options }: SpawnOptions & { dirs?: string[] },
): Group {
	const child = spawn(command, args, { ...options, detached: true });
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
	const release = cleanUpOnExit(child.pid, dirs);
	return {
		child,
		exited,
		async stop(graceMs, signal = 'SIGTERM') {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill(signal);
				const timer = setTimeout(() => killGroup(child.pid), graceMs);
				await exited;
				clearTimeout(timer);
			}
			killGroup(child.pid);
			release();
		},
	};
}

/**
 * startGroup with the server's output appended to `logFile` (without one: its stderr on ours),
 * resolved once `ready()` holds (it may throw: not yet). When the server exits first, or is not
 * ready within `timeoutMs`, it is stopped and the error names the log with its last lines.
 */
export async function startServer(
	name: string,
	[command, ...args]: string[],
	{ logFile, ready, timeoutMs, ...options }: Parameters<typeof startGroup>[2] & ServerOptions,
): Promise<Group> {
	const log = logFile ? fs.openSync(logFile, 'a') : undefined;
	if (log !== undefined && options.uid !== undefined) fs.fchownSync(log, options.uid, options.gid!);
	const stdio = log === undefined ? ['ignore', 'ignore', 'inherit'] : ['ignore', log, log];
	const server = startGroup(command, args, { ...options, stdio: stdio as SpawnOptions['stdio'] });
	if (log !== undefined) fs.closeSync(log);
	let exited: string | undefined;
	void server.exited.then((code) => (exited = `exited with code ${code} while starting`));
	const readyOrExited = async () => exited ?? (await ready().then(Boolean, () => false));
	const failed = await waitFor(readyOrExited, { timeoutMs, intervalMs: 250 }).then(
		() => exited,
		() => `was not ready within ${timeoutMs} ms`,
	);
	if (failed) {
		await server.stop(5_000);
		const output = logFile ? `; log ${logFile}:\n${tail(readText(logFile), 30)}` : '';
		throw new Error(`${name} ${failed}${output}`);
	}
	return server;
}

type ServerOptions = { logFile?: string; ready: () => Promise<unknown>; timeoutMs: number };

/** A file's text; '' when it is missing. */
export function readText(file: string): string {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

export function tail(text: string, lines: number): string {
	return text.split('\n').slice(-lines).join('\n');
}
