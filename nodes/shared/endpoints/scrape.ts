import { batchScrapeOptions, body, query, webhookObject } from './fields';
import type { ResourceSpec } from './types';

export const scrape: ResourceSpec = {
	node: 'webDataScrape',
	displayName: 'Web Data Scrape',
	description: 'Scrape one URL or a batch of URLs with the Web Data Service',
	aliases: ['scrape', 'scraper', 'crawl', 'markdown', 'html', 'web page'],
	operations: [
		{
			value: 'scrape',
			name: 'Scrape',
			action: 'Scrape a URL',
			description: 'Scrape a single URL and return its content',
			method: 'GET',
			path: '/scrape',
			// The spec shows no query parameters of GET /scrape beyond the URL it scrapes.
			fields: [
				query({ name: 'url', displayName: 'URL', kind: 'string', required: true, format: 'url', default: '', placeholder: 'https://example.com', description: 'The URL to scrape. Page options (formats, tags, proxy, actions) are on Batch Scrape.' }),
			],
		},
		{
			value: 'batchScrape',
			name: 'Batch Scrape',
			action: 'Batch scrape many pages',
			description: 'Scrape many URLs in one job, and wait for the pages',
			method: 'POST',
			path: '/batch/scrape',
			job: 'jobs',
			fields: [
				body({ name: 'urls', displayName: 'URLs', kind: 'stringList', required: true, default: '', placeholder: 'https://example.com/a\nhttps://example.com/b', description: 'The URLs to scrape, one per line or comma-separated (or an expression returning an array)' }),
				...batchScrapeOptions,
				body({ name: 'maxConcurrency', displayName: 'Max Concurrency', kind: 'number', min: 1, max: 50, description: 'Concurrent scrapes for this batch' }),
				body({ name: 'ignoreInvalidURLs', displayName: 'Ignore Invalid URLs', kind: 'boolean', default: true, description: 'Whether to skip invalid URLs and process the remaining valid ones' }),
				body({ name: 'zeroDataRetention', displayName: 'Zero Data Retention', kind: 'boolean', default: false, description: 'Whether the service keeps no data of this batch (needs activation on the account)' }),
				webhookObject,
			],
		},
	],
};
