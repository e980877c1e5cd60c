/**
 * What Watch for Changes compares: the watched fields of a simplified brand record (Retrieve) or
 * profile (Get Profile), each compared in the way that matters to people watching a brand.
 */
import type { IDataObject } from 'n8n-workflow';

export type BrandShape = 'brandRecord' | 'brandProfile';

type Comparison = 'text' | 'set' | 'caseFreeSet' | 'socials' | 'object';

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
		comparison: 'set',
	},
	fonts: { label: 'Fonts', keys: { brandProfile: 'fonts' }, comparison: 'set' },
	socials: {
		label: 'Socials',
		keys: { brandRecord: 'socials', brandProfile: 'socials' },
		comparison: 'socials',
	},
	links: { label: 'Links', keys: { brandRecord: 'links' }, comparison: 'object' },
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

/** A value in a form where two values that mean the same are equal. */
function canonical(comparison: Comparison, value: unknown): string {
	switch (comparison) {
		case 'caseFreeSet':
			return sortedUnique(texts(value).map((v) => v.trim().toLowerCase()));
		case 'set':
			return sortedUnique(texts(value));
		case 'socials':
			return sortedUnique(
				(Array.isArray(value) ? (value as IDataObject[]) : []).map((social) =>
					JSON.stringify([
						String(social.type ?? social.network ?? '').toLowerCase(),
						social.url ?? null,
					]),
				),
			);
		case 'object': {
			const entries = Object.entries((value ?? {}) as IDataObject).filter(([, v]) => v != null);
			return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
		}
		default:
			return JSON.stringify(value ?? null);
	}
}

export interface FieldChange {
	field: string;
	before: unknown;
	after: unknown;
}

/** The watched values of a simplified record, as stored: missing values are null. */
export function watchedValues(record: IDataObject, keys: readonly string[]): IDataObject {
	return Object.fromEntries(keys.map((key) => [key, record[key] ?? null]));
}

/**
 * The watched fields that differ. A field the previous run did not watch (the selection grew)
 * is not a change: there is nothing to compare it with.
 */
export function changedFields(before: IDataObject, after: IDataObject): FieldChange[] {
	return Object.keys(after)
		.filter((key) => key in before)
		.filter((key) => {
			const comparison = COMPARISON_BY_KEY.get(key) ?? 'text';
			return canonical(comparison, before[key]) !== canonical(comparison, after[key]);
		})
		.map((field) => ({ field, before: before[field], after: after[field] }));
}
