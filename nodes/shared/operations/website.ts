import { webLookupCommonEditor } from './fields';
import { nodeSpec } from './resolve';

export const website = nodeSpec({
	node: 'webDataWebsite',
	displayName: 'Web Data Website',
	description: "Discover a website's fonts and its competitors",
	categories: ['Marketing', 'Analytics'],
	searchKeywords: ['fonts', 'typography', 'competitors', 'market', 'domain'],
	operations: {
		webFonts: {
			value: 'getFonts',
			name: 'Get Fonts',
			action: 'Get the fonts of a website',
			description: 'List the font families, weights and sources a website uses',
			timeoutField: 'timeoutMS',
			fields: {
				...webLookupCommonEditor,
			},
		},
		webCompetitors: {
			value: 'getCompetitors',
			name: 'Get Competitors',
			action: 'Get the competitors of a website',
			description: 'List competitor domains of a website',
			timeoutField: 'timeoutMS',
			fields: {
				...webLookupCommonEditor,
				limit: {
					displayName: 'Limit',
					default: 10,
					description: 'Maximum number of competitor domains',
					v2: { onPanel: true, shownWhen: { returnAll: [false] } },
				},
			},
		},
	},
});
