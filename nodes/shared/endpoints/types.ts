/**
 * The shape of the endpoint table. Every node's operations, parameters, validation and
 * request building are derived from rows of these types; the rows live beside this file,
 * one file per resource. Rows are plain data so that loading the nodes stays cheap.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** How a value is entered in the editor and checked before sending. */
export type FieldKind =
	| 'string'
	| 'number'
	| 'boolean'
	| 'options'
	| 'multiOptions'
	/** An array of strings: one per line (or comma-separated), or an array from an expression. */
	| 'stringList'
	/** An object or array entered as JSON (or produced by an expression). */
	| 'json';

/** Shape checks for string fields, where the spec names one. */
export type FieldFormat = 'url' | 'domainOrUrl' | 'email' | 'countryCode';

/** What a `json` field must hold. Named shapes are defined in validation.ts. */
export type JsonShape = 'object' | 'array' | 'any' | 'actions' | 'agent' | 'formats';

export interface FieldOption {
	name: string;
	value: string;
	description?: string;
}

export interface FieldSpec {
	/** The API's own field name, sent as is. */
	name: string;
	displayName: string;
	in: 'path' | 'query' | 'body';
	kind: FieldKind;
	description: string;
	required?: boolean;
	/** The API's default where the spec gives one; also the editor's initial value. */
	default?: string | number | boolean | string[];
	min?: number;
	max?: number;
	maxLength?: number;
	options?: readonly FieldOption[];
	/** For multiOptions: values outside `options` are still accepted (the spec does not close the list). */
	openOptions?: boolean;
	format?: FieldFormat;
	shape?: JsonShape;
	/** Alternate API names accepted from JSON or expressions; validated with the same rules, sent as given. */
	aliases?: readonly string[];
	placeholder?: string;
}

/** Node behaviour an operation adds on top of its single request. */
export interface OperationBehaviour {
	/** Starts a job that can be awaited: poll GET /jobs/{id} or GET /extract/{id}. */
	job?: 'jobs' | 'extract';
	/** Follows pages: the jobs list, a job's results, or a crawl's `next` links. */
	paginate?: 'jobList' | 'jobResults' | 'crawlNext';
	/** Offers a Simplify switch returning the fields people use. */
	simplify?: 'brandProfile' | 'brandRecord';
	/** The field (ms) that bounds the server's work; the HTTP timeout adds headroom to it. */
	timeoutField?: string;
}

export interface OperationSpec extends OperationBehaviour {
	/** The Operation dropdown value. */
	value: string;
	/** The Operation dropdown label. */
	name: string;
	/** The action label shown in the node panel and to AI agents. */
	action: string;
	description: string;
	method: HttpMethod;
	/** Path below the base URL; `{name}` segments are filled from path fields. */
	path: string;
	fields: readonly FieldSpec[];
}

export interface ResourceSpec {
	/** The node's type name, e.g. `webDataBrand`. */
	node: string;
	displayName: string;
	description: string;
	/** Codex aliases for the node panel search. */
	aliases: readonly string[];
	operations: readonly OperationSpec[];
}
