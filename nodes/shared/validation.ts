/**
 * Checks values against the endpoint table before anything is sent, and coerces them to the
 * types the API expects. The sandbox validates requests with the same function, so the nodes
 * and the sandbox agree on every bound.
 */
import { z } from 'zod';

import type { FieldSpec, JsonShape, OperationSpec } from './endpoints/types';

export interface FieldIssue {
	/** The API name the value was given under (a field's name or one of its aliases). */
	field: string;
	displayName: string;
	message: string;
	value: unknown;
}

export type ValidationResult =
	| { ok: true; values: Record<string, unknown> }
	| { ok: false; issues: FieldIssue[] };

const ACTION_TYPES = ['wait', 'click', 'write', 'press', 'scroll', 'scrape', 'screenshot', 'pdf'] as const;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isHttpUrl(value: string): boolean {
	try {
		const { protocol, hostname } = new URL(value);
		return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
	} catch {
		return false;
	}
}

const bounded = (min: number | undefined, max: number | undefined, what: string) => {
	let schema = z.number({ invalid_type_error: 'must be a number' }).finite('must be a finite number');
	if (min !== undefined) schema = schema.gte(min, `${what} must be at least ${min}`);
	if (max !== undefined) schema = schema.lte(max, `${what} must be at most ${max}`);
	return schema;
};

const actionSchema = z
	.object({
		type: z.enum(ACTION_TYPES, {
			errorMap: () => ({ message: `action type must be one of ${ACTION_TYPES.join(', ')}` }),
		}),
		amount: bounded(0, 10000, 'action amount').optional(),
		direction: z.enum(['up', 'down'], { errorMap: () => ({ message: 'action direction must be up or down' }) }).optional(),
		key: z.string().max(64, 'action key must be at most 64 characters').optional(),
		milliseconds: bounded(0, 10000, 'action milliseconds').optional(),
		selector: z.string().max(2048, 'action selector must be at most 2048 characters').optional(),
		text: z.string().max(10000, 'action text must be at most 10000 characters').optional(),
	})
	.passthrough();

const plainObject = z.record(z.unknown(), { invalid_type_error: 'must be a JSON object' });

const JSON_SHAPES: Record<JsonShape, z.ZodTypeAny> = {
	any: z.unknown(),
	object: plainObject,
	array: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array' }),
	// Strings pass as given (the spec does not show how they relate to action objects).
	actions: z.array(z.unknown(), { invalid_type_error: 'must be a JSON array of actions' }).superRefine((items, ctx) => {
		items.forEach((item, index) => {
			if (typeof item === 'string') return;
			const parsed = actionSchema.safeParse(item);
			if (!parsed.success) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `action ${index + 1}: ${parsed.error.issues[0].message}` });
		});
	}),
	agent: z
		.object({
			mode: z.enum(['default', 'smart'], { errorMap: () => ({ message: 'agent mode must be default or smart' }) }).optional(),
			model: z.string({ invalid_type_error: 'agent model must be a string' }).optional(),
		})
		.passthrough(),
	formats: z.array(z.union([z.string(), plainObject]), {
		invalid_type_error: 'must be a JSON array of format names or format objects',
	}),
};

function toNumber(value: unknown): unknown {
	if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
	return value;
}

function toBoolean(value: unknown): unknown {
	if (value === 'true') return true;
	if (value === 'false') return false;
	return value;
}

function toList(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	return value
		.split(/[\n,]/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

function parseJson(value: unknown, ctx: z.RefinementCtx): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value);
	} catch {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is not valid JSON' });
		return z.NEVER;
	}
}

