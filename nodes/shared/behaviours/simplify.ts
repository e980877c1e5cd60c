/** Simplify: return the fields people use from the large brand responses. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { BrandProfileResponse, BrandRecordResponse } from '../../../contract';
import { onlyAsTool } from '../tool';
import { listOf, reportsPlainSuccess, serviceReport } from '../transport/answers';
import { booleanOption } from './optionBounds';
import { mapJson, type Behaviour } from './types';

const pick = <T, K extends keyof T>(items: T[] | undefined, key: K) =>
	listOf(items)
		.map((item) => item[key])
		.filter((v) => v !== undefined);

/** The values without repeats, each as first written; `same` says which spellings are one. */
function unique<T>(values: T[], same: (value: T) => unknown = (value) => value): T[] {
	const seen = new Set<unknown>();
	return values.filter((value) => {
		const key = same(value);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** `#1a2b3c` and `#1A2B3C ` are one color. */
const hexKey = (hex: unknown) => (typeof hex === 'string' ? hex.trim().toLowerCase() : hex);

/**
 * The service's `data.status`, `data.code` and message, kept whenever they say anything but plain
 * success (a failure reported in a 2xx is an error before Simplify; anything else stays visible).
 */
function unusualReport(json: IDataObject): IDataObject {
	const report = serviceReport(json);
	return reportsPlainSuccess(report) ? {} : { ...report };
}

/** GET /brand/retrieve*: `{success, data: {status, code, brand, key_metadata}}`. */
function brandRecord(json: IDataObject): IDataObject {
	const { data } = json as BrandRecordResponse;
	const brand = data?.brand;
	return {
		...unusualReport(json),
		domain: brand?.domain,
		title: brand?.title,
		description: brand?.description,
		slogan: brand?.slogan,
		language: brand?.primary_language,
		colors: unique(pick(brand?.colors, 'hex'), hexKey),
		logos: pick(brand?.logos, 'url'),
		socials: listOf(brand?.socials).map(({ type, url }) => ({ type, url })),
		links: brand?.links,
		email: brand?.email,
		phone: brand?.phone,
		creditsRemaining: data?.key_metadata?.credits_remaining,
	};
}

/** POST /brand: `{success, data: {brand, meta}}`. */
function brandProfile(json: IDataObject): IDataObject {
	const { data } = json as BrandProfileResponse;
	const brand = data?.brand;
	const meta = data?.meta;
	return {
		...unusualReport(json),
		name: brand?.name,
		domain: brand?.domain,
		description: brand?.description,
		tagline: brand?.tagline,
		language: brand?.language,
		logos: pick(brand?.logos, 'url'),
		colors: unique(pick(brand?.colors, 'hex'), hexKey),
		fonts: unique(pick(brand?.fonts, 'family')),
		socials: listOf(brand?.socials).map(({ network, url }) => ({ network, url })),
		sourceUrl: meta?.sourceUrl,
		cached: meta?.cached,
	};
}

/** The simplified record of each brand response shape. */
export const SIMPLIFIERS = { brandRecord, brandProfile } as const;

const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description: 'Whether to return only the fields most people use instead of the full record',
	// Watch for Changes outputs the simplified record anyway.
	displayOptions: { show: onlyAsTool(false), hide: { watchForChanges: [true] } },
};

/** On by default when the node is an AI agent's tool: the model gets the short record. */
const simplifyParameterAsTool: INodeProperties = {
	...simplifyParameter,
	default: true,
	displayOptions: { ...simplifyParameter.displayOptions, show: onlyAsTool(true) },
};

export const simplify: Behaviour = {
	parameters: (op) => (op.simplify ? [simplifyParameter, simplifyParameterAsTool] : []),
	options: () => [],
	read(op, { get }) {
		const simplifier = op.simplify && SIMPLIFIERS[op.simplify];
		if (!simplifier || !booleanOption(get('simplify', false), 'Simplify', 'simplify'))
			return undefined;
		return (next) => async (request) => mapJson(simplifier)(await next(request));
	},
};
