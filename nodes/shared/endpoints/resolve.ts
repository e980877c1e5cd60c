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

function resolveField(wire: WireField, editor: EditorField): FieldSpec {
	const { options, ...shown } = editor;
	const field: FieldSpec = { ...wire, ...shown, kind: KINDS[wire.type] };
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

function operation<E extends EndpointId>(id: E, row: OperationRow<E>): OperationSpec {
	const { fields, ...labels } = row;
	const { method, path, fields: wire } = ENDPOINTS[id];
	const editor = fields as Record<string, EditorField>;
	return {
		...labels,
		endpoint: id,
		method,
		path,
		fields: wire.map((field: WireField) => resolveField(field, editor[field.name])),
	};
}

/**
 * A node with its rows resolved. `E`, the endpoints it has rows for, is read from the keys of
 * `operations`: a key that is no endpoint, a field the endpoint lacks or one left out fails to
 * compile.
 */
export function nodeSpec<E extends EndpointId>(rows: NodeRows<E>): NodeSpec<E> {
	const { operations, ...labels } = rows;
	const byEndpoint = Object.fromEntries(
		(Object.keys(operations) as E[]).map((id) => [id, operation(id, operations[id])]),
	) as NodeSpec<E>['byEndpoint'];
	return { ...labels, operations: Object.values<OperationSpec>(byEndpoint), byEndpoint };
}
