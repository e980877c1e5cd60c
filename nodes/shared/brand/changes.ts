/**
 * What Watch for Changes compares: the watched fields of a simplified brand record (Retrieve) or
 * profile (Get Profile), each compared in the way that matters to people watching a brand, and
 * the compact state it keeps of them: small values whole, the others as fingerprints.
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

export type BrandShape = 'brandRecord' | 'brandProfile';

type Comparison = 'text' | 'set' | 'caseFreeSet' | 'urlSet' | 'socials' | 'links';

interface WatchedField {
	label: string;
	/** The simplified record's key for each shape; absent where the shape has no such field. */
	keys: Partial<Record<BrandShape, string>>;
	comparison: Comparison;
}

export const WATCHED_FIELDS = {
	name: {
		label: 'Name / Title',
		keys: { brandRecord: 'title', brandProfile: 'name' },
		comparison: 'text',
	},
	description: {
		label: 'Description',
		keys: { brandRecord: 'description', brandProfile: 'description' },
		comparison: 'text',
	},
	slogan: {
		label: 'Slogan / Tagline',
		keys: { brandRecord: 'slogan', brandProfile: 'tagline' },
		comparison: 'text',
	},
	colors: {
		label: 'Colors',
		keys: { brandRecord: 'colors', brandProfile: 'colors' },
		comparison: 'caseFreeSet',
	},
	logos: {
		label: 'Logos',
		keys: { brandRecord: 'logos', brandProfile: 'logos' },
		comparison: 'urlSet',
	},
	fonts: { label: 'Fonts', keys: { brandProfile: 'fonts' }, comparison: 'set' },
	socials: {
		label: 'Socials',
		keys: { brandRecord: 'socials', brandProfile: 'socials' },
		comparison: 'socials',
	},
	links: { label: 'Links', keys: { brandRecord: 'links' }, comparison: 'links' },
} as const satisfies Record<string, WatchedField>;

export type WatchedFieldName = keyof typeof WATCHED_FIELDS;

export const WATCHED_FIELD_NAMES = Object.keys(WATCHED_FIELDS) as WatchedFieldName[];

/** The watched fields a shape has (a brand record has no fonts, a profile no links). */
export const watchableFields = (shape: BrandShape): WatchedFieldName[] =>
	WATCHED_FIELD_NAMES.filter((name) => (WATCHED_FIELDS[name].keys as WatchedField['keys'])[shape]);

/** The simplified record's keys the selection watches, for a shape. */
export function watchedKeys(shape: BrandShape, selection: readonly string[]): string[] {
	return WATCHED_FIELD_NAMES.filter((name) => selection.includes(name)).flatMap((name) => {
		const key = (WATCHED_FIELDS[name].keys as WatchedField['keys'])[shape];
		return key ? [key] : [];
	});
}

const COMPARISON_BY_KEY = new Map<string, Comparison>(
	Object.values(WATCHED_FIELDS).flatMap((field: WatchedField) =>
		Object.values(field.keys).map((key) => [key, field.comparison] as const),
	),
);

const texts = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((v) => v !== null && v !== undefined).map(String) : [];

const sortedUnique = (values: string[]) => JSON.stringify([...new Set(values)].sort());

const DEFAULT_PORTS: Record<string, string> = { 'http://': ':80', 'https://': ':443' };

/**
 * A URL as people compare it: scheme and host in any case, a default port or none, and the path,
 * query and fragment exactly as written (`HTTPS://X.com:443/Acme` is `https://x.com/Acme`). A URL
 * already in that form is left as it is, so fingerprints kept before this comparison still match.
 * Anything else (not a URL with a scheme) is left as it is.
 */
