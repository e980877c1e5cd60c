/**
 * Every endpoint of the spec's endpoint list, with the fields it accepts: the spec encoded once.
 * test/contract/spec.test.ts holds this file to the spec's tables.
 */
import {
	batchScrapeOptions,
	body,
	idPath,
	OPEN_TIMEOUT_MAX_MS,
	query,
	retrieveCommon,
	urlBody,
	webhookObject,
	webLookupCommon,
} from './fields';
import type { Endpoint } from './types';

const retrieve = <F extends object>(path: string, lookup: F[]) =>
	({ method: 'GET', path, fields: [...lookup, ...retrieveCommon] }) as const;

export const ENDPOINTS = {
	// The spec shows no query parameters of GET /scrape beyond the URL it scrapes.
	scrape: {
		method: 'GET',
		path: '/scrape',
		fields: [query('url', 'string', { required: true, format: 'url' })],
	},
	batchScrape: {
		method: 'POST',
		path: '/batch/scrape',
		fields: [
			body('urls', 'stringArray', { required: true }),
			...batchScrapeOptions,
			body('maxConcurrency', 'number', { min: 1, max: 50, integer: true }),
			body('ignoreInvalidURLs', 'boolean'),
			body('zeroDataRetention', 'boolean'),
			webhookObject,
		],
	},
	crawlStatus: {
		method: 'GET',
		path: '/crawl/{id}',
		fields: [idPath, query('page', 'string', { required: true })],
	},
	map: {
		method: 'POST',
		path: '/map',
		fields: [
			urlBody,
			body('search', 'string'),
			body('limit', 'number', { min: 1, max: 1000, integer: true }),
			body('sitemap', 'enum', { enum: ['include', 'only', 'skip'] }),
			body('includeSubdomains', 'boolean'),
			body('location', 'json', { shape: 'object' }),
			body('timeout', 'number', { min: 1000, max: 300000 }),
			body('ignoreQueryParameters', 'boolean'),
		],
	},
	extract: {
		method: 'POST',
		path: '/extract',
		fields: [
			body('prompt', 'string', { required: true }),
			body('urls', 'stringArray'),
			body('schema', 'json', { shape: 'object' }),
			body('enableWebSearch', 'boolean'),
			body('agent', 'json', { shape: 'agent' }),
			body('scrapeOptions', 'json', { shape: 'object' }),
			webhookObject,
			body('ignoreSitemap', 'boolean'),
			body('includeSubdomains', 'boolean'),
			body('showSources', 'boolean'),
			body('ignoreInvalidURLs', 'boolean'),
		],
	},
	extractStatus: { method: 'GET', path: '/extract/{id}', fields: [idPath] },
	brandProfile: {
		method: 'POST',
		path: '/brand',
		fields: [
			urlBody,
			body('refresh', 'boolean'),
			body('timeout', 'number', { min: 1000, max: 120000 }),
		],
	},
	brandRetrieve: retrieve('/brand/retrieve', [
		query('domain', 'string', { required: true, format: 'domainOrUrl' }),
	]),
	brandRetrieveByName: retrieve('/brand/retrieve-by-name', [
		query('name', 'string', { required: true }),
		query('country_gl', 'string', { format: 'countryCode' }),
	]),
	brandRetrieveByTicker: retrieve('/brand/retrieve-by-ticker', [
		query('ticker', 'string', { required: true }),
		query('ticker_exchange', 'string'),
	]),
	brandRetrieveByEmail: retrieve('/brand/retrieve-by-email', [
		query('email', 'string', { required: true, format: 'email' }),
	]),
	brandRetrieveByIsin: retrieve('/brand/retrieve-by-isin', [
		query('isin', 'string', { required: true }),
	]),
	brandAiQuery: {
		method: 'POST',
		path: '/brand/ai/query',
		fields: [
			body('query', 'string', { required: true }),
			body('url', 'string', { format: 'url' }),
			body('domain', 'string', { format: 'domainOrUrl' }),
		],
	},
	brandAiProduct: {
		method: 'POST',
		path: '/brand/ai/product',
		fields: [urlBody, body('directUrl', 'boolean')],
	},
	brandAiProducts: {
		method: 'POST',
		path: '/brand/ai/products',
		fields: [
			body('domain', 'string', { required: true, format: 'domainOrUrl' }),
			body('limit', 'number', { min: 1, max: 20, integer: true }),
			webhookObject,
		],
	},
	youtubeTranscript: {
		method: 'POST',
		path: '/youtube/transcript',
		fields: [
			urlBody,
			body('formats', 'json', { shape: 'formats' }),
			body('timeout', 'number', { min: 0, max: OPEN_TIMEOUT_MAX_MS }),
		],
	},
	webFonts: { method: 'GET', path: '/web/fonts', fields: webLookupCommon },
	webCompetitors: {
		method: 'GET',
		path: '/web/competitors',
		fields: [
			...webLookupCommon,
			query('limit', 'number', {
				min: 1,
				max: 25,
				integer: true,
				alternateNames: ['numCompetitors'],
			}),
		],
	},
	account: { method: 'GET', path: '/account', fields: [] },
	jobList: {
		method: 'GET',
		path: '/jobs',
		fields: [
			query('type', 'enum', { enum: ['crawl', 'extract'] }),
			query('status', 'enum', { enum: ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] }),
			query('page', 'number', { min: 1, integer: true }),
			query('limit', 'number', { min: 1, max: 100, integer: true }),
		],
	},
	jobDetail: {
		method: 'GET',
		path: '/jobs/{id}',
		fields: [
			idPath,
			query('page', 'number', { min: 1, integer: true }),
			query('limit', 'number', { min: 1, max: 100, integer: true }),
		],
	},
	webhookUpdate: {
		method: 'PATCH',
		path: '/webhooks/{id}',
		fields: [
			idPath,
			body('url', 'string', { format: 'url' }),
			body('events', 'stringArray'),
			body('isActive', 'boolean'),
		],
	},
	webhookTest: {
		method: 'POST',
		path: '/webhooks/{id}/test',
		fields: [
			idPath,
			body('event', 'string', { required: true }),
			body('payload', 'json', { shape: 'any' }),
		],
	},
	webhookDelete: { method: 'DELETE', path: '/webhooks/{id}', fields: [idPath] },
} as const satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof ENDPOINTS;

/** The API names of an endpoint's fields (not their alternate names). */
export type FieldName<E extends EndpointId> = (typeof ENDPOINTS)[E]['fields'][number]['name'];
