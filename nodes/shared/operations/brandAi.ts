import { webhookObjectEditor } from './fields';
import { nodeSpec } from './resolve';

export const brandAi = nodeSpec({
	node: 'webDataBrandAi',
	displayName: 'Web Data Brand AI',
	description: "Ask questions about a brand's website and extract product data with AI",
	categories: ['Marketing', 'Sales'],
	searchKeywords: ['brand', 'ai', 'question', 'product', 'ecommerce', 'catalog'],
	operations: {
		brandAiQuery: {
			value: 'query',
			name: 'Ask',
			action: 'Ask a question about a brand website',
			description: "Answer a question from a brand's website, with its source",
			needs: [{ anyOf: ['url', 'domain'] }],
			fields: {
				query: {
					displayName: 'Question',
					placeholder: 'What is their refund policy?',
					default: '',
					description: 'The question to answer',
				},
				url: {
					displayName: 'URL',
					description: 'A fully-qualified HTTP(S) URL to answer from',
					v2: { onPanel: true, placeholder: 'https://example.com/faq', hint: 'Set URL or Domain' },
				},
				domain: {
					displayName: 'Domain',
					description: 'A bare domain, scraped when no URL is given',
					v2: { onPanel: true, placeholder: 'example.com' },
				},
			},
		},
		brandAiProduct: {
			value: 'extractProduct',
			name: 'Extract Product',
			action: 'Extract product data from a page',
			description: 'Extract name, price, images, SKU and availability from one product page',
			fields: {
				url: {
					displayName: 'URL',
					placeholder: 'https://shop.example.com/product/1',
					default: '',
					description: 'The product page',
				},
				directUrl: {
					displayName: 'Direct URL',
					description: 'Whether the URL is an exact marketplace or product URL',
				},
			},
		},
		brandAiProducts: {
			value: 'extractProducts',
			name: 'Extract Products',
			action: 'Extract products from a shop',
			description: "Start a job that finds and extracts a brand's product pages, and wait for it",
			job: 'jobs',
			fields: {
				domain: {
					displayName: 'Domain',
					placeholder: 'shop.example.com',
					default: '',
					description: 'The domain or URL of the shop',
				},
				limit: {
					displayName: 'Limit',
					default: 10,
					description: 'Maximum number of product pages',
					v2: { onPanel: true, shownWhen: { returnAll: [false] } },
				},
				...webhookObjectEditor,
			},
		},
	},
});
