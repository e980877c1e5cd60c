/** Where wire values go in a request, by each field's location. */
import { wireNames } from './names';
import type { Endpoint, FieldLocation } from './types';

export type QueryValue = string | number | boolean;

export interface WireRequest {
	/** The endpoint's path with its `{name}` segments filled. */
	path: string;
	query: Record<string, QueryValue>;
	body: Record<string, unknown>;
}

/** Puts values (keyed by API name, alternate names allowed) where the endpoint takes them. */
export function placeWire(endpoint: Endpoint, values: Record<string, unknown>): WireRequest {
	const request: WireRequest = { path: endpoint.path, query: {}, body: {} };
	for (const [name, field] of wireNames(endpoint.fields)) {
		if (!(name in values)) continue;
		const value = values[name];
		if (field.in === 'path')
			request.path = request.path.replace(`{${name}}`, encodeURIComponent(String(value)));
		// Every query parameter of the spec is a single value (the table's tests hold rows to that).
		else if (field.in === 'query') request.query[name] = value as QueryValue;
		else request.body[name] = value;
	}
	return request;
}

/** The values a request carries for the endpoint's fields, read from where each field goes. */
export function gatherWire(
	endpoint: Endpoint,
	sources: Record<FieldLocation, Record<string, unknown>>,
): Record<string, unknown> {
	const values: Record<string, unknown> = {};
	for (const [name, field] of wireNames(endpoint.fields)) {
		if (Object.hasOwn(sources[field.in], name)) values[name] = sources[field.in][name];
	}
	return values;
}
