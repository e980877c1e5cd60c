/** What the transport sends: one HTTP request below the credential's base URL. */
import type { HttpMethod } from '../../../contract';

export interface ApiRequest {
	method: HttpMethod;
	/** Path below the base URL, path parameters filled in and encoded. */
	path: string;
	qs?: Record<string, string | number | boolean>;
	body?: Record<string, unknown>;
	/** Milliseconds before the HTTP call is abandoned. */
	timeoutMs?: number;
	/** Attempts before giving up on what may be retried (the transport's default otherwise). */
	maxAttempts?: number;
	/** Sent outside the account's pacer: only the read of the plan the pacer is waiting for. */
	unpaced?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 60000;
