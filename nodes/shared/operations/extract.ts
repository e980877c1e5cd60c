import { jobIdPathEditor, webhookObjectEditor } from './fields';
import { nodeSpec } from './resolve';

export const extract = nodeSpec({
	node: 'webDataExtract',
	displayName: 'Web Data Extract',
	description: 'Extract structured data from web pages or web search with AI',
	categories: ['Development', 'Data & Storage'],
	searchKeywords: ['extract', 'ai', 'llm', 'structured data', 'json schema'],
	operations: {
		extract: {
			value: 'extract',
			name: 'Extract',
			action: 'Extract structured data with AI',
			description: 'Start an AI extraction job over URLs or web search, and wait for its result',
			job: 'extract',
			schemaFromExample: true,
			needs: [{ anyOf: ['urls', 'enableWebSearch'] }],
			fields: {
				prompt: {
					displayName: 'Prompt',
					placeholder: 'Extract the company name, pricing tiers and contact e-mail',
					default: '',
					description: 'What to extract, in natural language',
				},
				urls: {
					displayName: 'URLs',
					description: 'URLs to extract from, one per line or comma-separated',
					v2: {
						onPanel: true,
						placeholder: 'https://example.com/pricing',
						hint: 'Set URLs, or turn on Enable Web Search',
					},
				},
				schema: {
					displayName: 'Schema (JSON)',
					default: '{}',
					description: 'A JSON Schema for the structured output',
					v2: {
						onPanel: true,
						shownWhen: { schemaType: ['jsonSchema'] },
						description: 'A JSON Schema for the structured output; {} leaves the shape to the AI',
					},
				},
				enableWebSearch: {
					displayName: 'Enable Web Search',
					default: false,
					description: 'Whether to use web search to discover URLs',
					v2: { onPanel: true },
				},
				agent: {
					displayName: 'Agent (JSON)',
					default: '{"mode": "default"}',
					description:
						'Agent configuration: {"mode": "default" or "smart", "model": "..."}. Smart uses a slower reasoning model.',
				},
				scrapeOptions: {
					displayName: 'Scrape Options (JSON)',
					default: '{}',
					description: 'Scrape options for each URL, as a JSON object',
				},
				...webhookObjectEditor,
				ignoreSitemap: {
					displayName: 'Ignore Sitemap',
					default: false,
					description: 'Whether to ignore the sitemap',
				},
				includeSubdomains: {
					displayName: 'Include Subdomains',
					default: true,
					description: 'Whether to include subdomains',
				},
				showSources: {
					displayName: 'Show Sources',
					default: false,
					description: 'Whether to include source citations',
				},
				ignoreInvalidURLs: {
					displayName: 'Ignore Invalid URLs',
					default: true,
					description: 'Whether invalid URLs are skipped instead of failing the request',
				},
			},
		},
		extractStatus: {
			value: 'getStatus',
			name: 'Get Status',
			action: 'Get an extraction job',
			description: 'Get the status and result of an extraction job',
			fields: {
				...jobIdPathEditor('Extract Job', 'extract'),
			},
		},
	},
});
