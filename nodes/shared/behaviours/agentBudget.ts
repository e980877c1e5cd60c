/**
 * Answer budget: when the node is an AI agent's tool, every output record fits in a number of
 * characters (as JSON), so a scraped page or a batch cannot flood the model's context. Long texts
 * are shortened first, keeping the record's shape; what was cut is said in the record.
 */
import type { IDataObject } from 'n8n-workflow';

import { onlyAsTool } from '../tool';
import { boundedNumber } from './optionBounds';
import { mapJson, type Behaviour } from './types';

export const DEFAULT_AGENT_BUDGET = 20000;
/** Below this, shortened texts say too little: the record's JSON text is cut instead. */
const MIN_TEXT_LENGTH = 200;
const ELLIPSIS = '…';

function shortenTexts(value: unknown, maxLength: number): unknown {
	if (typeof value === 'string')
		return value.length > maxLength ? value.slice(0, maxLength) + ELLIPSIS : value;
	if (Array.isArray(value)) return value.map((entry) => shortenTexts(entry, maxLength));
	if (value !== null && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, shortenTexts(entry, maxLength)]),
		);
	return value;
}

/** Characters per block of a long text whose JSON escapes are counted once. */
const BLOCK = 1024;

/** The characters JSON.stringify adds to `text` by escaping (`"` and `\\` 1, a control 1 or 5, ...). */
const escapesIn = (text: string) => JSON.stringify(text).length - text.length - 2;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * A string shortenTexts could shorten, with what its escapes add before each block, so that the
 * JSON length of any cut of it is known from one block's escapes.
 */
interface LongText {
	text: string;
	/** The escapes of the whole text. */
	extra: number;
	/** Where each block starts (never inside a surrogate pair), and the escapes before it. */
	starts: number[];
	before: number[];
}

function longText(text: string): LongText {
	const starts: number[] = [];
	const before: number[] = [];
	let extra = 0;
	for (let start = 0; start < text.length; ) {
		let end = Math.min(start + BLOCK, text.length);
		if (isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end++;
		starts.push(start);
		before.push(extra);
		extra += escapesIn(text.slice(start, end));
		start = end;
	}
	return { text, extra, starts, before };
}

/** The strings shortenTexts could shorten (longer than MIN_TEXT_LENGTH), walked once, without recursion. */
function longTexts(json: IDataObject, skip: ReadonlySet<string>): LongText[] {
	const found: LongText[] = [];
	const pending: unknown[] = [
		Object.entries(json)
			.filter(([key]) => !skip.has(key))
			.map(([, v]) => v),
	];
	while (pending.length > 0) {
		const value = pending.pop();
		if (typeof value === 'string') {
			if (value.length > MIN_TEXT_LENGTH) found.push(longText(value));
		} else if (Array.isArray(value)) for (const entry of value) pending.push(entry);
		else if (value !== null && typeof value === 'object')
			for (const entry of Object.values(value)) pending.push(entry);
	}
	return found;
}

/** What cutting `text` to `n` characters and adding the ellipsis does to its JSON length. */
function cutDelta({ text, extra, starts, before }: LongText, n: number): number {
	// The block holding the cut: the last start at or before n.
	let low = 0;
	let high = starts.length - 1;
	while (low < high) {
		const middle = (low + high + 1) >>> 1;
		if (starts[middle] <= n) low = middle;
		else high = middle - 1;
	}
	// A surrogate pair cut in two leaves a lone half, which escapesIn counts as JSON does.
	const kept = before[low] + escapesIn(text.slice(starts[low], n));
	return n + kept + ELLIPSIS.length - (text.length + extra);
}

/** What `{...json, ...marker}` adds to the JSON length of `json` (`text`): computed, not serialised. */
function markerDelta(json: IDataObject, text: string, marker: IDataObject): number {
	let delta = 0;
	let members = text === '{}' ? 0 : 1;
	for (const [key, value] of Object.entries(marker)) {
		const valueLength = JSON.stringify(value).length;
		const own = Object.hasOwn(json, key) ? JSON.stringify(json[key]) : undefined;
		if (own !== undefined) delta += valueLength - own.length;
		else {
			delta += (members > 0 ? 1 : 0) + JSON.stringify(key).length + 1 + valueLength;
			members++;
		}
	}
	return delta;
}

/** The largest n in [low, high] for which `fits(n)` holds (it holds up to some n), or low - 1. */
function largestFitting(low: number, high: number, fits: (n: number) => boolean): number {
	let found = low - 1;
	while (low <= high) {
		const middle = Math.floor((low + high) / 2);
		if (fits(middle)) {
			found = middle;
			low = middle + 1;
		} else high = middle - 1;
	}
	return found;
}

/**
 * The record as is when its JSON fits in `budget` characters, else a marked, shorter one. The
 * record is serialised once: the length each text length would give is computed from its
 * strings (their lengths and escapes), and only the result, within the budget, is serialised
 * again to check it.
 */
export function fitToBudget(json: IDataObject, budget: number): IDataObject {
	const text = JSON.stringify(json);
	if (text.length <= budget) return json;
	const marker = { truncated: true, originalLength: text.length };
	const withinBudget = (record: IDataObject) => JSON.stringify(record).length <= budget;
	const shortened = (maxLength: number) =>
		({ ...(shortenTexts(json, maxLength) as IDataObject), ...marker }) as IDataObject;
	const texts = longTexts(json, new Set(Object.keys(marker)));
	const fixed = text.length + markerDelta(json, text, marker);
	const lengthAt = (n: number) =>
		texts.reduce(
			(length, entry) => (entry.text.length > n ? length + cutDelta(entry, n) : length),
			fixed,
		);
	const longest = texts.reduce((most, entry) => Math.max(most, entry.text.length), 0);
	const textLength = largestFitting(MIN_TEXT_LENGTH, longest, (n) => lengthAt(n) <= budget);
	if (textLength >= MIN_TEXT_LENGTH) {
		const record = shortened(textLength);
		if (withinBudget(record)) return record;
	}
	// Too many values to shorten: the start of the record's JSON text, as a string.
	const partial = (n: number) => ({ ...marker, partialJson: text.slice(0, n) });
	return partial(
		Math.max(
			0,
			largestFitting(0, budget, (n) => withinBudget(partial(n))),
		),
	);
}

const BUDGET = {
	label: 'Answer Budget (Characters)',
	name: 'agentBudget',
	min: 1000,
	max: 1_000_000,
	integer: true,
};

export const agentBudget: Behaviour = {
	parameters: () => [],
	options: () => [
		{
			displayName: 'Answer Budget (Characters)',
			name: 'agentBudget',
			type: 'number',
			typeOptions: { minValue: BUDGET.min, maxValue: BUDGET.max },
			default: DEFAULT_AGENT_BUDGET,
			description:
				'The most characters (as JSON) of each result the AI agent receives. Longer texts are shortened and the result says "truncated": true with its original length.',
			displayOptions: { show: onlyAsTool(true) },
		},
	],
	read(_op, { asTool, options }) {
		if (!asTool) return undefined;
		const budget = boundedNumber(options.agentBudget ?? DEFAULT_AGENT_BUDGET, BUDGET);
		return (next) => async (request) =>
			mapJson((json) => fitToBudget(json, budget))(await next(request));
	},
};
