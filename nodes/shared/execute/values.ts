/**
 * Step 3 of an item's trip: the values the item gives its operation's fields, keyed by API name,
 * as entered (validate.ts checks them): required fields at the top level, optional ones in the
 * Options collection, a job ID through its picker.
 */
import type { IDataObject } from 'n8n-workflow';

import { namesOf } from '../../../contract';
import type { OperationSpec } from '../endpoints/types';
import { jobIdValue } from '../jobs/picker';
import type { ParameterReader } from './parameters';
import type { FieldIssue } from './types';

export interface EnteredValues {
	values: Record<string, unknown>;
	/** The item's Options collection, as read once for the values and the behaviours. */
	options: IDataObject;
	/** Job IDs the picker could not read (a URL that is not a job's). */
	pickerIssues: FieldIssue[];
}

export function readValues(
	op: OperationSpec,
	itemIndex: number,
	read: ParameterReader,
): EnteredValues {
	const options = read('options', itemIndex, {}) as IDataObject;
	const values: Record<string, unknown> = {};
	const pickerIssues: FieldIssue[] = [];
	for (const field of op.fields) {
		if (field.kind === 'jobId') {
			const picked = jobIdValue(read(field.name, itemIndex, ''));
			if ('problem' in picked)
				pickerIssues.push({
					field: field.name,
					in: field.in,
					displayName: field.displayName,
					message: picked.problem,
					value: picked.got,
				});
			else values[field.name] = picked.id;
		} else if (field.required) values[field.name] = read(field.name, itemIndex, '');
		else for (const name of namesOf(field)) if (name in options) values[name] = options[name];
	}
	return { values, options, pickerIssues };
}
