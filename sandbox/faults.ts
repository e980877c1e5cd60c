/** Failure injection: a configured share of API requests fails with a status or a non-JSON body. */
import type { SandboxCore } from './core';
import type { Reply } from './http';

/** The injected reply for this request, or null to handle it normally. */
export function injectedFailure(
	core: SandboxCore,
	path: string,
	random: () => number = Math.random,
): Reply | null {
	const failure = core.config.failure;
	if (!failure) return null;
	if (failure.count !== undefined && failure.count <= 0) {
		core.config = { ...core.config, failure: null };
		return null;
	}
	if (failure.paths && !failure.paths.some((prefix) => path.startsWith(prefix))) return null;
	if (failure.rate < 1 && random() >= failure.rate) return null;
	if (failure.count !== undefined) {
		const count = failure.count - 1;
		core.config = { ...core.config, failure: count > 0 ? { ...failure, count } : null };
	}
	const headers: Record<string, string> = {};
	if (failure.status === 429 || failure.status === 503)
		headers['retry-after'] = String(failure.retryAfter ?? 1);
	if (failure.location) headers.location = failure.location;
	if (failure.malformed) {
		// Looks like JSON, is not: a body cut off mid-way.
		return {
			status: failure.status,
			body: '{"success": true, "data": {"partial',
			headers,
			raw: true,
		};
	}
	return {
		status: failure.status,
		body: {
			success: false,
			error: `Injected failure: the sandbox answers HTTP ${failure.status} to this request`,
		},
		headers,
	};
}
