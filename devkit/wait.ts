/** Waiting, for tests, the end-to-end suites, the benchmarks and `npm start` alike. */
import type { ChildProcess } from 'node:child_process';

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves with the first truthy value of `probe()`, asked every `intervalMs`; fails after
 * `timeoutMs`.
 */
export async function waitFor<T>(
	probe: () => T | Promise<T>,
	{ timeoutMs = 5000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value as NonNullable<T>;
		if (Date.now() > deadline) throw new Error(`waitFor: timed out after ${timeoutMs} ms`);
		await sleep(intervalMs);
	}
}

/** Stops a child process: SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
export async function stopChild(
	child: ChildProcess,
	exited: Promise<unknown>,
	graceMs: number,
): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}
