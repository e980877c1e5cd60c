/** Step 6 of an item's trip: the HTTP request its operation's row describes, from its validated values. */
import type { OperationSpec } from '../endpoints/types';
import { DEFAULT_TIMEOUT_MS, endpointRequest, type ApiRequest } from '../transport/apiRequest';
import type { ItemValues } from './types';

/** Headroom over the server-side timeout a request carries, for queueing and transfer. */
const TIMEOUT_HEADROOM_MS = 15000;

export function buildRequest(op: OperationSpec, values: ItemValues): ApiRequest {
	const serverTimeout = op.timeoutField
		? Number(values[op.timeoutField] ?? op.fields.find((f) => f.name === op.timeoutField)?.default)
		: NaN;
	return endpointRequest(op.endpoint, values, {
		timeoutMs: Number.isFinite(serverTimeout)
			? Math.max(serverTimeout + TIMEOUT_HEADROOM_MS, DEFAULT_TIMEOUT_MS)
			: DEFAULT_TIMEOUT_MS,
	});
}
