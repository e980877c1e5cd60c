/**
 * Watch for Changes: compare each brand with what the same lookup returned in the previous
 * production execution, and output only the brands that are new or changed. A lookup is saved as
 * seen only once its item is output (TripContext.onDelivered): a failed item, or a node that
 * fails, leaves the saved state as it was, and the next run reports the change again.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	changedFields,
	WATCHED_FIELD_NAMES,
	WATCHED_FIELDS,
	watchableFields,
	watchedKeys,
	watchedValues,
} from '../brand/changes';
import { LookupMemory, lookupKey } from '../brand/lookupMemory';
import { SIMPLIFIERS } from './simplify';
import { booleanOption, choiceList } from './optionBounds';
import type { Behaviour } from './types';

const show = { displayOptions: { show: { watchForChanges: [true] } } };

/** One memory per node execution: its items run concurrently and share it. */
const memories = new WeakMap<IExecuteFunctions, LookupMemory>();

function memoryOf(exec: IExecuteFunctions): LookupMemory {
	let memory = memories.get(exec);
	if (!memory) {
		memory = LookupMemory.in(exec.getWorkflowStaticData('node'));
		memories.set(exec, memory);
	}
	return memory;
}

export const watching: Behaviour = {
	parameters: (op) =>
		op.brandMonitoring && op.simplify
			? [
					{
						displayName: 'Watch for Changes',
						name: 'watchForChanges',
						type: 'boolean',
						default: false,
						description:
							'Whether to output only brands that are new or changed since the previous production execution of this workflow: the simplified record, with what changed',
					},
					{
						displayName:
							'Only production executions (schedule, trigger, webhook, active workflow) save what was seen. A manual run compares with the saved state but saves nothing.',
						name: 'watchNotice',
						type: 'notice',
						default: '',
						...show,
					},
					{
						displayName: 'Watched Fields',
						name: 'watchedFields',
						type: 'multiOptions',
						options: watchableFields(op.simplify)
							.map((value) => ({ name: WATCHED_FIELDS[value].label, value }))
							.sort((a, b) => a.name.localeCompare(b.name)),
						default: [...watchableFields(op.simplify)],
						description:
							'The fields whose changes count. Colors compare as a set (order and hex case ignored), logos by their URLs, socials by network and URL. Values are kept whole only when small (at most 64 bytes as JSON each, 192 per lookup): a change from a larger value has no before.',
						...show,
					},
				]
			: [],
	options: () => [],
	read(op, { get }) {
		const shape = op.simplify;
		if (!op.brandMonitoring || !shape) return undefined;
		if (!booleanOption(get('watchForChanges', false), 'Watch for Changes', 'watchForChanges'))
			return undefined;
		const keys = watchedKeys(
			shape,
			choiceList(
				get('watchedFields', WATCHED_FIELD_NAMES),
				watchableFields(shape),
				'Watched Fields',
				'watchedFields',
			),
		);
		if (keys.length === 0)
			throw new Error(
				`Watched Fields must name at least one of: ${watchableFields(shape)
					.map((name) => WATCHED_FIELDS[name].label)
					.join(', ')}`,
			);
		const alreadySimplified = booleanOption(get('simplify', false), 'Simplify', 'simplify');
		return (next, { exec, values, onDelivered }) =>
			async (request) => {
				const records = await next(request);
				const memory = memoryOf(exec);
				const key = lookupKey(op, values);
				return records.flatMap(({ json }) => {
					const record = alreadySimplified ? json : SIMPLIFIERS[shape](json);
					const seen = watchedValues(record, keys);
					const before = memory.recall(key);
					// Seen only once delivered: if this item or the node fails, the next run reports it.
					onDelivered(() => memory.remember(key, seen));
					if (!before) return [{ json: { ...record, change: { status: 'new', fields: [] } } }];
					const fields = changedFields(before, seen);
					if (fields.length === 0) return [];
					return [{ json: { ...record, change: { status: 'changed', fields } as IDataObject } }];
				});
			};
	},
};
