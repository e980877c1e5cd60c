import { query, webLookupCommon } from './fields';
import type { ResourceSpec } from './types';

export const website: ResourceSpec = {
	node: 'webDataWebsite',
	displayName: 'Web Data Website',
	description: "Discover a website's fonts and its competitors",
	aliases: ['fonts', 'typography', 'competitors', 'market', 'domain'],
	operations: [
		{
			value: 'getFonts',
			name: 'Get Fonts',
			action: 'Get the fonts of a website',
			description: 'List the font families, weights and sources a website uses',
			method: 'GET',
			path: '/web/fonts',
			timeoutField: 'timeoutMS',
			fields: webLookupCommon,
		},
		{
			value: 'getCompetitors',
			name: 'Get Competitors',
			action: 'Get the competitors of a website',
			description: 'List competitor domains of a website',
			method: 'GET',
			path: '/web/competitors',
			timeoutField: 'timeoutMS',
			fields: [
				...webLookupCommon,
				query({ name: 'limit', displayName: 'Limit', kind: 'number', min: 1, max: 25, default: 10, aliases: ['numCompetitors'], description: 'Maximum number of competitor domains' }),
			],
		},
	],
};
