/**
 * Return All: follow the pages of a list, a job's results or a crawl; one page otherwise. A crawl
 * without Return All follows `next` only until Limit page results are there.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { FieldSpec, OperationSpec } from '../operations/types';

import type { JobListResponse } from '../../../contract';
import type { ApiRequest } from '../transport/apiRequest';
import type { WebDataClient } from '../transport/client';
import {
	allJobs,
	crawlStatusPages,
	crawlWithAllPages,
	jobResultPages,
	jobWithAllResults,
} from '../jobs/pagination';
import { booleanOption, boundedNumber } from './optionBounds';
import { asRecords, type Behaviour, type Send } from './types';

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

/**
 * Reads every page through `next`, the send below paging: a page is the one record it gives (the
 * answer as it came). The client lends only its node, for the errors, and its base URL, to check
 * a crawl's `next` URL against.
 */
function pageReader(
	next: Send,
	client: WebDataClient,
): Pick<WebDataClient, 'node' | 'request' | 'baseUrl'> {
	return {
		node: client.node,
		request: async <T>(request: ApiRequest) => (await next(request))[0].json as T,
		baseUrl: async () => await client.baseUrl(),
	};
}

/**
 * Version 2's Limit of a list on the panel, with Return All beside it (Crawl > Get Status has its
 * own, the node's, in every version). Return All sends the API's largest limit: all there is for
 * a list of one request (Map, Competitors, Extract Products), the fewest pages for the lists
 * whose pages are followed (Job > List, Job > Get).
 */
export function panelLimit(op: OperationSpec): FieldSpec | undefined {
	if (op.version < 2) return undefined;
	return op.fields.find((field) => field.name === 'limit' && field.onPanel);
}

export const paging: Behaviour = {
	parameters: (op) => {
		if (!op.paginate) return panelLimit(op) ? [returnAll] : [];
		return op.paginate === 'crawlNext' ? [returnAll, crawlLimit] : [returnAll];
	},
	options: () => [],
	read(op, { get, outputMode }) {
		const kind = op.paginate;
		if (!kind) return undefined;
		const all = booleanOption(get('returnAll', false), 'Return All', 'returnAll');
		// The file output reads the pages as they arrive: they are not gathered here.
		const toFile = outputMode === 'file';
		if (kind === 'crawlNext') {
			const limit = all ? Infinity : boundedNumber(get('limit', crawlLimit.default), LIMIT);
			return (next, { client, values }) =>
				async (request) => {
					const reader = pageReader(next, client);
					return toFile
						? [{ json: {}, pages: crawlStatusPages(reader, request, values, limit) }]
						: asRecords([await crawlWithAllPages(reader, request, values, limit)]);
				};
		}
		if (all) {
			return (next, { client, values }) =>
				async (request) => {
					const reader = pageReader(next, client);
					if (kind === 'jobResults' && toFile)
						return [{ json: {}, pages: jobResultPages(reader, request, values) }];
					return kind === 'jobList'
						? asRecords(await allJobs(reader, request, values))
						: asRecords([await jobWithAllResults(reader, request, values)]);
				};
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
