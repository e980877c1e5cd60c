/** Simplify: return the fields people use from the large brand responses. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { onlyAsTool } from '../tool';
import { booleanOption } from './optionBounds';
import { mapJson, type Behaviour } from './types';

type Obj = IDataObject;

const list = (value: unknown): Obj[] => (Array.isArray(value) ? (value as Obj[]) : []);
const pick = (items: unknown, key: string) =>
	list(items)
		.map((item) => item[key])
		.filter((v) => v !== undefined);

/** GET /brand/retrieve*: `{success, data: {status, code, brand, key_metadata}}`. */
function brandRecord(body: Obj): Obj {
	const data = (body.data ?? {}) as Obj;
	const brand = (data.brand ?? {}) as Obj;
	return {
		domain: brand.domain,
		title: brand.title,
		description: brand.description,
		slogan: brand.slogan,
		language: brand.primary_language,
		colors: pick(brand.colors, 'hex'),
		logos: pick(brand.logos, 'url'),
		socials: list(brand.socials).map(({ type, url }) => ({ type, url })),
		links: brand.links,
		email: brand.email,
		phone: brand.phone,
		creditsRemaining: (data.key_metadata as Obj | undefined)?.credits_remaining,
	};
}

/** POST /brand: `{success, data: {brand, meta}}`. */
function brandProfile(body: Obj): Obj {
	const data = (body.data ?? {}) as Obj;
	const brand = (data.brand ?? {}) as Obj;
	const meta = (data.meta ?? {}) as Obj;
	return {
		name: brand.name,
		domain: brand.domain,
		description: brand.description,
		tagline: brand.tagline,
		language: brand.language,
		logos: pick(brand.logos, 'url'),
		colors: pick(brand.colors, 'hex'),
		fonts: pick(brand.fonts, 'family'),
		socials: list(brand.socials).map(({ network, url }) => ({ network, url })),
		sourceUrl: meta.sourceUrl,
		cached: meta.cached,
	};
}

/** The simplified record of each brand response shape. */
export const SIMPLIFIERS = { brandRecord, brandProfile } as const;

const simplifySwitch: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description: 'Whether to return only the fields most people use instead of the full record',
	// Watch for Changes outputs the simplified record anyway.
	displayOptions: { show: onlyAsTool(false), hide: { watchForChanges: [true] } },
};

/** On by default when the node is an AI agent's tool: the model gets the short record. */
const simplifySwitchAsTool: INodeProperties = {
	...simplifySwitch,
	default: true,
	displayOptions: { ...simplifySwitch.displayOptions, show: onlyAsTool(true) },
};

export const simplify: Behaviour = {
	switches: (op) => (op.simplify ? [simplifySwitch, simplifySwitchAsTool] : []),
	options: () => [],
	read(op, { get }) {
		const simplifier = op.simplify && SIMPLIFIERS[op.simplify];
		if (!simplifier || !booleanOption(get('simplify', false), 'Simplify', 'simplify'))
			return undefined;
		return (next) => async (request) => mapJson(simplifier)(await next(request));
	},
};
