/** Return All: follow the pages of a list, a job's results or a crawl; one page otherwise. */
import type { IDataObject } from 'n8n-workflow';

import { allJobs, crawlWithAllPages, jobWithAllResults } from '../jobs/pagination';
import { asRecords, type Behaviour } from './types';

export const paging: Behaviour = {
	switches: (op) =>
		op.paginate
			? [
					{
						displayName: 'Return All',
						name: 'returnAll',
						type: 'boolean',
						default: false,
						description: 'Whether to return all results or only up to a given limit',
					},
				]
			: [],
	options: () => [],
	read(op, { get }) {
		const kind = op.paginate;
		if (!kind) return undefined;
		if (get('returnAll', false) as boolean) {
			return (_next, { client }) =>
				async (request) => {
					if (kind === 'jobList') return asRecords(await allJobs(client, request));
					if (kind === 'jobResults') return asRecords([await jobWithAllResults(client, request)]);
					return asRecords([await crawlWithAllPages(client, request)]);
				};
		}
		if (kind !== 'jobList') return undefined;
		// One page of the jobs list: one item per job.
		return (next) => async (request) => {
			const [{ json: body }] = await next(request);
			return asRecords(
				((body.data as IDataObject | undefined)?.jobs as IDataObject[] | undefined) ?? [],
			);
		};
	},
};
