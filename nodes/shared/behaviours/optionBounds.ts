/**
 * Checks for node options (not API fields): a value an expression or an AI model set is refused
 * before any request unless it is what the option can use. Messages are the field refusals'
 * sentence (contract's issueSentence): the option's label, the bound and the value given;
 * execute/prepare.ts adds the item.
 */
import { issueSentence } from '../../../contract';

/** The refusal of an option's value, e.g. `Enter a valid "Wait": it must be true or false (got 1)`. */
export function optionRefusal(label: string, name: string, message: string, value: unknown): Error {
	return new Error(issueSentence(label, { field: name, in: 'body', message, value }));
}

export interface NumberBound {
	label: string;
	name: string;
	min: number;
	max: number;
	integer?: boolean;
}

/** The option's value as a number within its bounds; text holding a number is read as one. */
export function boundedNumber(value: unknown, bound: NumberBound): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const fits =
		typeof number === 'number' &&
		Number.isFinite(number) &&
		number >= bound.min &&
		number <= bound.max &&
		(!bound.integer || Number.isInteger(number));
	if (!fits)
		throw optionRefusal(
			bound.label,
			bound.name,
			`must be a ${bound.integer ? 'whole ' : ''}number from ${bound.min} to ${bound.max}`,
			value,
		);
	return number;
}

/** A switch's value: true or false (or their text, as an expression may give it). */
export function booleanOption(value: unknown, label: string, name: string): boolean {
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	throw optionRefusal(label, name, 'must be true or false', value);
}

/** A multi-select's value: a list of the allowed names. */
export function choiceList(
	value: unknown,
	allowed: readonly string[],
	label: string,
	name: string,
): string[] {
	if (Array.isArray(value) && value.every((entry) => allowed.includes(entry as string)))
		return value as string[];
	throw optionRefusal(label, name, `must be a list of: ${allowed.join(', ')}`, value);
}
