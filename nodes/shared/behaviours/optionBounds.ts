/**
 * Checks for node options (not API fields): a value an expression or an AI model set is refused
 * before any request unless it is what the option can use. Messages name the option by its
 * label and name and state the bound; execute/prepare.ts adds the item.
 */
export interface NumberBound {
	label: string;
	name: string;
	min: number;
	max: number;
	integer?: boolean;
}

const shown = (value: unknown) => {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

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
		throw new Error(
			`"${bound.label}" (${bound.name}) must be a ${bound.integer ? 'whole ' : ''}number from ${bound.min} to ${bound.max}, got ${shown(value)}`,
		);
	return number;
}

/** A switch's value: true or false (or their text, as an expression may give it). */
export function booleanOption(value: unknown, label: string, name: string): boolean {
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	throw new Error(`"${label}" (${name}) must be true or false, got ${shown(value)}`);
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
	throw new Error(
		`"${label}" (${name}) must be a list of: ${allowed.join(', ')}, got ${shown(value)}`,
	);
}
