/**
 * Step 4 of an item's trip: the entered values checked with the contract's wire checks before
 * anything is sent. A problem names the field by its display name as well as its API name, and
 * the item; the result holds the coerced values.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { gotValue, validateWire, wireNames } from '../../../contract';
import type { OperationSpec } from '../endpoints/types';
import type { FieldIssue, ItemValues } from './types';
import type { EnteredValues } from './values';

type Checked = { ok: true; values: ItemValues } | { ok: false; issues: FieldIssue[] };

/** The wire checks of the operation's fields (alternate names allowed). */
function checkFields(op: OperationSpec, values: Record<string, unknown>): Checked {
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

/** The picker's problems first; a field the picker refused has no other problem reported. */
function withPickerIssues(checked: Checked, pickerIssues: FieldIssue[]): Checked {
	if (pickerIssues.length === 0) return checked;
	const others = (checked.ok ? [] : checked.issues).filter(
		(issue) => !pickerIssues.some((picked) => picked.field === issue.field),
	);
	return { ok: false, issues: [...pickerIssues, ...others] };
}

/** One readable sentence for an issue, e.g. `"Max Age (ms)" (maxAgeMs) must be at most 7776000000, got 9e12`. */
function formatIssue(issue: FieldIssue): string {
	return `"${issue.displayName}" (${issue.field}) ${issue.message}${gotValue(issue)}`;
}

/** The item's validated values; throws the item's error, naming every problem, otherwise. */
export function validateValues(
	ctx: IExecuteFunctions,
	op: OperationSpec,
	{ values, pickerIssues }: EnteredValues,
	itemIndex: number,
): ItemValues {
	const result = withPickerIssues(checkFields(op, values), pickerIssues);
	if (result.ok) return result.values;
	const messages = result.issues.map(formatIssue);
	throw new NodeOperationError(ctx.getNode(), `${messages[0]} [item ${itemIndex}]`, {
		itemIndex,
		description:
			`Nothing was sent to the Web Data API. ${messages.length > 1 ? `All problems: ${messages.join('; ')}` : ''}`.trim(),
	});
}
