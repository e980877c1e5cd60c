/** Checks of the JSON shapes the spec describes: the action object, the agent object, formats. */
import { checkNumber, checkText, isPlainObject, typeName, type Problem } from './checks';
import type { JsonShape } from './types';

const ACTION_TYPES = ['wait', 'click', 'write', 'press', 'scroll', 'scrape', 'screenshot', 'pdf'];

const notObject = (value: unknown) => `Expected object, received ${typeName(value)}`;
const optional = (value: unknown, check: (value: unknown) => Problem): Problem =>
	value === undefined ? undefined : check(value);
const text = (what: string, maxLength: number) => (value: unknown) =>
	checkText(value, maxLength, `Expected string, received ${typeName(value)}`, what);
const oneOf = (allowed: string[], message: string) => (value: unknown) =>
	allowed.includes(value as string) ? undefined : message;

/** The spec's action object, field by field in the order the spec lists them. */
function checkAction(action: unknown): Problem {
	if (!isPlainObject(action)) return notObject(action);
	const checks: Array<[string, (value: unknown) => Problem]> = [
		['amount', (v) => checkNumber(v, 0, 10000, 'action amount')],
		['direction', oneOf(['up', 'down'], 'action direction must be up or down')],
		['key', text('action key', 64)],
		['milliseconds', (v) => checkNumber(v, 0, 10000, 'action milliseconds')],
		['selector', text('action selector', 2048)],
		['text', text('action text', 10000)],
	];
	const type = oneOf(
		ACTION_TYPES,
		`action type must be one of ${ACTION_TYPES.join(', ')}`,
	)(action.type);
	return (
		type ??
		checks
			.map(([key, check]) => optional(action[key], check))
			.find((problem) => problem !== undefined)
	);
}

function checkActions(value: unknown): Problem {
	if (!Array.isArray(value)) return 'must be a JSON array of actions';
	// Strings pass as given (the spec does not show how they relate to action objects).
	for (const [index, item] of value.entries()) {
		const problem = typeof item === 'string' ? undefined : checkAction(item);
		if (problem) return `action ${index + 1}: ${problem}`;
	}
	return undefined;
}

function checkAgent(value: unknown): Problem {
	if (!isPlainObject(value)) return notObject(value);
	return (
		optional(value.mode, oneOf(['default', 'smart'], 'agent mode must be default or smart')) ??
		optional(value.model, (v) =>
			typeof v === 'string' ? undefined : 'agent model must be a string',
		)
	);
}

function checkFormats(value: unknown): Problem {
	if (!Array.isArray(value)) return 'must be a JSON array of format names or format objects';
	return value.every((item) => typeof item === 'string' || isPlainObject(item))
		? undefined
		: 'Invalid input';
}

/** An HTTP header name: a token (RFC 9110). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers sent with each page: text values without line breaks, which would start a header of their own. */
function checkHeaders(value: unknown): Problem {
	if (!isPlainObject(value)) return 'must be a JSON object';
	for (const [name, text] of Object.entries(value)) {
		if (!HEADER_NAME.test(name))
			return `header name ${JSON.stringify(name)} must be letters, digits and !#$%&'*+-.^_\`|~ only`;
		if (typeof text !== 'string') return `header ${JSON.stringify(name)} must be text`;
		if (/[\r\n]/.test(text)) return `header ${JSON.stringify(name)} must not contain line breaks`;
	}
	return undefined;
}

export const JSON_SHAPES: Record<JsonShape, (value: unknown) => Problem> = {
	any: () => undefined,
	object: (value) => (isPlainObject(value) ? undefined : 'must be a JSON object'),
	array: (value) => (Array.isArray(value) ? undefined : 'must be a JSON array'),
	actions: checkActions,
	agent: checkAgent,
	formats: checkFormats,
	headers: checkHeaders,
};
