/** The endpoint table as the tests walk it: every operation with its node. */
import { namesOf } from '../../contract';
import { NODES } from '../../nodes/shared/endpoints';
import type { FieldSpec, OperationSpec, NodeSpec } from '../../nodes/shared/endpoints';

export interface TableOperation {
	nodeSpec: NodeSpec;
	op: OperationSpec;
	/** `webDataBrand retrieve (GET /brand/retrieve)`, for test names. */
	label: string;
}

export const OPERATIONS: TableOperation[] = NODES.flatMap((nodeSpec) =>
	nodeSpec.operations.map((op) => ({
		nodeSpec,
		op,
		label: `${nodeSpec.node} ${op.value} (${op.method} ${op.path})`,
	})),
);

export function operation(node: string, value: string): TableOperation {
	const found = OPERATIONS.find((o) => o.nodeSpec.node === node && o.op.value === value);
	if (!found) throw new Error(`No operation ${node} ${value} in the endpoint table`);
	return found;
}

export function field(op: OperationSpec, name: string): FieldSpec {
	const found = op.fields.find((f) => namesOf(f).includes(name));
	if (!found) throw new Error(`No field ${name} in ${op.method} ${op.path}`);
	return found;
}

/** Every (operation, field) pair of the table, for field-level checks. */
export const FIELDS = OPERATIONS.flatMap((o) => o.op.fields.map((f) => ({ ...o, field: f })));
