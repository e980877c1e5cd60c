import type { EndpointId, FieldName } from '../../../contract';
import { retrieveCommonEditor, TIMEOUT_V2 } from './fields';
import { nodeSpec } from './resolve';
import type { EditorField, OperationRow } from './types';

type RetrieveId = Extract<EndpointId, `brandRetrieve${string}`>;

/** A Retrieve row: its lookup fields, and the fields every retrieve endpoint shares. */
function retrieve<E extends RetrieveId>(
	value: string,
	name: string,
	what: string,
	lookup: { readonly [K in Exclude<FieldName<E>, keyof typeof retrieveCommonEditor>]: EditorField },
): OperationRow<E> {
	return {
		value,
		name,
		action: `Retrieve a brand by ${what}`,
		description: `Get the brand intelligence record of a company by ${what}`,
		simplify: 'brandRecord',
		brandMonitoring: true,
		timeoutField: 'timeoutMS',
		fields: { ...lookup, ...retrieveCommonEditor } as OperationRow<E>['fields'],
	};
}

export const brand = nodeSpec({
	node: 'webDataBrand',
	displayName: 'Web Data Brand',
	description: 'Brand intelligence for a website: logos, colors, fonts, socials and company facts',
	categories: ['Marketing', 'Sales'],
	searchKeywords: ['brand', 'logo', 'colors', 'company', 'enrichment', 'ticker', 'isin'],
	operations: {
		brandProfile: {
			value: 'getProfile',
			name: 'Get Profile',
			action: 'Get the brand profile of a website',
			description:
				"Build a website's brand profile: logos, images, colors, fonts, socials and design system",
			simplify: 'brandProfile',
			brandMonitoring: true,
			timeoutField: 'timeout',
			fields: {
				url: {
					displayName: 'URL',
					placeholder: 'https://example.com',
					default: '',
					description: 'The website to profile',
				},
				refresh: {
					displayName: 'Refresh',
					default: false,
					description: 'Whether to ignore a cached profile',
				},
				timeout: {
					displayName: 'Timeout',
					default: 30000,
					description: 'Timeout in milliseconds',
					v2: TIMEOUT_V2,
				},
			},
		},
		brandRetrieve: retrieve('retrieve', 'Retrieve by Domain', 'domain', {
			domain: {
				displayName: 'Domain',
				placeholder: 'example.com',
				default: '',
				description: 'The domain or URL of the brand',
			},
		}),
		brandRetrieveByName: retrieve('retrieveByName', 'Retrieve by Name', 'company name', {
			name: {
				displayName: 'Company Name',
				placeholder: 'Acme Inc',
				default: '',
				description: 'The name of the company to look up',
			},
			country_gl: {
				displayName: 'Country',
				placeholder: 'us',
				description: 'Two-letter country hint',
			},
		}),
		brandRetrieveByTicker: retrieve('retrieveByTicker', 'Retrieve by Ticker', 'stock ticker', {
			ticker: {
				displayName: 'Ticker',
				placeholder: 'AAPL',
				default: '',
				description: 'The stock ticker',
			},
			ticker_exchange: {
				displayName: 'Exchange',
				placeholder: 'NASDAQ',
				description: 'Exchange hint for the ticker',
			},
		}),
		brandRetrieveByEmail: retrieve('retrieveByEmail', 'Retrieve by Email', 'email address', {
			email: {
				displayName: 'Email',
				placeholder: 'name@example.com',
				default: '',
				description: 'An e-mail address; its domain is used',
			},
		}),
		brandRetrieveByIsin: retrieve('retrieveByIsin', 'Retrieve by ISIN', 'ISIN', {
			isin: {
				displayName: 'ISIN',
				placeholder: 'US0378331005',
				default: '',
				description: 'The International Securities Identification Number',
			},
		}),
	},
});
