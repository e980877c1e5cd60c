/** Waiting, for tests, the end-to-end suites, the benchmarks and `npm start` alike. */
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
