import { body, webhookObject } from './fields';
import type { ResourceSpec } from './types';

export const brandAi: ResourceSpec = {
	node: 'webDataBrandAi',
	displayName: 'Web Data Brand AI',
	description: "Ask questions about a brand's website and extract product data with AI",
	aliases: ['brand', 'ai', 'question', 'product', 'ecommerce', 'catalog'],
	operations: [
		{
			value: 'query',
			name: 'Ask',
			action: 'Ask a question about a brand website',
			description: "Answer a question from a brand's website, with its source",
			method: 'POST',
			path: '/brand/ai/query',
			fields: [
				body({ name: 'query', displayName: 'Question', kind: 'string', required: true, default: '', placeholder: 'What is their refund policy?', description: 'The question to answer' }),
				body({ name: 'url', displayName: 'URL', kind: 'string', format: 'url', description: 'A fully-qualified HTTP(S) URL to answer from' }),
				body({ name: 'domain', displayName: 'Domain', kind: 'string', description: 'A bare domain, scraped when no URL is given' }),
			],
		},
		{
			value: 'extractProduct',
			name: 'Extract Product',
			action: 'Extract product data from a page',
			description: 'Extract name, price, images, SKU and availability from one product page',
			method: 'POST',
			path: '/brand/ai/product',
			fields: [
				body({ name: 'url', displayName: 'URL', kind: 'string', required: true, format: 'url', default: '', placeholder: 'https://shop.example.com/product/1', description: 'The product page' }),
				body({ name: 'directUrl', displayName: 'Direct URL', kind: 'boolean', description: 'Whether the URL is an exact marketplace or product URL' }),
			],
		},
		{
			value: 'extractProducts',
			name: 'Extract Products',
			action: 'Extract products from a shop',
			description: "Start a job that finds and extracts a brand's product pages, and wait for it",
			method: 'POST',
			path: '/brand/ai/products',
			job: 'jobs',
			fields: [
				body({ name: 'domain', displayName: 'Domain', kind: 'string', required: true, format: 'domainOrUrl', default: '', placeholder: 'shop.example.com', description: 'The domain or URL of the shop' }),
				body({ name: 'limit', displayName: 'Limit', kind: 'number', min: 1, max: 20, default: 10, description: 'Maximum number of product pages' }),
				webhookObject,
			],
		},
	],
};
