/**
 * The shape of the wire contract: what the Web Data Service accepts, per endpoint, as the spec
 * states it. Plain data, so that the nodes can load it inside n8n at no cost.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Where a field goes in the request. */
export type FieldLocation = 'path' | 'query' | 'body';

/**
 * A field's value on the wire. `enum` is text from `enum`; `stringArray` a list of text;
 * `json` an object or array whose content `shape` names.
 */
export type WireType = 'string' | 'number' | 'boolean' | 'enum' | 'stringArray' | 'json';

/** Shape checks for text fields, where the spec names one. */
export type StringFormat = 'url' | 'domainOrUrl' | 'email' | 'countryCode';

/** What a `json` field must hold; the named shapes are checked in jsonShapes.ts. */
export type JsonShape = 'object' | 'array' | 'any' | 'actions' | 'agent' | 'formats' | 'headers';

export interface WireField {
	/** The API's own name, sent as is. */
	name: string;
	in: FieldLocation;
	type: WireType;
	required?: boolean;
	min?: number;
	max?: number;
	/** A count or a page number: a whole number. */
	integer?: boolean;
	maxLength?: number;
	enum?: readonly string[];
	format?: StringFormat;
	shape?: JsonShape;
	/** Other names the API accepts for this field, checked by the same rules and sent as given. */
	alternateNames?: readonly string[];
}

export interface Endpoint {
	method: HttpMethod;
	/** Below the base URL; `{name}` segments are filled from path fields. */
	path: string;
	fields: readonly WireField[];
}
