import { jobIdPath } from './fields';
import { operation } from './resolve';
import type { ResourceSpec } from './types';

export const crawl: ResourceSpec = {
	node: 'webDataCrawl',
	displayName: 'Web Data Crawl',
	description: 'Read the status and pages of a Web Data Service crawl',
	categories: ['Development', 'Data & Storage'],
	searchKeywords: ['crawl', 'crawler', 'spider', 'site pages'],
	operations: [
		operation({
			value: 'getStatus',
			name: 'Get Status',
			action: 'Get crawl status and pages',
			description: 'Get the status of a crawl and its scraped pages, following the next links',
			endpoint: 'crawlStatus',
			paginate: 'crawlNext',
			records: 'crawlPages',
			fields: {
				...jobIdPath('Crawl', 'crawl'),
				page: {
					displayName: 'Page',
					default: '1',
					description: 'The page of results to start from',
				},
			},
		}),
	],
};
