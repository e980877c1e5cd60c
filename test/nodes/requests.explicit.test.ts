/**
 * Hand-written requests with real values, one or more per operation: what a user types, and the
 * exact request the Web Data API must receive.
 */
import type { INodeParameters } from 'n8n-workflow';

import { BEARER, mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';

useNock();

interface Case {
	name: string;
	node: string;
	parameters: INodeParameters;
	method: string;
	path: string;
	query?: Record<string, string>;
	body?: unknown;
}

const CASES: Case[] = [
	{
		name: 'Brand > Get Profile with refresh and timeout',
		node: 'webDataBrand',
		parameters: {
			operation: 'getProfile',
			url: 'https://acme.com',
			options: { refresh: true, timeout: 45000 },
		},
		method: 'POST',
		path: '/brand',
		body: { url: 'https://acme.com', refresh: true, timeout: 45000 },
	},
	{
		name: 'Brand > Retrieve by Domain with the common query parameters',
		node: 'webDataBrand',
		parameters: {
			operation: 'retrieve',
			domain: 'https://www.acme.com/about',
			options: { maxAgeMs: 86400000, timeoutMS: 20000, forceLanguage: 'fr', maxSpeed: true },
		},
		method: 'GET',
		path: '/brand/retrieve',
		query: {
			domain: 'https://www.acme.com/about',
			maxAgeMs: '86400000',
			timeoutMS: '20000',
			forceLanguage: 'fr',
			maxSpeed: 'true',
		},
	},
	{
		name: 'Brand > Retrieve by Name with a country hint',
		node: 'webDataBrand',
		parameters: { operation: 'retrieveByName', name: 'Acme Inc', options: { country_gl: 'us' } },
		method: 'GET',
		path: '/brand/retrieve-by-name',
		query: { name: 'Acme Inc', country_gl: 'us' },
	},
	{
		name: 'Brand > Retrieve by Ticker with an exchange',
		node: 'webDataBrand',
		parameters: {
			operation: 'retrieveByTicker',
			ticker: 'AAPL',
			options: { ticker_exchange: 'NASDAQ', maxAgeMs: 0 },
		},
		method: 'GET',
		path: '/brand/retrieve-by-ticker',
		query: { ticker: 'AAPL', ticker_exchange: 'NASDAQ', maxAgeMs: '0' },
	},
	{
		name: 'Brand > Retrieve by Email',
		node: 'webDataBrand',
		parameters: { operation: 'retrieveByEmail', email: 'jane.doe@acme.com', options: {} },
		method: 'GET',
		path: '/brand/retrieve-by-email',
		query: { email: 'jane.doe@acme.com' },
	},
	{
		name: 'Brand > Retrieve by ISIN',
		node: 'webDataBrand',
		parameters: { operation: 'retrieveByIsin', isin: 'US0378331005', options: { maxSpeed: false } },
		method: 'GET',
		path: '/brand/retrieve-by-isin',
		query: { isin: 'US0378331005', maxSpeed: 'false' },
	},
	{
		name: 'Brand AI > Ask about a bare domain',
		node: 'webDataBrandAi',
		parameters: {
			operation: 'query',
			query: 'What is the refund policy?',
			options: { domain: 'acme.com' },
		},
		method: 'POST',
		path: '/brand/ai/query',
		body: { query: 'What is the refund policy?', domain: 'acme.com' },
	},
	{
		name: 'Brand AI > Extract Product from a marketplace URL',
		node: 'webDataBrandAi',
		parameters: {
			operation: 'extractProduct',
			url: 'https://shop.acme.com/p/42',
			options: { directUrl: true },
		},
		method: 'POST',
		path: '/brand/ai/product',
		body: { url: 'https://shop.acme.com/p/42', directUrl: true },
	},
	{
		name: 'Brand AI > Extract Products without waiting',
		node: 'webDataBrandAi',
		parameters: {
			operation: 'extractProducts',
			domain: 'shop.acme.com',
			waitForCompletion: false,
			options: { limit: 5 },
		},
		method: 'POST',
		path: '/brand/ai/products',
		body: { domain: 'shop.acme.com', limit: 5 },
	},
	{
		name: 'YouTube > Get Transcript of a short link',
		node: 'webDataYouTube',
		parameters: {
			operation: 'getTranscript',
			url: 'https://youtu.be/dQw4w9WgXcQ',
			options: { formats: '["markdown"]', timeout: 60000 },
		},
		method: 'POST',
		path: '/youtube/transcript',
		body: { url: 'https://youtu.be/dQw4w9WgXcQ', formats: ['markdown'], timeout: 60000 },
	},
	{
		name: 'Map with search, limit, sitemap and location',
		node: 'webDataMap',
		parameters: {
			operation: 'map',
			url: 'https://acme.com',
			options: {
				search: 'pricing',
				limit: 50,
				sitemap: 'only',
				includeSubdomains: false,
				location: '{"country": "US"}',
				timeout: 60000,
				ignoreQueryParameters: false,
			},
		},
		method: 'POST',
		path: '/map',
		body: {
			url: 'https://acme.com',
			search: 'pricing',
			limit: 50,
			sitemap: 'only',
			includeSubdomains: false,
			location: { country: 'US' },
			timeout: 60000,
			ignoreQueryParameters: false,
		},
	},
	{
		name: 'Account > Get',
		node: 'webDataAccount',
		parameters: { operation: 'get' },
		method: 'GET',
		path: '/account',
		query: {},
	},
	{
		name: 'Scrape > Batch Scrape with page options, without waiting',
		node: 'webDataScrape',
		parameters: {
			operation: 'batchScrape',
			urls: 'https://acme.com/a\nhttps://acme.com/b, https://acme.com/c',
			waitForCompletion: false,
			options: {
				formats: ['markdown', 'links'],
				onlyMainContent: false,
				proxy: 'stealth',
				maxConcurrency: 10,
				ignoreInvalidURLs: false,
				zeroDataRetention: true,
				headers: '{"User-Agent": "n8n"}',
				actions: '[{"type": "wait", "milliseconds": 1000}]',
				waitFor: 250,
			},
		},
		method: 'POST',
		path: '/batch/scrape',
		body: {
			urls: ['https://acme.com/a', 'https://acme.com/b', 'https://acme.com/c'],
			formats: ['markdown', 'links'],
			onlyMainContent: false,
			proxy: 'stealth',
			maxConcurrency: 10,
			ignoreInvalidURLs: false,
			zeroDataRetention: true,
			headers: { 'User-Agent': 'n8n' },
			actions: [{ type: 'wait', milliseconds: 1000 }],
			waitFor: 250,
		},
	},
	{
		name: 'Scrape > Scrape one URL: the URL is its only query parameter',
		node: 'webDataScrape',
		parameters: { operation: 'scrape', url: 'https://acme.com/blog?lang=en' },
		method: 'GET',
		path: '/scrape',
		query: { url: 'https://acme.com/blog?lang=en' },
	},
	{
		name: 'Extract with schema, agent and sources, without waiting',
		node: 'webDataExtract',
		parameters: {
			operation: 'extract',
			prompt: 'Company name and pricing tiers',
			waitForCompletion: false,
			options: {
				urls: 'https://acme.com/pricing',
				schema: '{"type": "object", "properties": {"name": {"type": "string"}}}',
				enableWebSearch: true,
				agent: '{"mode": "smart"}',
				showSources: true,
			},
		},
		method: 'POST',
		path: '/extract',
		body: {
			prompt: 'Company name and pricing tiers',
			urls: ['https://acme.com/pricing'],
			schema: { type: 'object', properties: { name: { type: 'string' } } },
			enableWebSearch: true,
			agent: { mode: 'smart' },
			showSources: true,
		},
	},
	{
		name: 'Extract > Get Status',
		node: 'webDataExtract',
		parameters: { operation: 'getStatus', id: 'ext_9' },
		method: 'GET',
		path: '/extract/ext_9',
		query: {},
	},
	{
		name: 'Job > List filtered, one page',
		node: 'webDataJob',
		parameters: {
			operation: 'list',
			returnAll: false,
			options: { type: 'crawl', status: 'COMPLETED', page: 2, limit: 10 },
		},
		method: 'GET',
		path: '/jobs',
		query: { type: 'crawl', status: 'COMPLETED', page: '2', limit: '10' },
	},
	{
		name: 'Job > Get one page of results',
		node: 'webDataJob',
		parameters: {
			operation: 'get',
			id: 'job_42',
			returnAll: false,
			options: { page: 3, limit: 20 },
		},
		method: 'GET',
		path: '/jobs/job_42',
		query: { page: '3', limit: '20' },
	},
	{
		name: 'Job > Get with an ID that needs encoding',
		node: 'webDataJob',
		parameters: { operation: 'get', id: 'a/b c?d', returnAll: false },
		method: 'GET',
		path: '/jobs/a%2Fb%20c%3Fd',
		query: {},
	},
	{
		name: 'Crawl > Get Status of one page',
		node: 'webDataCrawl',
		parameters: { operation: 'getStatus', id: 'crawl_7', page: '2', returnAll: false },
		method: 'GET',
		path: '/crawl/crawl_7',
		query: { page: '2' },
	},
	{
		name: 'Website > Get Fonts of an exact URL',
		node: 'webDataWebsite',
		parameters: {
			operation: 'getFonts',
			domain: 'acme.com',
			options: {
				directUrl: 'https://acme.com/landing',
				cacheMaxAgeMs: 3600000,
				timeoutMS: 15000,
				maxSpeed: true,
			},
		},
		method: 'GET',
		path: '/web/fonts',
		query: {
			domain: 'acme.com',
			directUrl: 'https://acme.com/landing',
			cacheMaxAgeMs: '3600000',
			timeoutMS: '15000',
			maxSpeed: 'true',
		},
	},
	{
		name: 'Website > Get Competitors with a limit',
		node: 'webDataWebsite',
		parameters: { operation: 'getCompetitors', domain: 'acme.com', options: { limit: 5 } },
		method: 'GET',
		path: '/web/competitors',
		query: { domain: 'acme.com', limit: '5' },
	},
	{
		name: 'Webhook > Update events, state and URL',
		node: 'webDataWebhook',
		parameters: {
			operation: 'update',
			id: 'wh_1',
			options: {
				events: 'crawl.completed\nbatch.completed',
				isActive: false,
				url: 'https://hooks.acme.com/in',
			},
		},
		method: 'PATCH',
		path: '/webhooks/wh_1',
		body: {
			events: ['crawl.completed', 'batch.completed'],
			isActive: false,
			url: 'https://hooks.acme.com/in',
		},
	},
	{
		name: 'Webhook > Test with a custom payload',
		node: 'webDataWebhook',
		parameters: {
			operation: 'test',
			id: 'wh_1',
			event: 'crawl.completed',
			options: { payload: '{"hello": "world"}' },
		},
		method: 'POST',
		path: '/webhooks/wh_1/test',
		body: { event: 'crawl.completed', payload: { hello: 'world' } },
	},
	{
		name: 'Webhook > Delete',
		node: 'webDataWebhook',
		parameters: { operation: 'delete', id: 'wh_1' },
		method: 'DELETE',
		path: '/webhooks/wh_1',
		query: {},
	},
];

test.each(CASES)('$name', async ({ node, parameters, method, path, query, body }) => {
	const api = mockApi();

	const { error } = await runNode({ type: node, parameters });

	expect(error).toBeUndefined();
	expect(api.apiRequests()).toHaveLength(1);
	const [request] = api.apiRequests();
	expect({
		method: request.method,
		path: request.path,
		query: request.query,
		body: request.body,
	}).toEqual({ method, path, query: query ?? {}, body });
	expect(request.headers.authorization).toBe(BEARER);
});

test('expressions are resolved per item before the request is built', async () => {
	const api = mockApi();

	const { error } = await runNode({
		type: 'webDataBrand',
		parameters: {
			operation: 'retrieve',
			domain: '={{ $json.site }}',
			options: { timeoutMS: '={{ $json.wait }}' },
		},
		items: [
			{ site: 'acme.com', wait: 5000 },
			{ site: 'globex.com', wait: 6000 },
		],
	});

	expect(error).toBeUndefined();
	expect(api.apiRequests().map((r) => r.query)).toEqual([
		{ domain: 'acme.com', timeoutMS: '5000' },
		{ domain: 'globex.com', timeoutMS: '6000' },
	]);
});
