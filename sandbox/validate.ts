/**
 * Request validation with the nodes' own validateFields, so the sandbox refuses exactly what the
 * nodes refuse to send: values are gathered from the path, query and body by the table's `in`.
 */
import type { OperationSpec } from '../nodes/shared/endpoints';
import { formatIssue, validateFields } from '../nodes/shared/validation';
import { HttpError } from './http';

export function validateRequest(
	op: OperationSpec,
	params: Record<string, string>,
	query: Record<string, string | string[]>,
	body: unknown,
): Record<string, unknown> {
	const bodyObject = body === undefined ? {} : body;
	if (op.fields.some((field) => field.in === 'body') && (bodyObject === null || typeof bodyObject !== 'object' || Array.isArray(bodyObject))) {
		throw new HttpError(400, 'The request body must be a JSON object');
	}
	const sources = { path: params, query, body: bodyObject as Record<string, unknown> };
	const values: Record<string, unknown> = {};
	for (const field of op.fields) {
		const from = sources[field.in];
		for (const name of [field.name, ...(field.aliases ?? [])]) {
			if (Object.hasOwn(from, name)) values[name] = from[name];
		}
	}
	const result = validateFields(op, values);
	if (!result.ok) {
		throw new HttpError(400, `Invalid request: ${result.issues.map(formatIssue).join('; ')}`, { issues: result.issues });
	}
	return result.values;
}
