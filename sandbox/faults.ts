/**
 * Failure injection: a configured share of API requests fails with a status, a non-JSON body, or
 * a failure reported inside a 200 answer.
 */
import type { SandboxCore } from './core';
import type { Reply } from './http';

/** The injected reply for this request, or null to handle it normally. */
export function injectedFailure(
	core: SandboxCore,
	path: string,
	random: () => number = Math.random,
	query: Record<string, string | string[]> = {},
): Reply | null {
	const failure = core.config.failure;
	if (!failure) return null;
	if (failure.count !== undefined && failure.count <= 0) {
		core.config = { ...core.config, failure: null };
		return null;
	}
	if (failure.paths && !failure.paths.some((prefix) => path.startsWith(prefix))) return null;
	if (failure.query && !matchesQuery(query, failure.query)) return null;
	if (failure.rate < 1 && random() >= failure.rate) return null;
	if (failure.count !== undefined) {
		const count = failure.count - 1;
		core.config = { ...core.config, failure: count > 0 ? { ...failure, count } : null };
	}
	const headers: Record<string, string> = {};
	if (failure.status === 429 || failure.status === 503)
		headers['retry-after'] = String(failure.retryAfter ?? 1);
	if (failure.location) headers.location = failure.location;
	const message = `Injected failure: the sandbox answers HTTP ${failure.status} to this request`;
	if (failure.inBody) {
		const data = { status: 'error', code: failure.status, message };
		return { status: 200, body: { success: true, data }, headers: {} };
	}
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
		body: { success: false, error: message },
		headers,
	};
}

/** Whether the request's query has every wanted value (case-free; a list matches by any entry). */
function matchesQuery(
	query: Record<string, string | string[]>,
	wanted: Record<string, string>,
): boolean {
	return Object.entries(wanted).every(([name, value]) =>
		[query[name] ?? []].flat().some((got) => got.toLowerCase() === value.toLowerCase()),
	);
}
