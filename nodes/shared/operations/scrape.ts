import { batchScrapeOptionsEditor, webhookObjectEditor } from './fields';
import { nodeSpec } from './resolve';

export const scrape = nodeSpec({
	node: 'webDataScrape',
	displayName: 'Web Data Scrape',
	description: 'Scrape one URL or a batch of URLs with the Web Data Service',
	categories: ['Development', 'Data & Storage'],
	searchKeywords: ['scrape', 'scraper', 'crawl', 'markdown', 'html', 'web page'],
	operations: {
		scrape: {
			value: 'scrape',
			name: 'Scrape',
			action: 'Scrape a URL',
			description: 'Scrape a single URL and return its content',
			fields: {
				url: {
					displayName: 'URL',
					placeholder: 'https://example.com',
					default: '',
					description:
						'The URL to scrape. Page options (formats, tags, proxy, actions) are on Batch Scrape.',
				},
			},
		},
		batchScrape: {
			value: 'batchScrape',
			name: 'Batch Scrape',
			action: 'Batch scrape many pages',
			description: 'Scrape many URLs in one job, and wait for the pages',
			job: 'jobs',
			fields: {
				urls: {
					displayName: 'URLs',
					placeholder: 'https://example.com/a\nhttps://example.com/b',
					default: '',
					description:
						'The URLs to scrape, one per line or comma-separated (or an expression returning an array)',
				},
				...batchScrapeOptionsEditor,
				maxConcurrency: {
					displayName: 'Max Concurrency',
					description: 'Concurrent scrapes for this batch',
					// Beside the node's own Max Concurrent Requests, a name that tells them apart (a
					// new label moves the option in the sorted list, so version 1 keeps its own).
					v2: {
						displayName: 'Service Concurrency',
						description:
							"How many of this batch's URLs the Web Data Service scrapes at once, on its side (not this node's Max Concurrent Requests)",
					},
				},
				ignoreInvalidURLs: {
					displayName: 'Ignore Invalid URLs',
					default: true,
					description: 'Whether to skip invalid URLs and process the remaining valid ones',
				},
				zeroDataRetention: {
					displayName: 'Zero Data Retention',
					default: false,
					description:
						'Whether the service keeps no data of this batch (needs activation on the account)',
				},
				...webhookObjectEditor,
			},
		},
	},
});
