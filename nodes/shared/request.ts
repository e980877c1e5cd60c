/** Turns validated values into the HTTP request an operation's row describes. */
import { placeWire } from '../../contract';
import type { OperationSpec } from './endpoints/types';
import { DEFAULT_TIMEOUT_MS, type ApiRequest } from './transport/apiRequest';

/** Headroom over the server-side timeout a request carries, for queueing and transfer. */
const TIMEOUT_HEADROOM_MS = 15000;

/** Builds the request from values already checked by validateFields (keyed by API name). */
export function buildRequest(op: OperationSpec, values: Record<string, unknown>): ApiRequest {
	const { path, query, body } = placeWire(op, values);
	const serverTimeout = op.timeoutField ? Number(values[op.timeoutField] ?? op.fields.find((f) => f.name === op.timeoutField)?.default) : NaN;
	return {
		method: op.method,
		path,
		qs: Object.keys(query).length > 0 ? query : undefined,
		body: op.method === 'GET' || op.method === 'DELETE' ? undefined : body,
		timeoutMs: Number.isFinite(serverTimeout) ? Math.max(serverTimeout + TIMEOUT_HEADROOM_MS, DEFAULT_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS,
	};
}
