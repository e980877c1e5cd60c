/** The endpoint table as the tests walk it: every operation with its node. */
import { namesOf } from '../../contract';
import { NODES } from '../../nodes/shared/endpoints';
import type { FieldSpec, OperationSpec } from '../../nodes/shared/endpoints';

export const OPERATIONS = NODES.flatMap((nodeSpec) =>
	nodeSpec.operations.map((op) => ({
		nodeSpec,
		op,
		/** `webDataBrand retrieve (GET /brand/retrieve)`, for test names. */
		label: `${nodeSpec.node} ${op.value} (${op.method} ${op.path})`,
	})),
);

export function operation(node: string, value: string) {
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
