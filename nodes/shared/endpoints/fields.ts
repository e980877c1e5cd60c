/** Field groups that several endpoints share, written once. */
import type { FieldSpec } from './types';

export const PROXY_OPTIONS = [
	{ name: 'Auto', value: 'auto', description: 'Start direct and escalate only when blocked' },
	{ name: 'Basic', value: 'basic', description: 'Alias for None' },
	{ name: 'Datacenter', value: 'datacenter' },
	{ name: 'None', value: 'none' },
	{ name: 'Residential', value: 'residential' },
	{ name: 'Stealth', value: 'stealth' },
] as const;

/** The spec names only `markdown`; the others are common values passed through as given. */
export const FORMAT_OPTIONS = [
	{ name: 'HTML', value: 'html' },
	{ name: 'Links', value: 'links' },
	{ name: 'Markdown', value: 'markdown' },
	{ name: 'Raw HTML', value: 'rawHtml' },
	{ name: 'Screenshot', value: 'screenshot' },
] as const;

const body = (field: Omit<FieldSpec, 'in'>): FieldSpec => ({ in: 'body', ...field });
const query = (field: Omit<FieldSpec, 'in'>): FieldSpec => ({ in: 'query', ...field });

export const idPath = (what: string): FieldSpec => ({
	name: 'id',
	displayName: `${what} ID`,
	in: 'path',
	kind: 'string',
	required: true,
	default: '',
	description: `The ID of the ${what.toLowerCase()}`,
});

/** Per-page scrape options of POST /batch/scrape. */
export const batchScrapeOptions: FieldSpec[] = [
	body({ name: 'formats', displayName: 'Formats', kind: 'multiOptions', options: FORMAT_OPTIONS, openOptions: true, default: ['markdown'], description: 'Output formats for each page' }),
	body({ name: 'onlyMainContent', displayName: 'Only Main Content', kind: 'boolean', default: true, description: 'Whether to return only the main content, without headers, navigation and footers' }),
	body({ name: 'includeTags', displayName: 'Include Tags', kind: 'stringList', description: 'HTML tags to include, one per line or comma-separated' }),
	body({ name: 'excludeTags', displayName: 'Exclude Tags', kind: 'stringList', description: 'HTML tags to exclude, one per line or comma-separated' }),
	body({ name: 'waitFor', displayName: 'Wait For', kind: 'number', min: 0, default: 0, description: 'Milliseconds to wait for the page to load before scraping' }),
	body({ name: 'timeout', displayName: 'Timeout', kind: 'number', min: 0, default: 30000, description: 'Timeout for each page, in milliseconds' }),
	body({ name: 'proxy', displayName: 'Proxy', kind: 'options', options: PROXY_OPTIONS, default: 'auto', description: 'Proxy type. Auto starts direct and escalates only when blocked.' }),
	body({ name: 'headers', displayName: 'Headers (JSON)', kind: 'json', shape: 'object', default: '{}', description: 'Custom HTTP headers sent with each page request, as a JSON object' }),
	body({ name: 'actions', displayName: 'Actions (JSON)', kind: 'json', shape: 'actions', default: '[]', description: 'Actions to perform on each page, as a JSON array. Items may be strings or action objects ({"type": "wait", "milliseconds": 1000}).' }),
];

/** Query parameters shared by GET /brand/retrieve and the four retrieve-by-* endpoints. */
export const retrieveCommon: FieldSpec[] = [
	query({ name: 'maxAgeMs', displayName: 'Max Age', kind: 'number', min: 0, max: 7776000000, aliases: ['BrandRetrieveMaxAgeMs'], description: 'Maximum cache age in milliseconds before the record is refreshed, 90 days at most' }),
	query({ name: 'timeoutMS', displayName: 'Timeout', kind: 'number', min: 1000, max: 120000, description: 'Timeout hint in milliseconds' }),
	query({ name: 'forceLanguage', displayName: 'Force Language', kind: 'string', placeholder: 'en', description: 'Preferred language hint' }),
	query({ name: 'maxSpeed', displayName: 'Max Speed', kind: 'boolean', default: false, description: 'Whether to prefer the fastest existing fetch path' }),
];

/** Query parameters shared by GET /web/fonts and GET /web/competitors. */
export const webLookupCommon: FieldSpec[] = [
	query({ name: 'domain', displayName: 'Domain', kind: 'string', required: true, format: 'domainOrUrl', default: '', placeholder: 'example.com', description: 'The website to inspect: a domain or a URL' }),
	query({ name: 'directUrl', displayName: 'Direct URL', kind: 'string', format: 'url', description: 'Inspect this exact URL instead of deriving the homepage' }),
	query({ name: 'cacheMaxAgeMs', displayName: 'Cache Max Age', kind: 'number', min: 0, max: 604800000, description: 'Maximum cache age in milliseconds, 7 days at most' }),
	query({ name: 'timeoutMS', displayName: 'Timeout', kind: 'number', min: 1000, max: 120000, description: 'Timeout hint in milliseconds' }),
	query({ name: 'maxSpeed', displayName: 'Max Speed', kind: 'boolean', default: false, description: 'Whether to prefer the fastest existing fetch path' }),
];

export const webhookObject = body({
	name: 'webhook',
	displayName: 'Webhook (JSON)',
	kind: 'json',
	shape: 'object',
	default: '{}',
	description: 'A webhook for this job, as a JSON object passed through as given (its fields are not documented)',
});

export { body, query };
