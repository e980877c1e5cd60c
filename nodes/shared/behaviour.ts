/**
 * Node parameters that are not API fields: waiting for jobs, paging, simplifying and pacing.
 * Their names never clash with API field names.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationSpec } from './endpoints/types';

export const DEFAULT_MAX_WAIT_S = 600;
export const DEFAULT_POLL_INTERVAL_S = 2;

/** Top-level switches an operation adds. */
export function behaviourSwitches(op: OperationSpec): INodeProperties[] {
	const switches: INodeProperties[] = [];
	if (op.job) {
		switches.push({
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: true,
			description:
				'Whether to wait until the job finishes and return its results. Off: return the job ID at once (read it later with Web Data Job > Get).',
		});
	}
	if (op.paginate) {
		switches.push({
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		});
	}
	if (op.simplify) {
		switches.push({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description: 'Whether to return only the fields most people use instead of the full record',
		});
	}
	return switches;
}

/** Options-collection entries an operation adds beside its optional API fields. */
export function behaviourOptions(op: OperationSpec): INodeProperties[] {
	const options: INodeProperties[] = [];
	if (op.job) {
		options.push(
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWait',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: DEFAULT_MAX_WAIT_S,
				description: 'How long to wait for the job before failing with its ID (fetch it later with Web Data Job > Get)',
				displayOptions: { show: { '/waitForCompletion': [true] } },
			},
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollInterval',
				type: 'number',
				typeOptions: { minValue: 0.1 },
				default: DEFAULT_POLL_INTERVAL_S,
				description: 'Time before the first status check; later checks back off from it',
				displayOptions: { show: { '/waitForCompletion': [true] } },
			},
		);
	}
	options.push({
		displayName: 'Max Concurrent Requests',
		name: 'maxConcurrentRequests',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 50 },
		default: 5,
		description:
			"Caps this node's requests in flight. It can only lower the limit: every execution using the same credential in this n8n process already shares your plan's concurrency and rate limit.",
	});
	return options;
}
