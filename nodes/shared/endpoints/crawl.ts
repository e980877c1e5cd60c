import { idPath, query } from './fields';
import type { ResourceSpec } from './types';

export const crawl: ResourceSpec = {
	node: 'webDataCrawl',
	displayName: 'Web Data Crawl',
	description: 'Read the status and pages of a Web Data Service crawl',
	aliases: ['crawl', 'crawler', 'spider', 'site pages'],
	operations: [
		{
			value: 'getStatus',
			name: 'Get Status',
			action: 'Get crawl status and pages',
			description: 'Get the status of a crawl and its scraped pages, following the next links',
			method: 'GET',
			path: '/crawl/{id}',
			paginate: 'crawlNext',
			fields: [
				idPath('Crawl'),
				query({ name: 'page', displayName: 'Page', kind: 'string', required: true, default: '1', description: 'The page of results to start from' }),
			],
		},
	],
};
