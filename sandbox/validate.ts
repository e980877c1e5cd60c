/**
 * Request validation with the contract's wire checks: values are gathered from the path, query
 * and body where the contract says each field goes.
 */
import { formatWireIssue, gatherWire, validateWire, type Endpoint } from '../contract';
import { HttpError } from './http';

export function validateRequest(
	endpoint: Endpoint,
	params: Record<string, string>,
	query: Record<string, string | string[]>,
	body: unknown,
): Record<string, unknown> {
	const bodyObject = body === undefined ? {} : body;
	if (
		endpoint.fields.some((field) => field.in === 'body') &&
		(bodyObject === null || typeof bodyObject !== 'object' || Array.isArray(bodyObject))
	) {
		throw new HttpError(400, 'The request body must be a JSON object');
	}
	const values = gatherWire(endpoint, {
		path: params,
		query,
		body: bodyObject as Record<string, unknown>,
	});
	const result = validateWire(endpoint.fields, values);
	if (!result.ok) {
		throw new HttpError(400, `Invalid request: ${result.issues.map(formatWireIssue).join('; ')}`, {
			issues: result.issues,
		});
	}
	return result.values;
}
