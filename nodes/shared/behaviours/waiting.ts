/** Wait for Completion: poll a job the operation started and return its results. */
import { NodeOperationError } from 'n8n-workflow';

import type { JobStart } from '../../../contract';
import { jobResultPages, jobWithAllResults } from '../jobs/pagination';
import { POLL_PAGE, statusRequest, waitForJob, type WaitOptions } from '../jobs/polling';
import { jobRecords } from '../records';
import { booleanOption, boundedNumber } from './optionBounds';
import { asRecords, type Behaviour, type OutputRecord, type TripContext } from './types';

export const DEFAULT_MAX_WAIT_S = 600;
export const DEFAULT_POLL_INTERVAL_S = 2;

const MAX_WAIT = { label: 'Max Wait (Seconds)', name: 'maxWait', min: 0.1, max: 86_400 };
const POLL_INTERVAL = {
	label: 'Poll Interval (Seconds)',
	name: 'pollInterval',
	min: 0.05,
	max: 3600,
};

async function finishJob(
	{ client, op }: TripContext,
	created: JobStart,
	wait: WaitOptions,
	toFile: boolean,
): Promise<OutputRecord[]> {
	const id = String(created.id ?? created.data?.id ?? '');
	// Without it the polls would go to GET /jobs/, the jobs list, until Max Wait.
	if (!id)
		throw new NodeOperationError(
			client.node,
			`The Web Data API returned no job ID for the started ${op.name} job`,
			{
				description:
					'The job may still run on the Web Data Service: look for it with Web Data Job > List.',
			},
		);
	const done = await waitForJob(client, op.job!, id, wait);
	if (done.kind === 'extract') {
		const { data, ...status } = done.body;
		return asRecords([{ ...status, ...(data ?? {}) }]);
	}
	const results = statusRequest('jobs', id);
	if (toFile)
		return [
			{
				json: { jobId: id, status: done.status },
				pages: jobResultPages(client, results, POLL_PAGE, done.body),
			},
		];
	const detail = await jobWithAllResults(client, results, POLL_PAGE, done.body);
	return asRecords(jobRecords(id, detail.data ?? {}, done.status));
}

export const waiting: Behaviour = {
	parameters: (op) =>
		op.job
			? [
					{
						displayName: 'Wait for Completion',
						name: 'waitForCompletion',
						type: 'boolean',
						default: true,
						description:
							'Whether to wait until the job finishes and return its results. Off: return the job ID at once (read it later with Web Data Job > Get).',
					},
				]
			: [],
	options: (op) =>
		op.job
			? [
					{
						displayName: 'Max Wait (Seconds)',
						name: 'maxWait',
						type: 'number',
						typeOptions: { minValue: MAX_WAIT.min, maxValue: MAX_WAIT.max },
						default: DEFAULT_MAX_WAIT_S,
						description:
							'How long to wait for the job before failing with its ID (fetch it later with Web Data Job > Get)',
						displayOptions: { show: { '/waitForCompletion': [true] } },
					},
					{
						displayName: 'Poll Interval (Seconds)',
						name: 'pollInterval',
						type: 'number',
						typeOptions: { minValue: POLL_INTERVAL.min, maxValue: POLL_INTERVAL.max },
						default: DEFAULT_POLL_INTERVAL_S,
						description: 'Time before the first status check; later checks back off from it',
						displayOptions: { show: { '/waitForCompletion': [true] } },
					},
				]
			: [],
	read(op, { get, options, outputMode }) {
		if (!op.job) return undefined;
		const on = booleanOption(
			get('waitForCompletion', true),
			'Wait for Completion',
			'waitForCompletion',
		);
		if (!on) return undefined;
		const wait: WaitOptions = {
			maxWaitMs: boundedNumber(options.maxWait ?? DEFAULT_MAX_WAIT_S, MAX_WAIT) * 1000,
			pollIntervalMs:
				boundedNumber(options.pollInterval ?? DEFAULT_POLL_INTERVAL_S, POLL_INTERVAL) * 1000,
		};
		const toFile = op.job === 'jobs' && outputMode === 'file';
		return (next, context) => async (request) => {
			// The next send's record is the answer that started the job.
			const [{ json: created }] = await next(request);
			return await finishJob(context, created as JobStart, wait, toFile);
		};
	},
};
