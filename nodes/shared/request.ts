/** Turns validated values into the HTTP request an operation's row describes. */
import type { OperationSpec } from './endpoints/types';
import { DEFAULT_TIMEOUT_MS, type ApiRequest } from './transport/apiRequest';

/** Headroom over the server-side timeout a request carries, for queueing and transfer. */
const TIMEOUT_HEADROOM_MS = 15000;

/** Builds the request from values already checked by validateFields (keyed by API name). */
export function buildRequest(op: OperationSpec, values: Record<string, unknown>): ApiRequest {
	const qs: Record<string, string | number | boolean> = {};
	const body: Record<string, unknown> = {};
	let path = op.path;
	for (const field of op.fields) {
		for (const name of [field.name, ...(field.aliases ?? [])]) {
			if (!(name in values)) continue;
			const value = values[name];
			if (field.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
			// Every query parameter of the spec is a single value (the table's tests hold rows to that).
			else if (field.in === 'query') qs[name] = value as string | number | boolean;
			else body[name] = value;
		}
	}
	const serverTimeout = op.timeoutField ? Number(values[op.timeoutField] ?? op.fields.find((f) => f.name === op.timeoutField)?.default) : NaN;
	return {
		method: op.method,
		path,
		qs: Object.keys(qs).length > 0 ? qs : undefined,
		body: op.method === 'GET' || op.method === 'DELETE' ? undefined : body,
		timeoutMs: Number.isFinite(serverTimeout) ? Math.max(serverTimeout + TIMEOUT_HEADROOM_MS, DEFAULT_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS,
	};
}
