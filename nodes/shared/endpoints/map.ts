import { body } from './fields';
import type { ResourceSpec } from './types';

export const map: ResourceSpec = {
	node: 'webDataMap',
	displayName: 'Web Data Map',
	description: "List a website's URLs with the Web Data Service",
	aliases: ['map', 'sitemap', 'site urls', 'links'],
	operations: [
		{
			value: 'map',
			name: 'Map',
			action: 'Map a site',
			description: "List a site's URLs with their titles and descriptions",
			method: 'POST',
			path: '/map',
			timeoutField: 'timeout',
			fields: [
				body({ name: 'url', displayName: 'URL', kind: 'string', required: true, format: 'url', default: '', placeholder: 'https://example.com', description: 'The site to map' }),
				body({ name: 'search', displayName: 'Search', kind: 'string', description: 'Only return URLs related to this search text' }),
				body({ name: 'limit', displayName: 'Limit', kind: 'number', min: 1, max: 1000, default: 100, description: 'Maximum number of URLs to return' }),
				body({
					name: 'sitemap', displayName: 'Sitemap', kind: 'options', default: 'include', description: 'How to use the sitemap',
					options: [
						{ name: 'Include', value: 'include', description: 'Use the sitemap and discover other URLs' },
						{ name: 'Only', value: 'only', description: 'Return only URLs from the sitemap' },
						{ name: 'Skip', value: 'skip', description: 'Ignore the sitemap' },
					],
				}),
				body({ name: 'includeSubdomains', displayName: 'Include Subdomains', kind: 'boolean', default: true, description: 'Whether to include URLs of subdomains' }),
				body({ name: 'location', displayName: 'Location (JSON)', kind: 'json', shape: 'object', default: '{}', description: 'A location object, as JSON, passed through as given (its fields are not documented)' }),
				body({ name: 'timeout', displayName: 'Timeout', kind: 'number', min: 1000, max: 300000, description: 'Timeout in milliseconds' }),
				body({ name: 'ignoreQueryParameters', displayName: 'Ignore Query Parameters', kind: 'boolean', default: true, description: 'Whether URLs that differ only in their query string count as one' }),
			],
		},
	],
};
