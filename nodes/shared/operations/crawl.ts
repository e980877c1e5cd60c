import { jobIdPathEditor } from './fields';
import { nodeSpec } from './resolve';

export const crawl = nodeSpec({
	node: 'webDataCrawl',
	displayName: 'Web Data Crawl',
	description: 'Read the status and pages of a Web Data Service crawl',
	categories: ['Development', 'Data & Storage'],
	searchKeywords: ['crawl', 'crawler', 'spider', 'site pages'],
	operations: {
		crawlStatus: {
			value: 'getStatus',
			name: 'Get Status',
			action: 'Get crawl status and pages',
			description: 'Get the status of a crawl and its scraped pages, following the next links',
			paginate: 'crawlNext',
			recordKind: 'crawlPages',
			fields: {
				...jobIdPathEditor('Crawl', 'crawl'),
				page: {
					displayName: 'Page',
					default: '1',
					description: 'The page of results to start from',
				},
			},
		},
	},
});
