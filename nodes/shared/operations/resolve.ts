/** Joins the table's editor rows with the contract's endpoints, keyed by endpoint id. */
import { ENDPOINTS, type EndpointId, type WireField, type WireType } from '../../../contract';
import type {
	EditorField,
	FieldKind,
	FieldOption,
	FieldSpec,
	OperationRow,
	OperationSpec,
	NodeRows,
	NodeSpec,
} from './types';
import { LATEST_VERSION, NODE_VERSIONS, type NodeVersion } from './versions';

const KINDS: Record<WireType, FieldKind> = {
	string: 'string',
	number: 'number',
	boolean: 'boolean',
	enum: 'options',
	stringArray: 'stringList',
	json: 'json',
};

function option(value: string, editor: EditorField): FieldOption {
	const label = editor.options?.[value];
	if (label === undefined) throw new Error(`"${editor.displayName}" has no label for ${value}`);
	return typeof label === 'string' ? { name: label, value } : { ...label, value };
}

/** The field's editor entry at a node version: version 2 applies its `v2` changes. */
function editorAt(editor: EditorField, version: NodeVersion) {
	const { v2, ...v1 } = editor;
	const { onPanel = false, inSeconds = false, ...changed } = version >= 2 ? (v2 ?? {}) : {};
	return { editor: { ...v1, ...changed }, onPanel, inSeconds };
}

const MS_PER_SECOND = 1000;

/**
 * A milliseconds field entered in seconds: its bounds in seconds, and the scale back. It needs an
 * upper bound: scaled past it, a number could reach Infinity, which JSON sends as `null`.
 */
function inSecondsField(wire: WireField): Partial<FieldSpec> {
	if (wire.max === undefined)
		throw new Error(`${wire.name}, entered in seconds, has no upper bound`);
	const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / MS_PER_SECOND);
	return { min: seconds(wire.min), max: seconds(wire.max), scale: MS_PER_SECOND };
}

function resolveField(wire: WireField, entry: EditorField, version: NodeVersion): FieldSpec {
	const { editor, onPanel, inSeconds } = editorAt(entry, version);
	const { options, ...shown } = editor;
	const field: FieldSpec = {
		...wire,
		...shown,
		...(inSeconds ? inSecondsField(wire) : {}),
		kind: KINDS[wire.type],
		onPanel: wire.required === true || onPanel,
	};
	if (editor.jobPicker) field.kind = 'jobId';
	if (wire.enum) field.options = wire.enum.map((value) => option(value, editor));
	else if (options)
		Object.assign(field, {
			kind: 'multiOptions',
			openOptions: true,
			options: Object.keys(options).map((value) => option(value, editor)),
		});
	return field;
}

function operation<E extends EndpointId>(
	id: E,
	row: OperationRow<E>,
	version: NodeVersion,
): OperationSpec {
	const { fields, ...labels } = row;
	const { method, path, fields: wire } = ENDPOINTS[id];
	const editor = fields as Record<string, EditorField>;
	return {
		...labels,
		version,
		endpoint: id,
		method,
		path,
		fields: wire.map((field: WireField) => resolveField(field, editor[field.name], version)),
	};
}

/**
 * A node with its rows resolved. `E`, the endpoints it has rows for, is read from the keys of
 * `operations`: a key that is no endpoint, a field the endpoint lacks or one left out fails to
 * compile.
 */
export function nodeSpec<E extends EndpointId>(rows: NodeRows<E>): NodeSpec<E> {
	const { operations, ...labels } = rows;
	const at = (version: NodeVersion) =>
		Object.fromEntries(
			(Object.keys(operations) as E[]).map((id) => [id, operation(id, operations[id], version)]),
		) as NodeSpec<E>['byEndpoint'];
	const versions: Record<NodeVersion, readonly OperationSpec[]> = { 1: [], 2: [] };
	for (const version of NODE_VERSIONS)
		versions[version] = Object.values<OperationSpec>(at(version));
	const byEndpoint = at(LATEST_VERSION);
	return {
		...labels,
		operations: Object.values<OperationSpec>(byEndpoint),
		byEndpoint,
		versions,
	};
}
