/**
 * Checks wire values (keyed by the API's names, alternate names allowed) against an endpoint's
 * fields, and coerces text to the types the API expects, so query strings validate as well as
 * JSON. Issues name the field as the API knows it.
 */
import {
	checkCharacters,
	checkNumber,
	checkText,
	isCountryCode,
	isDomain,
	isEmail,
	isHttpUrl,
	type Problem,
} from './checks';
import { JSON_SHAPES } from './jsonShapes';
import { namesOf } from './names';
import type { FieldLocation, StringFormat, WireField } from './types';

export interface WireIssue {
	/** The API name the value was given under (a field's name or one of its alternate names). */
	field: string;
	in: FieldLocation;
	message: string;
	value: unknown;
}

export type WireResult =
	| { ok: true; values: Record<string, unknown> }
	| { ok: false; issues: WireIssue[] };

type Checked = { value: unknown; problem?: undefined } | { problem: string };

const FORMATS: Record<StringFormat, [(value: string) => boolean, string]> = {
	url: [isHttpUrl, 'must be a full http(s) URL, such as https://example.com'],
	domainOrUrl: [
		(v) => isDomain(v) || isHttpUrl(v),
		'must be a domain (example.com) or an http(s) URL',
	],
	email: [isEmail, 'must be an e-mail address'],
	countryCode: [isCountryCode, 'must be a two-letter country code, such as us'],
};

const toNumber = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
		? Number(value)
		: value;
const toBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/** Text that parses as a JSON array of strings, as that array; undefined for any other text. */
function jsonList(text: string): string[] | undefined {
	if (!text.trimStart().startsWith('[')) return undefined;
	try {
		const parsed: unknown = JSON.parse(text);
		return Array.isArray(parsed) && parsed.every((entry) => typeof entry === 'string')
			? parsed
			: undefined;
	} catch {
		return undefined;
	}
}

/**
 * A list given as text: a JSON array of strings, or entries one per line or comma-separated. In
 * text that holds URLs a comma separates only before a URL's scheme, as URLs hold commas of their
 * own (`/maps/@40.7,-74.0,12z`); other text splits at every comma, as saved workflows rely on.
 */
function toList(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const comma = value.includes('://') ? /,(?=\s*[a-z][a-z\d+.-]*:\/\/)/i : /,/;
	const entries = jsonList(value) ?? value.split('\n').flatMap((line) => line.split(comma));
	return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

const result = (value: unknown, problem: Problem): Checked =>
	problem === undefined ? { value } : { problem };

/**
 * Bounds for what the spec leaves open, so that a huge value fails at once with a clear error
 * instead of being sent: path values (IDs), query values and list entries (URLs) fit in a URL;
 * body text (prompts, questions) and JSON stay within what one request reasonably carries.
 */
export const OPEN_BOUNDS = {
	pathLength: 256,
	queryLength: 2048,
	bodyTextLength: 100_000,
	listEntries: 10_000,
	listEntryLength: 2048,
	jsonLength: 1_000_000,
} as const;

const OPEN_MAX_LENGTH: Record<FieldLocation, number> = {
	path: OPEN_BOUNDS.pathLength,
	query: OPEN_BOUNDS.queryLength,
	body: OPEN_BOUNDS.bodyTextLength,
};

function checkString(field: WireField, value: unknown): Problem {
	const problem =
		checkText(value, field.maxLength ?? OPEN_MAX_LENGTH[field.in], 'must be text') ??
		checkCharacters(value as string, field.in === 'body');
	if (problem) return problem;
	// `.` and `..` as a path segment would address the endpoint's parent, with the key.
	if (field.in === 'path' && /^\.{1,2}$/.test(value as string)) return 'must not be "." or ".."';
	if (!field.format) return undefined;
	const [test, message] = FORMATS[field.format];
	return test(value as string) ? undefined : message;
}

function checkList(field: WireField, value: unknown): Problem {
	if (!Array.isArray(value)) return 'must be a list of text values';
	if (field.required && value.length === 0) return 'must not be empty';
	if (value.length > OPEN_BOUNDS.listEntries)
		return `must have at most ${OPEN_BOUNDS.listEntries} entries`;
	for (const item of value) {
		const problem =
			checkText(item, OPEN_BOUNDS.listEntryLength, 'must be a list of text values', 'each entry') ??
			checkCharacters(item as string, false);
		if (problem) return problem;
	}
	return undefined;
}

function checkJson(field: WireField, value: unknown): Checked {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.length > OPEN_BOUNDS.jsonLength)
			return { problem: `must be at most ${OPEN_BOUNDS.jsonLength} characters of JSON` };
		try {
			parsed = JSON.parse(value);
		} catch {
			return { problem: 'is not valid JSON' };
		}
	} else if (typeof value === 'number' && !Number.isFinite(value))
		return { problem: 'is not valid JSON' };
	else if ((JSON.stringify(value) ?? '').length > OPEN_BOUNDS.jsonLength)
		return { problem: `must be at most ${OPEN_BOUNDS.jsonLength} characters of JSON` };
	return result(parsed, JSON_SHAPES[field.shape ?? 'any'](parsed));
}

