/**
 * Return All: follow the pages of a list, a job's results or a crawl; one page otherwise. A crawl
 * without Return All follows `next` only until Limit page results are there.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	allJobs,
	crawlStatusPages,
	crawlWithAllPages,
	jobResultPages,
	jobWithAllResults,
} from '../jobs/pagination';
import { booleanOption, boundedNumber } from './optionBounds';
import { asRecords, wantsFile, type Behaviour } from './types';

export const DEFAULT_CRAWL_LIMIT = 50;
const LIMIT = { label: 'Limit', name: 'limit', min: 1, max: 1_000_000, integer: true };

const returnAll: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** The crawl status endpoint has no page size: this limit is the node's own. */
const crawlLimit: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: LIMIT.min, maxValue: LIMIT.max },
	default: DEFAULT_CRAWL_LIMIT,
	description:
		'Max number of page results to return. Pages are read until this many results are there, and no further.',
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
			const limit = all ? Infinity : boundedNumber(get('limit', DEFAULT_CRAWL_LIMIT), LIMIT);
			return (_next, { client }) =>
				async (request) =>
					toFile
						? [{ json: {}, pages: crawlStatusPages(client, request, limit) }]
						: asRecords([await crawlWithAllPages(client, request, limit)]);
		}
		if (all) {
			return (_next, { client }) =>
				async (request) =>
					kind === 'jobResults' && toFile
						? [{ json: {}, pages: jobResultPages(client, request) }]
						: kind === 'jobList'
							? asRecords(await allJobs(client, request))
							: asRecords([await jobWithAllResults(client, request)]);
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
