/**
 * Return All: follow the pages of a list, a job's results or a crawl; one page otherwise. A crawl
 * without Return All follows `next` only until Limit page results are there.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { JobListResponse } from '../../../contract';
import {
	allJobs,
	crawlStatusPages,
	crawlWithAllPages,
	jobResultPages,
	jobWithAllResults,
} from '../jobs/pagination';
import { booleanOption, boundedNumber } from './optionBounds';
import { asRecords, wantsFile, type Behaviour } from './types';

const LIMIT = { label: 'Limit', name: 'limit', min: 1, max: 1_000_000, integer: true };

const returnAll: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/**
 * The crawl status endpoint has no page size: this limit is the node's own, counted in page
 * results; pages are read until this many are there, and no further. Default and wording are
 * n8n's own for a Limit (its node-param-*-for-limit rules), literal so that its scanner sees them.
 */
const crawlLimit: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: LIMIT.min, maxValue: LIMIT.max },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

export const paging: Behaviour = {
	switches: (op) => {
		if (!op.paginate) return [];
		return op.paginate === 'crawlNext' ? [returnAll, crawlLimit] : [returnAll];
	},
	options: () => [],
	read(op, { get, options }) {
		const kind = op.paginate;
		if (!kind) return undefined;
		const all = booleanOption(get('returnAll', false), 'Return All', 'returnAll');
		// The file output reads the pages as they arrive: they are not gathered here.
		const toFile = wantsFile(options);
		if (kind === 'crawlNext') {
			const limit = all ? Infinity : boundedNumber(get('limit', crawlLimit.default), LIMIT);
			return (_next, { client, values }) =>
				async (request) =>
					toFile
						? [{ json: {}, pages: crawlStatusPages(client, request, values, limit) }]
						: asRecords([await crawlWithAllPages(client, request, values, limit)]);
		}
		if (all) {
			return (_next, { client, values }) =>
				async (request) =>
					kind === 'jobResults' && toFile
						? [{ json: {}, pages: jobResultPages(client, request, values) }]
						: kind === 'jobList'
							? asRecords(await allJobs(client, request, values))
							: asRecords([await jobWithAllResults(client, request, values)]);
		}
		if (kind !== 'jobList') return undefined;
		// One page of the jobs list: one item per job.
		return (next) => async (request) => {
			const [{ json }] = await next(request);
			const body = json as JobListResponse;
			return asRecords(body.data?.jobs ?? []);
		};
	},
};
