/**
 * Reading the API's answers. `client.request<T>` types an answer as the contract promises it
 * (contract/responseTypes.ts), but nothing checks it at runtime: a changed or hostile API may
 * send anything, so its readers keep their guards. These are the shared ones.
 */

/** A JSON object (not null, not an array): what an answer whose shape is open is read as. */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array an answer holds where it promises one, else none. */
export const listOf = <T>(value: T[] | null | undefined): T[] =>
	Array.isArray(value) ? value : [];
