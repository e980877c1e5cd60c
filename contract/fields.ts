/** Field builders and the field groups several endpoints share, written once. */
import type { FieldLocation, WireField, WireType } from './types';

type Rule = Omit<WireField, 'name' | 'in' | 'type'>;

const at =
	<L extends FieldLocation>(location: L) =>
	<N extends string>(name: N, type: WireType, rule: Rule = {}) => ({
		name,
		in: location,
		type,
		...rule,
	});

export const body = at('body');
export const query = at('query');
export const idPath = at('path')('id', 'string', { required: true });
/** The page or site a POST works on. */
export const urlBody = body('url', 'string', { required: true, format: 'url' });

/**
 * Timeouts and waits the spec does not bound (the transcript's timeout, default 30000 ms; a batch
 * page's waitFor and timeout) are bounded by the longest timeout it states for any endpoint
 * (/map, 300000 ms): the request's own timer (timeout + 15 s of headroom) stays far below what
 * Node's timers hold (2^31 - 1 ms), past which a timer fires at once, and a huge value is refused
 * instead of being sent as the service could not read it (1e306 s in ms is sent as `null`).
 */
export const OPEN_TIMEOUT_MAX_MS = 300_000;

/** Per-page scrape options of POST /batch/scrape. */
export const batchScrapeOptions = [
	body('formats', 'stringArray'),
	body('onlyMainContent', 'boolean'),
	body('includeTags', 'stringArray'),
	body('excludeTags', 'stringArray'),
	body('waitFor', 'number', { min: 0, max: OPEN_TIMEOUT_MAX_MS }),
	body('timeout', 'number', { min: 0, max: OPEN_TIMEOUT_MAX_MS }),
	body('proxy', 'enum', {
		enum: ['auto', 'basic', 'datacenter', 'none', 'residential', 'stealth'],
	}),
	body('headers', 'json', { shape: 'headers' }),
	body('actions', 'json', { shape: 'actions' }),
];

/** Query parameters shared by GET /brand/retrieve and the four retrieve-by-* endpoints. */
export const retrieveCommon = [
	query('maxAgeMs', 'number', {
		min: 0,
		max: 7776000000,
		alternateNames: ['BrandRetrieveMaxAgeMs'],
	}),
	query('timeoutMS', 'number', { min: 1000, max: 120000 }),
	query('forceLanguage', 'string'),
	query('maxSpeed', 'boolean'),
];

/** Query parameters shared by GET /web/fonts and GET /web/competitors. */
export const webLookupCommon = [
	query('domain', 'string', { required: true, format: 'domainOrUrl' }),
	query('directUrl', 'string', { format: 'url' }),
	query('cacheMaxAgeMs', 'number', { min: 0, max: 604800000 }),
	query('timeoutMS', 'number', { min: 1000, max: 120000 }),
	query('maxSpeed', 'boolean'),
];

/** A job's own webhook: an object whose fields the spec does not show. */
export const webhookObject = body('webhook', 'json', { shape: 'object' });
