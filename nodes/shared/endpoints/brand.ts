import { body, query, retrieveCommon } from './fields';
import type { FieldSpec, OperationSpec, ResourceSpec } from './types';

function retrieve(
	value: string,
	name: string,
	what: string,
	path: string,
	lookup: FieldSpec[],
): OperationSpec {
	return {
		value,
		name,
		action: `Retrieve a brand by ${what}`,
		description: `Get the brand intelligence record of a company by ${what}`,
		method: 'GET',
		path,
		simplify: 'brandRecord',
		timeoutField: 'timeoutMS',
		fields: [...lookup, ...retrieveCommon],
	};
}

export const brand: ResourceSpec = {
	node: 'webDataBrand',
	displayName: 'Web Data Brand',
	description: 'Brand intelligence for a website: logos, colors, fonts, socials and company facts',
	aliases: ['brand', 'logo', 'colors', 'company', 'enrichment', 'ticker', 'isin'],
	operations: [
		{
			value: 'getProfile',
			name: 'Get Profile',
			action: 'Get the brand profile of a website',
			description: "Build a website's brand profile: logos, images, colors, fonts, socials and design system",
			method: 'POST',
			path: '/brand',
			simplify: 'brandProfile',
			timeoutField: 'timeout',
			fields: [
				body({ name: 'url', displayName: 'URL', kind: 'string', required: true, format: 'url', default: '', placeholder: 'https://example.com', description: 'The website to profile' }),
				body({ name: 'refresh', displayName: 'Refresh', kind: 'boolean', default: false, description: 'Whether to ignore a cached profile' }),
				body({ name: 'timeout', displayName: 'Timeout', kind: 'number', min: 1000, max: 120000, default: 30000, description: 'Timeout in milliseconds' }),
			],
		},
		retrieve('retrieve', 'Retrieve by Domain', 'domain', '/brand/retrieve', [
			query({ name: 'domain', displayName: 'Domain', kind: 'string', required: true, format: 'domainOrUrl', default: '', placeholder: 'example.com', description: 'The domain or URL of the brand' }),
		]),
		retrieve('retrieveByName', 'Retrieve by Name', 'company name', '/brand/retrieve-by-name', [
			query({ name: 'name', displayName: 'Company Name', kind: 'string', required: true, default: '', placeholder: 'Acme Inc', description: 'The name of the company to look up' }),
			query({ name: 'country_gl', displayName: 'Country', kind: 'string', format: 'countryCode', placeholder: 'us', description: 'Two-letter country hint' }),
		]),
		retrieve('retrieveByTicker', 'Retrieve by Ticker', 'stock ticker', '/brand/retrieve-by-ticker', [
			query({ name: 'ticker', displayName: 'Ticker', kind: 'string', required: true, default: '', placeholder: 'AAPL', description: 'The stock ticker' }),
			query({ name: 'ticker_exchange', displayName: 'Exchange', kind: 'string', placeholder: 'NASDAQ', description: 'Exchange hint for the ticker' }),
		]),
		retrieve('retrieveByEmail', 'Retrieve by Email', 'email address', '/brand/retrieve-by-email', [
			query({ name: 'email', displayName: 'Email', kind: 'string', required: true, format: 'email', default: '', placeholder: 'name@example.com', description: "An e-mail address; its domain is used" }),
		]),
		retrieve('retrieveByIsin', 'Retrieve by ISIN', 'ISIN', '/brand/retrieve-by-isin', [
			query({ name: 'isin', displayName: 'ISIN', kind: 'string', required: true, default: '', placeholder: 'US0378331005', description: 'The International Securities Identification Number' }),
		]),
	],
};