function stringSchema(field: FieldSpec): z.ZodTypeAny {
	let schema: z.ZodTypeAny = z.string({ invalid_type_error: 'must be text' });
	if (field.maxLength !== undefined) {
		schema = (schema as z.ZodString).max(field.maxLength, `must be at most ${field.maxLength} characters`);
	}
	switch (field.format) {
		case 'url':
			return schema.refine(isHttpUrl, 'must be a full http(s) URL, such as https://example.com');
		case 'domainOrUrl':
			return schema.refine((v: string) => DOMAIN.test(v) || isHttpUrl(v), 'must be a domain (example.com) or an http(s) URL');
		case 'email':
			return schema.refine((v: string) => EMAIL.test(v), 'must be an e-mail address');
		case 'countryCode':
			return schema.refine((v: string) => /^[a-z]{2}$/i.test(v), 'must be a two-letter country code, such as us');
		default:
			return schema;
	}
}

function enumSchema(field: FieldSpec): z.ZodTypeAny {
	const allowed = (field.options ?? []).map((option) => option.value);
	return z.string({ invalid_type_error: 'must be text' }).refine((v) => allowed.includes(v), `must be one of ${allowed.join(', ')}`);
}

/** The zod schema of one field, including the coercions its kind allows. */
export function fieldSchema(field: FieldSpec): z.ZodTypeAny {
	switch (field.kind) {
		case 'number':
			return z.preprocess(toNumber, bounded(field.min, field.max, 'value'));
		case 'boolean':
			return z.preprocess(toBoolean, z.boolean({ invalid_type_error: 'must be true or false' }));
		case 'options':
			return enumSchema(field);
		case 'multiOptions':
		case 'stringList': {
			const item = field.kind === 'multiOptions' && !field.openOptions ? enumSchema(field) : z.string({ invalid_type_error: 'must be a list of text values' });
			return z.preprocess(toList, z.array(item, { invalid_type_error: 'must be a list of text values' }).min(field.required ? 1 : 0, 'must not be empty'));
		}
		case 'json':
			return z.unknown().transform(parseJson).pipe(JSON_SHAPES[field.shape ?? 'any']);
		default:
			return stringSchema(field);
	}
}

/** True for values that mean "not set": absent, empty text, or an empty JSON object or array. */
export function isUnset(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '' || /^\s*(\{\s*\}|\[\s*\])\s*$/.test(value);
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object') return Object.keys(value).length === 0;
	return false;
}

function describe(issue: z.ZodIssue): string {
	// Bound messages already name what they bound; prefix-free messages read "must be ...".
	return issue.message.replace(/^value /, '');
}

/**
 * Validates the values of one request (keyed by API field name, aliases allowed) against an
 * operation's fields. Unset optional values are dropped; the result holds coerced values.
 * Text is coerced where the kind allows (numbers, booleans, comma-separated lists, JSON), so
 * query strings validate as well as editor values.
 */
export function validateFields(
	op: OperationSpec,
	values: Record<string, unknown>,
): ValidationResult {
	const issues: FieldIssue[] = [];
	const out: Record<string, unknown> = {};
	for (const field of op.fields) {
		const names = [field.name, ...(field.aliases ?? [])].filter((name) => name in values);
		if (names.length === 0 || names.every((name) => isUnset(values[name]))) {
			if (field.required) {
				issues.push({ field: field.name, displayName: field.displayName, message: 'is required', value: values[field.name] });
			}
			continue;
		}
		for (const name of names) {
			const raw = values[name];
			if (isUnset(raw)) continue;
			const parsed = fieldSchema(field).safeParse(raw);
			if (parsed.success) out[name] = parsed.data;
			else issues.push({ field: name, displayName: field.displayName, message: describe(parsed.error.issues[0]), value: raw });
		}
	}
	return issues.length > 0 ? { ok: false, issues } : { ok: true, values: out };
}

/** One readable sentence for an issue, e.g. `"Max Age (ms)" (maxAgeMs) must be at most 7776000000, got 9e12`. */
export function formatIssue(issue: FieldIssue): string {
	const shown = typeof issue.value === 'string' ? JSON.stringify(issue.value) : JSON.stringify(issue.value) ?? 'nothing';
	const got = issue.message === 'is required' ? '' : `, got ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}`;
	return `"${issue.displayName}" (${issue.field}) ${issue.message}${got}`;
}
