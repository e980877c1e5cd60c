/**
 * Checks an item's values with the contract's wire checks before anything is sent, and names
 * each problem with the field's display name as well as its API name.
 */
import { gotValue, validateWire, wireNames, type WireIssue } from '../../../contract';
import type { OperationSpec } from '../endpoints/types';

export interface FieldIssue extends WireIssue {
	displayName: string;
}

export type ValidationResult =
	| { ok: true; values: Record<string, unknown> }
	| { ok: false; issues: FieldIssue[] };

/** Validates one item's values (keyed by API name, alternate names allowed); the result holds coerced values. */
export function validateFields(
	op: OperationSpec,
	values: Record<string, unknown>,
): ValidationResult {
	const result = validateWire(op.fields, values);
	if (result.ok) return result;
	const fields = wireNames(op.fields);
	return {
		ok: false,
		issues: result.issues.map((issue) => ({
			...issue,
			displayName: fields.get(issue.field)?.displayName ?? issue.field,
		})),
	};
}

/** One readable sentence for an issue, e.g. `"Max Age (ms)" (maxAgeMs) must be at most 7776000000, got 9e12`. */
export function formatIssue(issue: FieldIssue): string {
	return `"${issue.displayName}" (${issue.field}) ${issue.message}${gotValue(issue)}`;
}
