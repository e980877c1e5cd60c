/** Turns validated values into the HTTP request an operation's row describes. */
import type { OperationSpec } from '../endpoints/types';
import { DEFAULT_TIMEOUT_MS, endpointRequest, type ApiRequest } from '../transport/apiRequest';

/** Headroom over the server-side timeout a request carries, for queueing and transfer. */
const TIMEOUT_HEADROOM_MS = 15000;

/** Builds the request from values already checked by validateFields (keyed by API name). */
export function buildRequest(op: OperationSpec, values: Record<string, unknown>): ApiRequest {
	const serverTimeout = op.timeoutField
		? Number(values[op.timeoutField] ?? op.fields.find((f) => f.name === op.timeoutField)?.default)
		: NaN;
	return endpointRequest(op.endpoint, values, {
		timeoutMs: Number.isFinite(serverTimeout)
			? Math.max(serverTimeout + TIMEOUT_HEADROOM_MS, DEFAULT_TIMEOUT_MS)
			: DEFAULT_TIMEOUT_MS,
	});
}
