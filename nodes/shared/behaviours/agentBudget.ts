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

function longestText(value: unknown): number {
	if (typeof value === 'string') return value.length;
	if (value !== null && typeof value === 'object')
		return Math.max(0, ...Object.values(value).map(longestText));
	return 0;
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

/** The record as is when its JSON fits in `budget` characters, else a marked, shorter one. */
export function fitToBudget(json: IDataObject, budget: number): IDataObject {
	const text = JSON.stringify(json);
	if (text.length <= budget) return json;
	const marker = { truncated: true, originalLength: text.length };
	const withinBudget = (record: IDataObject) => JSON.stringify(record).length <= budget;
	const shortened = (maxLength: number) =>
		({ ...(shortenTexts(json, maxLength) as IDataObject), ...marker }) as IDataObject;
	const textLength = largestFitting(MIN_TEXT_LENGTH, longestText(json), (n) =>
		withinBudget(shortened(n)),
	);
	if (textLength >= MIN_TEXT_LENGTH) return shortened(textLength);
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
	switches: () => [],
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
