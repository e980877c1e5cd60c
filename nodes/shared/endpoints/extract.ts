import { body, idPath, webhookObject } from './fields';
import type { ResourceSpec } from './types';

export const extract: ResourceSpec = {
	node: 'webDataExtract',
	displayName: 'Web Data Extract',
	description: 'Extract structured data from web pages or web search with AI',
	aliases: ['extract', 'ai', 'llm', 'structured data', 'json schema'],
	operations: [
		{
			value: 'extract',
			name: 'Extract',
			action: 'Extract structured data with AI',
			description: 'Start an AI extraction job over URLs or web search, and wait for its result',
			method: 'POST',
			path: '/extract',
			job: 'extract',
			fields: [
				body({ name: 'prompt', displayName: 'Prompt', kind: 'string', required: true, default: '', placeholder: 'Extract the company name, pricing tiers and contact e-mail', description: 'What to extract, in natural language' }),
				body({ name: 'urls', displayName: 'URLs', kind: 'stringList', description: 'URLs to extract from, one per line or comma-separated' }),
				body({ name: 'schema', displayName: 'Schema (JSON)', kind: 'json', shape: 'object', default: '{}', description: 'A JSON Schema for the structured output' }),
				body({ name: 'enableWebSearch', displayName: 'Enable Web Search', kind: 'boolean', default: false, description: 'Whether to use web search to discover URLs' }),
				body({ name: 'agent', displayName: 'Agent (JSON)', kind: 'json', shape: 'agent', default: '{"mode": "default"}', description: 'Agent configuration: {"mode": "default" or "smart", "model": "..."}. Smart uses a slower reasoning model.' }),
				body({ name: 'scrapeOptions', displayName: 'Scrape Options (JSON)', kind: 'json', shape: 'object', default: '{}', description: 'Scrape options for each URL, as a JSON object' }),
				webhookObject,
				body({ name: 'ignoreSitemap', displayName: 'Ignore Sitemap', kind: 'boolean', default: false, description: 'Whether to ignore the sitemap' }),
				body({ name: 'includeSubdomains', displayName: 'Include Subdomains', kind: 'boolean', default: true, description: 'Whether to include subdomains' }),
				body({ name: 'showSources', displayName: 'Show Sources', kind: 'boolean', default: false, description: 'Whether to include source citations' }),
				body({ name: 'ignoreInvalidURLs', displayName: 'Ignore Invalid URLs', kind: 'boolean', default: true, description: 'Whether invalid URLs are skipped instead of failing the request' }),
			],
		},
		{
			value: 'getStatus',
			name: 'Get Status',
			action: 'Get an extraction job',
			description: 'Get the status and result of an extraction job',
			method: 'GET',
			path: '/extract/{id}',
			fields: [idPath('Extract Job')],
		},
	],
};
