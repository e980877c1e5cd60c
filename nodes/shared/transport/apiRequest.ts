/** What the transport sends: one HTTP request below the credential's base URL. */
import { ENDPOINTS, placeWire, type EndpointId, type HttpMethod } from '../../../contract';

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
	/** No retry whose wait ends past this moment (epoch ms): a job poll's Max Wait. */
	retryUntil?: number;
	/** Sent without taking a slot: only the plan read, which accounts.ts sends in a slot it holds. */
	unpaced?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 60000;

/**
 * The request for an endpoint of the contract, with values keyed by API name: every request the
 * package sends is built here, so no path is written twice.
 */
export function endpointRequest(
	id: EndpointId,
	values: Record<string, unknown> = {},
	settings: Partial<ApiRequest> = {},
): ApiRequest {
	const endpoint = ENDPOINTS[id];
	const { path, query, body } = placeWire(endpoint, values);
	return {
		method: endpoint.method,
		path,
		qs: Object.keys(query).length > 0 ? query : undefined,
		body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : body,
		...settings,
	};
}
