import { ENDPOINTS } from '../../../contract';
import { jobIdPathEditor } from './fields';
import { nodeSpec } from './resolve';

const statuses = ENDPOINTS.jobList.fields.find((field) => field.name === 'status')?.enum ?? [];
const STATUS_LABELS = Object.fromEntries(
	statuses.map((value) => [value, value.charAt(0) + value.slice(1).toLowerCase()]),
);

export const job = nodeSpec({
	node: 'webDataJob',
	displayName: 'Web Data Job',
	description: 'List Web Data Service jobs and read their results',
	categories: ['Development'],
	searchKeywords: ['job', 'jobs', 'status', 'results', 'queue'],
	operations: {
		jobList: {
			value: 'list',
			name: 'List',
			action: 'List jobs',
			description: 'List crawl and extract jobs, filtered by type and status',
			paginate: 'jobList',
			fields: {
				type: {
					displayName: 'Type',
					options: { crawl: 'Crawl', extract: 'Extract' },
					description: 'Only jobs of this type',
				},
				status: {
					displayName: 'Status',
					options: STATUS_LABELS,
					description: 'Only jobs in this status',
					// Version 1 starts at the first label, Cancelled: rarely the jobs one looks for.
					v2: { default: 'COMPLETED' },
				},
				page: {
					displayName: 'Page',
					default: 1,
					description: 'The page to return (or to start from with Return All)',
				},
				limit: {
					displayName: 'Limit',
					default: 50,
					description: 'Max number of jobs per page; without Limit the API sends 25',
					v2: {
						onPanel: true,
						shownWhen: { returnAll: [false] },
						description: 'Max number of jobs to return',
					},
				},
			},
		},
		jobDetail: {
			value: 'get',
			name: 'Get',
			action: 'Get a job and its results',
			description: 'Get a job with its results and per-URL errors',
			paginate: 'jobResults',
			recordKind: 'jobResults',
			fields: {
				...jobIdPathEditor('Job', 'any'),
				page: {
					displayName: 'Page',
					default: 1,
					description: 'The page of results to return (or to start from with Return All)',
				},
				limit: {
					displayName: 'Limit',
					default: 50,
					description: 'Max number of results per page',
					v2: {
						onPanel: true,
						shownWhen: { returnAll: [false] },
						description: 'Max number of results to return',
					},
				},
			},
		},
	},
});
