import { TIMEOUT_V2 } from './fields';
import { nodeSpec } from './resolve';

export const map = nodeSpec({
	node: 'webDataMap',
	displayName: 'Web Data Map',
	description: "List a website's URLs with the Web Data Service",
	categories: ['Development', 'Data & Storage'],
	searchKeywords: ['map', 'sitemap', 'site urls', 'links'],
	operations: {
		map: {
			value: 'map',
			name: 'Map',
			action: 'Map a site',
			description: "List a site's URLs with their titles and descriptions",
			recordKind: 'links',
			timeoutField: 'timeout',
			fields: {
				url: {
					displayName: 'URL',
					placeholder: 'https://example.com',
					default: '',
					description: 'The site to map',
				},
				search: {
					displayName: 'Search',
					description: 'Only return URLs related to this search text',
				},
				limit: {
					displayName: 'Limit',
					default: 50,
					description: 'Maximum number of URLs to return; without Limit the API returns up to 100',
					v2: { onPanel: true, shownWhen: { returnAll: [false] } },
				},
				sitemap: {
					displayName: 'Sitemap',
					default: 'include',
					options: {
						include: { name: 'Include', description: 'Use the sitemap and discover other URLs' },
						only: { name: 'Only', description: 'Return only URLs from the sitemap' },
						skip: { name: 'Skip', description: 'Ignore the sitemap' },
					},
					description: 'How to use the sitemap',
				},
				includeSubdomains: {
					displayName: 'Include Subdomains',
					default: true,
					description: 'Whether to include URLs of subdomains',
				},
				location: {
					displayName: 'Location (JSON)',
					default: '{}',
					description:
						'A location object, as JSON, passed through as given (its fields are not documented)',
				},
				timeout: { displayName: 'Timeout', description: 'Timeout in milliseconds', v2: TIMEOUT_V2 },
				ignoreQueryParameters: {
					displayName: 'Ignore Query Parameters',
					default: true,
					description: 'Whether URLs that differ only in their query string count as one',
				},
			},
		},
	},
});
