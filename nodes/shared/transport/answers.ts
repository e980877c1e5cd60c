/**
 * Reading the API's answers. `client.request<T>` types an answer as the contract promises it
 * (contract/responseTypes.ts), but nothing checks it at runtime: a changed or hostile API may
 * send anything, so its readers keep their guards (this one, and the contract's isPlainObject).
 */

/** The array an answer holds where it promises one, else none. */
export const listOf = <T>(value: T[] | null | undefined): T[] =>
	Array.isArray(value) ? value : [];