function checkEnum(field: WireField, value: unknown): Problem {
	if (typeof value !== 'string') return 'must be text';
	const allowed = field.enum ?? [];
	return allowed.includes(value) ? undefined : `must be one of ${allowed.join(', ')}`;
}

/** One value of a field, coerced where its type allows. */
export function checkValue(field: WireField, raw: unknown): Checked {
	switch (field.type) {
		case 'number': {
			const value = toNumber(raw);
			const problem = checkNumber(value, field.min, field.max);
			if (!problem && field.integer && !Number.isInteger(value))
				return { problem: 'must be a whole number' };
			return result(value, problem);
		}
		case 'boolean': {
			const value = toBoolean(raw);
			return result(value, typeof value === 'boolean' ? undefined : 'must be true or false');
		}
		case 'enum':
			return result(raw, checkEnum(field, raw));
		case 'stringArray': {
			const value = toList(raw);
			return result(value, checkList(field, value));
		}
		case 'json':
			return checkJson(field, raw);
		default:
			return result(raw, checkString(field, raw));
	}
}

/**
 * True for values that mean "not set": absent, or empty text. For list and JSON fields an empty
 * list or object (or its text) is unset too; for any other field it is a wrong value.
 */
export function isUnset(value: unknown, type: WireField['type']): boolean {
	if (value === undefined || value === null) return true;
	const container = type === 'json' || type === 'stringArray';
	if (typeof value === 'string')
		return value.trim() === '' || (container && /^\s*(\{\s*\}|\[\s*\])\s*$/.test(value));
	if (!container) return false;
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object') return Object.keys(value).length === 0;
	return false;
}

/** Validates one request's values against `fields`. Unset optional values are dropped. */
export function validateWire(
	fields: readonly WireField[],
	values: Record<string, unknown>,
): WireResult {
	const issues: WireIssue[] = [];
	const out: Record<string, unknown> = {};
	for (const field of fields) {
		const names = namesOf(field).filter(
			(name) => name in values && !isUnset(values[name], field.type),
		);
		if (names.length === 0 && field.required)
			issues.push({
				field: field.name,
				in: field.in,
				message: 'is required',
				value: values[field.name],
			});
		for (const name of names) {
			const checked = checkValue(field, values[name]);
			if (checked.problem === undefined) out[name] = checked.value;
			else
				issues.push({ field: name, in: field.in, message: checked.problem, value: values[name] });
		}
	}
	return issues.length > 0 ? { ok: false, issues } : { ok: true, values: out };
}

/** `, got "abc"` for an issue's value, cut to a readable length; empty for a missing value. */
export function gotValue(issue: WireIssue): string {
	if (issue.message === 'is required') return '';
	const shown = JSON.stringify(issue.value) ?? 'nothing';
	return `, got ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}`;
}

/**
 * The sentence a person reads for an issue: what to do, in the field's label as the editor shows
 * it, then the bound it broke and the value given, e.g. `Enter a valid "Limit": it must be at most
 * 1000 (got 5000)`. The API's name of the field is left to the wire sentence below.
 */
export function issueSentence(label: string, issue: WireIssue): string {
	if (issue.message === 'is required') return `Enter a value for "${label}": it is required`;
	const got = gotValue(issue).replace(/^, got /, '');
	return `Enter a valid "${label}": it ${issue.message}${got === '' ? '' : ` (got ${got})`}`;
}

const WHERE: Record<FieldLocation, string> = {
	path: 'path parameter',
	query: 'query parameter',
	body: 'body field',
};

/** One readable sentence for an issue, e.g. `query parameter (maxAgeMs) must be at most 7776000000, got 9e12`. */
export function formatWireIssue(issue: WireIssue): string {
	return `${WHERE[issue.in]} (${issue.field}) ${issue.message}${gotValue(issue)}`;
}
