/**
 * Value checks without dependencies (the nodes load them inside n8n). Each returns the first
 * problem as a message, or undefined when the value passes.
 */

export type Problem = string | undefined;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isHttpUrl(value: string): boolean {
	try {
		const { protocol, hostname } = new URL(value);
		return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
	} catch {
		return false;
	}
}

/**
 * A domain name; an internationalised one (münchen.de) is checked in the ASCII form the URL
 * parser gives it (xn--mnchen-3ya.de). Only host characters count: not a path, port or user.
 */
export function isDomain(value: string): boolean {
	if (DOMAIN.test(value)) return true;
	if (/[\s/\\?#@:%]/.test(value)) return false;
	try {
		return DOMAIN.test(new URL(`http://${value}`).hostname);
	} catch {
		return false;
	}
}

export const isEmail = (value: string) => EMAIL.test(value);
export const isCountryCode = (value: string) => /^[a-z]{2}$/i.test(value);

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object as JSON parsing makes it: a plain object of no class. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
	if (!isPlainObject(value)) return false;
	const proto = Object.getPrototypeOf(value) as unknown;
	return proto === Object.prototype || proto === null;
}

/** The type name a value reads as in a message ("Expected object, received array"). */
export function typeName(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
	return typeof value;
}

const prefixed = (what: string, message: string) => (what ? `${what} ${message}` : message);

/** A finite number within bounds; `what` (e.g. "action amount") names it in bound messages. */
export function checkNumber(
	value: unknown,
	min: number | undefined,
	max: number | undefined,
	what = '',
): Problem {
	if (typeof value !== 'number' || Number.isNaN(value)) return 'must be a number';
	if (!Number.isFinite(value)) return 'must be a finite number';
	if (min !== undefined && value < min) return prefixed(what, `must be at least ${min}`);
	if (max !== undefined && value > max) return prefixed(what, `must be at most ${max}`);
	return undefined;
}

/** Text of at most `maxLength` characters; `notText` is the message for anything else. */
export function checkText(
	value: unknown,
	maxLength: number | undefined,
	notText: string,
	what = '',
): Problem {
	if (typeof value !== 'string') return notText;
	if (maxLength !== undefined && value.length > maxLength)
		return prefixed(what, `must be at most ${maxLength} characters`);
	return undefined;
}

/** C0 controls and DEL; `multiline` allows tabs and line breaks. */
function hasControl(value: string, multiline: boolean): boolean {
	for (let i = 0; i < value.length; i++) {
		const code = value.charCodeAt(i);
		if (code === 0x7f) return true;
		if (code >= 0x20) continue;
		if (!(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
	}
	return false;
}

/** Half of a UTF-16 pair without the other half: no valid text holds one, and URLs cannot encode it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Characters no request should carry: control characters (`multiline`: line breaks and tabs allowed) and lone surrogates. */
export function checkCharacters(value: string, multiline: boolean): Problem {
	if (hasControl(value, multiline))
		return multiline
			? 'must not contain control characters (other than tabs and line breaks)'
			: 'must not contain control characters or line breaks';
	if (LONE_SURROGATE.test(value)) return 'must not contain broken Unicode (a lone surrogate)';
	return undefined;
}

/** Fields of which a request needs at least one; a boolean counts only when true unless `falseCounts`. */
export interface OneOf {
	anyOf: readonly string[];
	falseCounts?: boolean;
}

/**
 * The first group none of whose fields `values` gives (checked values: unset ones are absent),
 * or undefined when every group has one.
 */
export function firstUnmet<G extends OneOf>(
	values: Readonly<Record<string, unknown>>,
	groups: readonly G[],
): G | undefined {
	const gives = (group: G, name: string) =>
		values[name] !== undefined && (group.falseCounts || values[name] !== false);
	return groups.find((group) => !group.anyOf.some((name) => gives(group, name)));
}
