import { idPath, query } from './fields';
import type { ResourceSpec } from './types';

const STATUS_OPTIONS = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'].map((value) => ({
	name: value.charAt(0) + value.slice(1).toLowerCase(),
	value,
}));

export const job: ResourceSpec = {
	node: 'webDataJob',
	displayName: 'Web Data Job',
	description: 'List Web Data Service jobs and read their results',
	aliases: ['job', 'jobs', 'status', 'results', 'queue'],
	operations: [
		{
			value: 'list',
			name: 'List',
			action: 'List jobs',
			description: 'List crawl and extract jobs, filtered by type and status',
			method: 'GET',
			path: '/jobs',
			paginate: 'jobList',
			fields: [
				query({
					name: 'type', displayName: 'Type', kind: 'options', description: 'Only jobs of this type',
					options: [{ name: 'Crawl', value: 'crawl' }, { name: 'Extract', value: 'extract' }],
				}),
				query({ name: 'status', displayName: 'Status', kind: 'options', options: STATUS_OPTIONS, description: 'Only jobs in this status' }),
				query({ name: 'page', displayName: 'Page', kind: 'number', min: 1, default: 1, description: 'The page to return (or to start from with Return All)' }),
				query({ name: 'limit', displayName: 'Limit', kind: 'number', min: 1, max: 100, default: 25, description: 'Max number of jobs per page' }),
			],
		},
		{
			value: 'get',
			name: 'Get',
			action: 'Get a job and its results',
			description: 'Get a job with its results and per-URL errors',
			method: 'GET',
			path: '/jobs/{id}',
			paginate: 'jobResults',
			fields: [
				idPath('Job'),
				query({ name: 'page', displayName: 'Page', kind: 'number', min: 1, default: 1, description: 'The page of results to return (or to start from with Return All)' }),
				query({ name: 'limit', displayName: 'Limit', kind: 'number', min: 1, max: 100, default: 50, description: 'Max number of results per page' }),
			],
		},
	],
};
