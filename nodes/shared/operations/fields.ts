/** Editor entries of the field groups several endpoints share (contract/fields.ts), written once. */
import type { EditorField, EditorFieldV2, JobPickerType } from './types';

/**
 * Version 2 of a milliseconds field: entered in seconds, labelled so, and starting at `initial`
 * seconds where given (30 for every timeout, one default everywhere).
 */
export const inSeconds = (label: string, description: string, initial?: number): EditorFieldV2 => ({
	displayName: `${label} (Seconds)`,
	description,
	inSeconds: true,
	...(initial === undefined ? {} : { default: initial }),
});

/** Every timeout's version 2: seconds, starting at 30. */
export const TIMEOUT_V2 = inSeconds('Timeout', 'Timeout in seconds', 30);

const PROXY_LABELS = {
	auto: { name: 'Auto', description: 'Start direct and escalate only when blocked' },
	basic: { name: 'Basic', description: 'Alias for None' },
	datacenter: 'Datacenter',
	none: 'None',
	residential: 'Residential',
	stealth: 'Stealth',
};

/** The spec names only `markdown`; the others are common values passed through as given. */
const FORMAT_LABELS = {
	html: 'HTML',
	links: 'Links',
	markdown: 'Markdown',
	rawHtml: 'Raw HTML',
	screenshot: 'Screenshot',
};

export const idPathEditor = (what: string, hint?: string): { id: EditorField } => ({
	id: {
		displayName: `${what} ID`,
		default: '',
		description: `The ID of the ${what.toLowerCase()}`,
		hint,
	},
});

/** A job's ID as a picker: from the jobs list (of `type`), by ID, or by the job's URL. */
export const jobIdPathEditor = (what: string, type: JobPickerType): { id: EditorField } => ({
	id: {
		displayName: `${what} ID`,
		description: `The ${what.toLowerCase()} to read: pick it from the list (newest first), paste its ID, or paste the URL the request that created it returned`,
		jobPicker: type,
	},
});

export const retrieveCommonEditor = {
	maxAgeMs: {
		displayName: 'Max Age',
		description:
			'Maximum cache age in milliseconds before the record is refreshed, 90 days at most',
		v2: inSeconds(
			'Max Age',
			'Maximum cache age before the record is refreshed, e.g. 86400 for a day; 90 days at most',
		),
	},
	timeoutMS: {
		displayName: 'Timeout',
		description: 'Timeout hint in milliseconds',
		v2: inSeconds('Timeout', 'Timeout hint in seconds', 30),
	},
	forceLanguage: {
		displayName: 'Force Language',
		placeholder: 'en',
		description: 'Preferred language hint',
	},
	maxSpeed: {
		displayName: 'Max Speed',
		default: false,
		description: 'Whether to prefer the fastest existing fetch path',
	},
} satisfies Record<string, EditorField>;

export const webLookupCommonEditor = {
	domain: {
		displayName: 'Domain',
		placeholder: 'example.com',
		default: '',
		description: 'The website to inspect: a domain or a URL',
	},
	directUrl: {
		displayName: 'Direct URL',
		description: 'Inspect this exact URL instead of deriving the homepage',
	},
	cacheMaxAgeMs: {
		displayName: 'Cache Max Age',
		description: 'Maximum cache age in milliseconds, 7 days at most',
		v2: inSeconds('Cache Max Age', 'Maximum cache age, e.g. 86400 for a day; 7 days at most'),
	},
	timeoutMS: {
		displayName: 'Timeout',
		description: 'Timeout hint in milliseconds',
		v2: inSeconds('Timeout', 'Timeout hint in seconds', 30),
	},
	maxSpeed: {
		displayName: 'Max Speed',
		default: false,
		description: 'Whether to prefer the fastest existing fetch path',
	},
} satisfies Record<string, EditorField>;

export const batchScrapeOptionsEditor = {
	formats: {
		displayName: 'Formats',
		default: ['markdown'],
		options: FORMAT_LABELS,
		description: 'Output formats for each page',
	},
	onlyMainContent: {
		displayName: 'Only Main Content',
		default: true,
		description: 'Whether to return only the main content, without headers, navigation and footers',
	},
	includeTags: {
		displayName: 'Include Tags',
		description: 'HTML tags to include, one per line or comma-separated',
	},
	excludeTags: {
		displayName: 'Exclude Tags',
		description: 'HTML tags to exclude, one per line or comma-separated',
	},
	waitFor: {
		displayName: 'Wait For',
		default: 0,
		description: 'Milliseconds to wait for the page to load before scraping',
		v2: inSeconds('Wait For', 'Seconds to wait for the page to load before scraping', 0),
	},
	timeout: {
		displayName: 'Timeout',
		default: 30000,
		description: 'Timeout for each page, in milliseconds',
		v2: inSeconds('Timeout', 'Timeout for each page, in seconds', 30),
	},
	proxy: {
		displayName: 'Proxy',
		default: 'auto',
		options: PROXY_LABELS,
		description: 'Proxy type. Auto starts direct and escalates only when blocked.',
	},
	headers: {
		displayName: 'Headers (JSON)',
		default: '{}',
		description: 'Custom HTTP headers sent with each page request, as a JSON object',
	},
	actions: {
		displayName: 'Actions (JSON)',
		default: '[]',
		description:
			'Actions to perform on each page, as a JSON array. Items may be strings or action objects ({"type": "wait", "milliseconds": 1000}).',
	},
} satisfies Record<string, EditorField>;

export const webhookObjectEditor = {
	webhook: {
		displayName: 'Webhook (JSON)',
		default: '{}',
		description:
			'A webhook for this job, as a JSON object passed through as given (its fields are not documented)',
	},
} satisfies Record<string, EditorField>;
