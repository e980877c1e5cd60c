/**
 * The shape of the operations table: editor matters (labels, descriptions, placeholders, initial
 * values) and node behaviours on top of the contract's endpoints (contract/), which hold every
 * wire fact. Rows live beside this file, one file per node, and are resolved with the
 * contract by resolve.ts into the operations the nodes are built from.
 */
import type {
	EndpointId,
	FieldName,
	HttpMethod,
	JsonShape,
	OneOf,
	StringFormat,
	WireField,
} from '../../../contract';
import type { NodeVersion } from './versions';

export type { EndpointId, HttpMethod, NodeVersion };
export type FieldFormat = StringFormat;
export type { JsonShape };

/** An item's values for its operation's fields, keyed by API name. */
export type ItemValues = Readonly<Record<string, unknown>>;

/** How a value is entered in the editor, derived from its wire type. */
export type FieldKind =
	| 'string'
	| 'number'
	| 'boolean'
	| 'options'
	| 'multiOptions'
	/** An array of strings: one per line (or comma-separated), or an array from an expression. */
	| 'stringList'
	/** An object or array entered as JSON (or produced by an expression). */
	| 'json'
	/** A job's ID, picked from the jobs list, typed, or read from the job's URL. */
	| 'jobId';

/** The jobs a job ID picker lists: of one type, or all. */
export type JobPickerType = 'any' | 'crawl' | 'extract';

export interface FieldOption {
	name: string;
	value: string;
	description?: string;
}

/** An option's label, or its label and description. */
export type OptionLabel = string | { name: string; description?: string };

/** What the editor adds to a contract field. */
export interface EditorField {
	displayName: string;
	description: string;
	placeholder?: string;
	/** The editor's initial value: the API's default where the spec gives one. */
	default?: string | number | boolean | string[];
	/**
	 * Labels by value: every value of an enum field, or the values a text list offers (other
	 * values are still accepted, as the spec does not close the list).
	 */
	options?: Readonly<Record<string, OptionLabel>>;
	/** A line under the field in the editor. */
	hint?: string;
	/** Makes the field a job picker listing jobs of this type. */
	jobPicker?: JobPickerType;
	/** What differs in node version 2 (a saved version-1 workflow keeps the rest). */
	v2?: EditorFieldV2;
}

/** A field's editor entry in node version 2: what it changes of version 1's. */
export interface EditorFieldV2 extends Partial<Omit<EditorField, 'v2' | 'jobPicker'>> {
	/** Shown on the panel instead of in Options: the request cannot do without it (or a sibling). */
	onPanel?: boolean;
	/**
	 * Entered in seconds where the API takes milliseconds: bounds (and `default`, given in
	 * seconds) shown and checked in seconds, the value converted before sending.
	 */
	inSeconds?: boolean;
	/**
	 * On the panel, shown only while these parameters of a behaviour (Return All, Schema Type) have
	 * these values, and placed below them.
	 */
	shownWhen?: ShownWhen;
}

/** Values of top-level parameters that show a field (n8n's `displayOptions.show`). */
export type ShownWhen = Readonly<Record<string, ReadonlyArray<string | boolean>>>;

/**
 * Fields of which a request needs at least one, beyond each field's own checks (the API refuses
 * the request, or does nothing, without one). A boolean counts only when true unless
 * `falseCounts`. Checked before sending, with the item named (contract/checks.ts `firstUnmet`).
 */
export interface Need extends OneOf {
	/** The first node version that checks it (default 1: every version). */
	since?: NodeVersion;
}

/** A contract field with what the editor adds: the field the nodes work with. */
export interface FieldSpec extends WireField, Omit<EditorField, 'options' | 'v2'> {
	kind: FieldKind;
	/** On the panel: required, or an optional field version 2 shows there. */
	onPanel: boolean;
	/** The API's value is the entered one times this (1000: seconds entered, milliseconds sent). */
	scale?: number;
	/** See EditorFieldV2's `shownWhen`. */
	shownWhen?: ShownWhen;
	options?: readonly FieldOption[];
	/** For multiOptions: values outside `options` are still accepted. */
	openOptions?: boolean;
}

/** How a started job is awaited: polled on GET /jobs/{id} (`jobs`) or GET /extract/{id} (`extract`). */
export type JobKind = 'jobs' | 'extract';

/**
 * A row's flags: which behaviours the operation takes (and how: the job it waits for, the pages it
 * follows, the records it splits), beyond its single request.
 */
export interface OperationFlags {
	/** Starts a job that can be awaited, and how (`JobKind`). */
	job?: JobKind;
	/** Follows pages: the jobs list, a job's results, or a crawl's `next` links. */
	paginate?: 'jobList' | 'jobResults' | 'crawlNext';
	/** Returns one item per record by default: a map's links, a crawl's pages, a job's results. */
	recordKind?: 'links' | 'crawlPages' | 'jobResults';
	/** Offers a Simplify parameter returning the fields people use. */
	simplify?: 'brandProfile' | 'brandRecord';
	/** Offers Watch for Changes and Download Logo on the brand its `simplify` shape describes. */
	brandMonitoring?: boolean;
	/** Offers Schema Type: the `schema` field typed by hand or generated from a JSON example. */
	schemaFromExample?: boolean;
	/** The field (ms) that bounds the server's work; the HTTP timeout adds headroom to it. */
	timeoutField?: string;
	/** Fields of which the request needs one (see `Need`). */
	needs?: readonly Need[];
	/** From version 2 outputs the answer's `data`, not the API's `{success, data}` wrapper. */
	unwrapData?: boolean;
	/** Answer fields never output, in any version (a webhook's signing secret). */
	withheld?: readonly string[];
}

interface OperationLabels extends OperationFlags {
	/** The Operation dropdown value. */
	value: string;
	/** The Operation dropdown label. */
	name: string;
	/** The action label shown in the node panel and to AI agents. */
	action: string;
	description: string;
}

/**
 * A row of the table: an operation of a node on a contract endpoint, written under that
 * endpoint's id (`operations: { crawlStatus: { ... } }`), with an editor entry for each of its
 * fields.
 */
export interface OperationRow<E extends EndpointId> extends OperationLabels {
	fields: { readonly [K in FieldName<E>]: EditorField };
}

/** An operation resolved with its contract endpoint. */
export interface OperationSpec extends OperationLabels {
	/** The node version this operation is resolved for. */
	version: NodeVersion;
	endpoint: EndpointId;
	method: HttpMethod;
	/** Path below the base URL; `{name}` segments are filled from path fields. */
	path: string;
	fields: readonly FieldSpec[];
}

interface NodeLabels {
	/** The node's type name, e.g. `webDataBrand`. */
	node: string;
	displayName: string;
	description: string;
	/** The node panel's categories (codex). */
	categories: readonly string[];
	/** Words the node panel's search finds the node by (codex aliases). */
	searchKeywords: readonly string[];
}

/** A node as its file writes it: its rows keyed by endpoint id, in the editor's order. */
export interface NodeRows<E extends EndpointId> extends NodeLabels {
	operations: { readonly [K in E]: OperationRow<K> };
}

/** A node as the table describes it, resolved with the contract; `E` are the endpoints of its operations. */
export interface NodeSpec<E extends EndpointId = never> extends NodeLabels {
	/** The operations in the editor's order, at the latest node version. */
	operations: readonly OperationSpec[];
	/** The same operations by endpoint id: operations/index.ts checks every endpoint has one. */
	byEndpoint: { readonly [K in E]: OperationSpec };
	/** The operations as each node version has them (saved workflows keep their version). */
	versions: { readonly [V in NodeVersion]: readonly OperationSpec[] };
}