export function sameUrl(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const parts = /^([a-z][a-z\d+.-]*:\/\/)([^/?#]*)([\s\S]*)$/i.exec(value.trim());
	if (!parts) return value;
	const scheme = parts[1].toLowerCase();
	let host = parts[2].toLowerCase();
	const port = DEFAULT_PORTS[scheme];
	if (port && host.endsWith(port)) host = host.slice(0, -port.length);
	return `${scheme}${host}${parts[3]}`;
}

/**
 * A value in a form where two values that mean the same are equal. Values are open: a simplified
 * record's or a saved state's, whatever the API answered then.
 */
function canonical(comparison: Comparison, value: unknown): string {
	switch (comparison) {
		case 'caseFreeSet':
			return sortedUnique(texts(value).map((v) => v.trim().toLowerCase()));
		case 'set':
			return sortedUnique(texts(value));
		case 'urlSet':
			return sortedUnique(texts(value).map((url) => sameUrl(url) as string));
		case 'socials':
			return sortedUnique(
				(Array.isArray(value) ? (value as IDataObject[]) : []).map((social) =>
					JSON.stringify([
						String(social.type ?? social.network ?? '').toLowerCase(),
						sameUrl(social.url ?? null),
					]),
				),
			);
		case 'links': {
			const entries = Object.entries(value ?? {})
				.filter(([, v]) => v != null)
				.map(([name, url]): [string, unknown] => [name, sameUrl(url)]);
			return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
		}
		default:
			return JSON.stringify(value ?? null);
	}
}

/** Kept whole (and shown as `before`): a watched value whose JSON is at most this many bytes... */
export const KEPT_VALUE_BYTES = 64;
/** ...and while the values kept whole for one lookup add up to at most this. */
export const KEPT_BYTES_PER_LOOKUP = 192;
/** The key under which a state holds the fingerprints of the values not kept whole. */
const FINGERPRINTS = '#';

/** UTF-8 bytes, as n8n's database stores the static data. */
export const jsonBytes = (value: unknown): number =>
	Buffer.byteLength(JSON.stringify(value ?? null));

/** A short stand-in for a text: 16 characters (96 bits) of its SHA-256. */
export const digest = (text: string): string =>
	createHash('sha256').update(text).digest('base64url').slice(0, 16);

const fingerprint = (key: string, value: unknown): string =>
	digest(canonical(COMPARISON_BY_KEY.get(key) ?? 'text', value));

export interface FieldChange {
	field: string;
	/** Absent when the previous value was too large to keep whole. */
	before?: unknown;
	after: unknown;
}

/** The watched values of a simplified record, whole: missing values are null. */
export function watchedValues(record: IDataObject, keys: readonly string[]): IDataObject {
	return Object.fromEntries(keys.map((key) => [key, record[key] ?? null]));
}

/**
 * The state kept of watched values: `{title: "Acme", "#": {description: "<fingerprint>"}}`.
 * Whole values (as the previous version stored them all) are kept while small, in field order,
 * and the others are replaced by their fingerprint; fingerprints already in `values` stay.
 */
export function compactState(values: IDataObject): IDataObject {
	const { [FINGERPRINTS]: fingerprinted, ...whole } = values;
	const state: IDataObject = {};
	const fingerprints: IDataObject = { ...(fingerprinted as IDataObject | undefined) };
	let room = KEPT_BYTES_PER_LOOKUP;
	for (const [key, value] of Object.entries(whole)) {
		const bytes = jsonBytes(value);
		if (bytes <= KEPT_VALUE_BYTES && bytes <= room) {
			state[key] = value;
			room -= bytes;
		} else fingerprints[key] = fingerprint(key, value);
	}
	if (Object.keys(fingerprints).length > 0) state[FINGERPRINTS] = fingerprints;
	return state;
}

/**
 * The watched fields whose values differ from a kept state. A field the previous run did not
 * watch (the selection grew) is not a change: there is nothing to compare it with.
 */
export function changedFields(previous: IDataObject, after: IDataObject): FieldChange[] {
	const fingerprints = (previous[FINGERPRINTS] ?? {}) as IDataObject;
	const before = (key: string) =>
		key in fingerprints
			? fingerprints[key]
			: key in previous
				? fingerprint(key, previous[key])
				: undefined;
	return Object.keys(after)
		.filter((key) => {
			const was = before(key);
			return was !== undefined && was !== fingerprint(key, after[key]);
		})
		.map((field) =>
			field in previous
				? { field, before: previous[field], after: after[field] }
				: { field, after: after[field] },
		);
}
