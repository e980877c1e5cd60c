/**
 * Brand > Watch for Changes in n8n-core, the workflow's static data carried from one run to the
 * next as n8n does between production executions: new brands, then only what changed, compared
 * the way people mean it (colour order and case, `www.` and case in domains do not count), and
 * the state kept bounded (small values whole, the others as fingerprints).
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import nock from 'nock';

import { mockApi, useNock } from '../helpers/http';
import { sleep } from '../../devkit/wait';
import { loadPackage } from '../../devkit/package';
import { NODE_NAME, runNode, type RunNodeResult } from '../helpers/runNode';
import { SIMPLIFIERS } from '../../nodes/shared/behaviours/simplify';
import {
	compactState,
	watchableFields,
	watchedKeys,
	watchedValues,
} from '../../nodes/shared/brand/changes';
import {
	LookupMemory,
	MAX_BYTES_PER_LOOKUP,
	MAX_LOOKUPS,
} from '../../nodes/shared/brand/lookupMemory';

useNock();

interface Brand {
	title: string;
	slogan: string;
	colors: string[];
	description?: string;
	logos?: string[];
	socials?: { type: string; url: string }[];
	links?: IDataObject;
}

/** The brand of the API's answer (GET /brand/retrieve), as brandService serves it. */
const apiBrand = (host: string, brand: Brand): IDataObject => ({
	domain: host,
	title: brand.title,
	description: brand.description ?? `${host} makes things`,
	slogan: brand.slogan,
	primary_language: 'en',
	colors: brand.colors.map((hex) => ({ hex })),
	logos: (brand.logos ?? [`https://${host}/logo.svg`]).map((url) => ({ url, type: 'logo' })),
	socials: brand.socials ?? [{ type: 'x', url: `https://x.com/${host}` }],
	links: brand.links ?? { careers: `https://${host}/careers`, blog: null },
	email: null,
	phone: null,
});

const retrieved = (brand: IDataObject) => ({
	success: true,
	data: {
		status: 'ok',
		code: 200,
		brand,
		key_metadata: { credits_consumed: 1, credits_remaining: 90 },
	},
});

/**
 * A service whose brands a test can change between runs; `failing` domains answer 404, 300 ms
 * after the others (the failure arrives once the other lookups' answers are read).
 */
function brandService(brands: Record<string, Brand>, failing: Set<string> = new Set()) {
	return mockApi(async (request) => {
		if (request.path === '/account') return [200, { success: true, data: {} }];
		// The other lookups (ticker, name, e-mail, ISIN) all find acme.com.
		const domain = request.query.domain ?? 'acme.com';
		const host = new URL(domain.includes('//') ? domain : `https://${domain}`).hostname
			.replace(/^www\./, '')
			.toLowerCase();
		if (failing.has(host)) {
			await sleep(300);
			return [404, { success: false, error: `No brand found for ${host}` }];
		}
		return [200, retrieved(apiBrand(host, brands[host]))];
	});
}

const initialBrands = (): Record<string, Brand> => ({
	'acme.com': { title: 'Acme', slogan: 'Drop it', colors: ['#ff0000', '#222222'] },
	'globex.com': { title: 'Globex', slogan: 'Global', colors: ['#00ff00'] },
	'initech.com': { title: 'Initech', slogan: 'Reports', colors: ['#0000ff', '#ffffff'] },
});

/** A brand whose description, logos, socials and links are too large to keep whole. */
const largeBrand = (): Brand => ({
	title: 'Acme',
	slogan: 'Drop it',
	colors: ['#ff0000', '#222222'],
	description: 'Acme makes anvils, rockets and portable holes for the discerning coyote. '.repeat(
		8,
	),
	logos: Array.from({ length: 12 }, (_, i) => `https://cdn.acme.com/logos/${i}.svg`),
	socials: [
		{ type: 'x', url: 'https://x.com/acme' },
		{ type: 'linkedin', url: 'https://linkedin.com/company/acme' },
	],
	links: { careers: 'https://acme.com/careers', blog: 'https://acme.com/blog', press: null },
});

const watchParameters = (extra: IDataObject = {}) => ({
	operation: 'retrieve',
	domain: '={{ $json.domain }}',
	watchForChanges: true,
	...extra,
});

async function watch(
	domains: string[],
	staticData: IDataObject | undefined,
	extra: { parameters?: IDataObject; continueOnFail?: boolean } = {},
): Promise<RunNodeResult> {
	const result = await runNode({
		type: 'webDataBrand',
		parameters: watchParameters(extra.parameters),
		items: domains.map((domain) => ({ domain })),
		staticData,
		continueOnFail: extra.continueOnFail,
	});
	expect(result.error).toBeUndefined();
	return result;
}

const stored = (staticData: IDataObject) =>
	(staticData[`node:${NODE_NAME}`] as IDataObject).watchedLookups as Record<string, IDataObject>;

const DOMAINS = ['acme.com', 'globex.com', 'initech.com'];

describe('Watch for Changes', () => {
	test('first run: every brand is new; then only the brand whose colors changed; then nothing', async () => {
		const brands = initialBrands();
		brandService(brands);

		const first = await watch(DOMAINS, undefined);
		expect(first.items.map((i) => [i.json.domain, i.json.change])).toEqual([
			['acme.com', { status: 'new', fields: [] }],
			['globex.com', { status: 'new', fields: [] }],
			['initech.com', { status: 'new', fields: [] }],
		]);
		// The simplified record, with the change.
		expect(first.items[0].json).toMatchObject({
			title: 'Acme',
			colors: ['#ff0000', '#222222'],
			logos: ['https://acme.com/logo.svg'],
			creditsRemaining: 90,
		});
		expect(first.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);

		brands['globex.com'].colors = ['#00ff00', '#123456'];
		const second = await watch(DOMAINS, first.staticData);
		expect(second.items).toHaveLength(1);
		expect(second.items[0].json.domain).toBe('globex.com');
		expect(second.items[0].json.change).toEqual({
			status: 'changed',
			fields: [{ field: 'colors', before: ['#00ff00'], after: ['#00ff00', '#123456'] }],
		});
		expect(second.items[0].pairedItem).toEqual({ item: 1 });

		const third = await watch(DOMAINS, second.staticData);
		expect(third.items).toEqual([]);
	});

	test('colour order and hex case, www. and case in the domain are not changes', async () => {
		const brands = initialBrands();
		brandService(brands);
		const first = await watch(['acme.com'], undefined);

		brands['acme.com'].colors = ['#222222', '#FF0000'];
		const second = await watch(['https://WWW.Acme.com/about'], first.staticData);

		expect(second.items).toEqual([]);
		expect(Object.keys(stored(second.staticData))).toEqual(['retrieve:acme.com']);
	});

	test('a social or logo URL whose scheme or host differs only in case is not a change; a path is', async () => {
		const brands = initialBrands();
		brands['acme.com'].socials = [{ type: 'x', url: 'https://X.com/acme' }];
		brands['acme.com'].logos = ['https://CDN.acme.com/logo.svg'];
		brandService(brands);
		const first = await watch(['acme.com'], undefined);

		brands['acme.com'].socials = [
			{ type: 'x', url: 'https://x.com/acme' },
			{ type: 'X', url: 'HTTPS://x.com/acme' },
		];
		brands['acme.com'].logos = ['https://cdn.acme.com/logo.svg'];
		const second = await watch(['acme.com'], first.staticData);
		expect(second.items).toEqual([]);

		brands['acme.com'].socials = [{ type: 'x', url: 'https://x.com/Acme' }];
		const third = await watch(['acme.com'], second.staticData);
		expect(third.items.map((i) => (i.json.change as IDataObject).fields)).toEqual([
			[expect.objectContaining({ field: 'socials' })],
		]);
	});

	test('a ticker, name, e-mail or ISIN is trimmed and case-folded for the lookup', async () => {
		brandService(initialBrands());
		const lookups = [
			['retrieveByTicker', 'ticker', ' acme ', 'ACME'],
			['retrieveByName', 'name', 'Acme Inc', ' acme inc'],
			['retrieveByEmail', 'email', 'CEO@Acme.com', 'ceo@acme.com '],
			['retrieveByIsin', 'isin', 'us0000000001', 'US0000000001'],
		];
		for (const [operation, field, firstValue, secondValue] of lookups) {
			const parameters = { operation, [field]: '={{ $json.value }}', watchForChanges: true };
			const first = await runNode({
				type: 'webDataBrand',
				parameters,
				items: [{ value: firstValue }],
			});
			expect(first.items.map((i) => (i.json.change as IDataObject).status)).toEqual(['new']);
			const second = await runNode({
				type: 'webDataBrand',
				parameters,
				items: [{ value: secondValue }],
				staticData: first.staticData,
			});
			expect({ operation, items: second.items }).toEqual({ operation, items: [] });
			expect(Object.keys(stored(second.staticData))).toEqual([
				`${operation}:${String(secondValue).trim().toLowerCase()}`,
			]);
		}
	});

	test('a title change is reported with before and after; slogan and title together', async () => {
		const brands = initialBrands();
		brandService(brands);
		const first = await watch(['acme.com'], undefined);

		brands['acme.com'] = { ...brands['acme.com'], title: 'Acme Corp', slogan: 'Drop it now' };
		const second = await watch(['acme.com'], first.staticData);

		expect(second.items[0].json.change).toEqual({
			status: 'changed',
			fields: [
				{ field: 'title', before: 'Acme', after: 'Acme Corp' },
				{ field: 'slogan', before: 'Drop it', after: 'Drop it now' },
			],
		});
	});

	test('only the watched fields count, and only they are stored', async () => {
		const brands = initialBrands();
		brandService(brands);
		const parameters = { watchedFields: ['colors'] };
		const first = await watch(['acme.com'], undefined, { parameters });
		expect(stored(first.staticData)['retrieve:acme.com']).toEqual({
			colors: ['#ff0000', '#222222'],
		});

		brands['acme.com'].title = 'Acme Renamed';
		expect((await watch(['acme.com'], first.staticData, { parameters })).items).toEqual([]);
	});

	test('an empty Watched Fields is refused before anything is sent, naming the item', async () => {
		const api = brandService(initialBrands());
		const { error, items } = await runNode({
			type: 'webDataBrand',
			parameters: watchParameters({ watchedFields: '={{ $json.fields }}' }),
			items: [
				{ domain: 'acme.com', fields: ['colors'] },
				{ domain: 'globex.com', fields: [] },
			],
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Watched Fields must name at least one of: Name / Title, Description, Slogan / Tagline, Colors, Logos, Socials, Links [item 1]',
		);
		api.expectNothingSent();
	});

	test('a lookup that fails the node loses no change: nothing is saved, and the next run reports it', async () => {
		const brands = initialBrands();
		const failing = new Set<string>();
		brandService(brands, failing);
		const first = await watch(DOMAINS, undefined);

		// Run 2: acme.com's slogan changes, and globex.com answers 404 after acme.com's answer is read.
		brands['acme.com'].slogan = 'Drop it now';
		failing.add('globex.com');
		const second = await runNode({
			type: 'webDataBrand',
			parameters: watchParameters(),
			items: DOMAINS.map((domain) => ({ domain })),
			staticData: first.staticData,
		});
		expect(second.error?.message).toContain('No brand found for globex.com');
		expect(second.items).toEqual([]);
		// n8n saves static data even for a failed production execution: it must be as it was.
		expect(second.staticData).toEqual(first.staticData);

		// Run 3: globex.com still fails, under Continue On Fail: its error item, and acme.com's change.
		const third = await watch(DOMAINS, second.staticData, { continueOnFail: true });
		expect(third.items.map((i) => [i.pairedItem, i.json.change ?? i.json.error])).toEqual([
			[
				{ item: 0 },
				{
					status: 'changed',
					fields: [{ field: 'slogan', before: 'Drop it', after: 'Drop it now' }],
				},
			],
			[{ item: 1 }, expect.stringContaining('No brand found for globex.com')],
		]);
		expect(stored(third.staticData)['retrieve:acme.com']).toMatchObject({ slogan: 'Drop it now' });
		expect(stored(third.staticData)['retrieve:globex.com']).toEqual(
			stored(first.staticData)['retrieve:globex.com'],
		);

		// Run 4: delivered once, the change is not reported again.
		failing.clear();
		expect((await watch(DOMAINS, third.staticData)).items).toEqual([]);
	});

	test("a failing node leaves the previous version's state where it was", async () => {
		const brands = initialBrands();
		brandService(brands, new Set(['globex.com']));
		const keys = watchedKeys('brandRecord', watchableFields('brandRecord'));
		const whole = watchedValues(
			SIMPLIFIERS.brandRecord(retrieved(apiBrand('acme.com', brands['acme.com']))),
			keys,
		);
		const staticData = { [`node:${NODE_NAME}`]: { watchedBrands: { 'retrieve:acme.com': whole } } };
		const failed = await runNode({
			type: 'webDataBrand',
			parameters: watchParameters(),
			items: [{ domain: 'acme.com' }, { domain: 'globex.com' }],
			staticData,
		});
		expect(failed.error).toBeDefined();
		expect(failed.staticData).toEqual(staticData);
	});

	test('a failed lookup (Continue On Fail) leaves its stored state untouched; the others are saved', async () => {
		const brands = initialBrands();
		const failing = new Set<string>();
		brandService(brands, failing);
		const first = await watch(DOMAINS, undefined);

		brands['acme.com'].colors = ['#000000'];
		brands['globex.com'].title = 'Globex Corp';
		failing.add('acme.com');
		const second = await watch(DOMAINS, first.staticData, { continueOnFail: true });
		expect(second.items.map((i) => [i.pairedItem, i.json.error ?? i.json.title])).toEqual([
			[{ item: 0 }, expect.stringContaining('No brand found for acme.com')],
			[{ item: 1 }, 'Globex Corp'],
		]);
		expect(stored(second.staticData)['retrieve:acme.com']).toEqual(
			stored(first.staticData)['retrieve:acme.com'],
		);
		expect(stored(second.staticData)['retrieve:globex.com']).toMatchObject({
			title: 'Globex Corp',
		});

		failing.clear();
		const third = await watch(DOMAINS, second.staticData);
		expect(third.items.map((i) => i.json.change)).toEqual([
			{
				status: 'changed',
				fields: [{ field: 'colors', before: ['#ff0000', '#222222'], after: ['#000000'] }],
			},
		]);
	});

	test('a failure reported inside a 2xx is an error item, never a change of every field to null', async () => {
		const brands = initialBrands();
		const outage = new Set<string>();
		brandService(brands);
		const first = await watch(DOMAINS, undefined);
		// The service answers 200 with `data.status: "error"`, code 503 and no brand for acme.com.
		nock.cleanAll();
		mockApi((request) =>
			outage.has(request.query.domain)
				? [200, { success: true, data: { status: 'error', code: 503, message: 'Source down' } }]
				: [200, retrieved(apiBrand(request.query.domain, brands[request.query.domain]))],
		);
		outage.add('acme.com');
		const second = await watch(DOMAINS, first.staticData, { continueOnFail: true });
		expect(second.items.map((i) => [i.pairedItem, i.json])).toEqual([
			[
				{ item: 0 },
				expect.objectContaining({
					error:
						'The Web Data API reported a failure (code 503, status "error", HTTP 200): Source down',
					httpCode: '503',
				}),
			],
		]);
		expect(second.staticData).toEqual(first.staticData);

		outage.clear();
		expect((await watch(DOMAINS, second.staticData)).items).toEqual([]);
	});

	test('each watched field that changes is reported under its name, with before only when it was small', async () => {
		const brands = { 'acme.com': largeBrand() };
		brandService(brands);
		let { staticData } = await watch(['acme.com'], undefined);
		const fingerprint = expect.stringMatching(/^[\w-]{16}$/);
		expect(stored(staticData)['retrieve:acme.com']).toEqual({
			title: 'Acme',
			slogan: 'Drop it',
			colors: ['#ff0000', '#222222'],
			'#': {
				description: fingerprint,
				logos: fingerprint,
				socials: fingerprint,
				links: fingerprint,
			},
		});

		const acme = brands['acme.com'];
		const changes: [keyof Brand, unknown, boolean][] = [
			['title', 'Acme Corp', true],
			['description', `${acme.description}!`, false],
			['slogan', 'Drop it now', true],
			['colors', ['#ff0000'], true],
			['logos', [...acme.logos!.slice(1), 'https://cdn.acme.com/new.svg'], false],
			['socials', [...acme.socials!, { type: 'youtube', url: 'https://youtube.com/@acme' }], false],
			['links', { ...acme.links, careers: 'https://jobs.acme.com' }, false],
		];
		for (const [field, after, small] of changes) {
			const before = brands['acme.com'][field];
			brands['acme.com'] = { ...brands['acme.com'], [field]: after };
			const changed = await watch(['acme.com'], staticData);
			expect({ field, change: changed.items.map((i) => i.json.change) }).toStrictEqual({
				field,
				change: [
					{ status: 'changed', fields: [small ? { field, before, after } : { field, after }] },
				],
			});
			const unchanged = await watch(['acme.com'], changed.staticData);
			expect({ field, items: unchanged.items }).toEqual({ field, items: [] });
			staticData = unchanged.staticData;
		}
	});

	test("the previous version's state (whole values) is read without false changes, then kept compact", async () => {
		const longHost = `${'a'.repeat(40)}.${'b'.repeat(30)}.example.com`;
		const brands = { 'acme.com': largeBrand(), [longHost]: initialBrands()['globex.com'] };
		brandService(brands);
		// What the previous version stored: each lookup's watched values, whole, under its full key.
		const keys = watchedKeys('brandRecord', watchableFields('brandRecord'));
		const whole = (host: string) =>
			watchedValues(SIMPLIFIERS.brandRecord(retrieved(apiBrand(host, brands[host]))), keys);
		const watchedBrands = {
			'retrieve:acme.com': whole('acme.com'),
			[`retrieve:${longHost}`]: whole(longHost),
		};
		const staticData = { [`node:${NODE_NAME}`]: { watchedBrands } };

		const first = await watch(['acme.com', longHost], staticData);
		expect(first.items).toEqual([]);
		expect(first.staticData[`node:${NODE_NAME}`]).not.toHaveProperty('watchedBrands');
		const kept = stored(first.staticData);
		expect(Object.keys(kept)).toEqual([
			'retrieve:acme.com',
			expect.stringMatching(/^retrieve#[\w-]{16}$/),
		]);
		expect(JSON.stringify(kept).length).toBeLessThan(2 * MAX_BYTES_PER_LOOKUP);
		expect(JSON.stringify(kept).length).toBeLessThan(JSON.stringify(watchedBrands).length / 2);

		brands['acme.com'] = {
			...brands['acme.com'],
			colors: ['#000000'],
			description: 'Acme, renamed.',
		};
		const second = await watch(['acme.com', longHost], first.staticData);
		expect(second.items.map((i) => i.json.change)).toStrictEqual([
			{
				status: 'changed',
				fields: [
					{ field: 'description', after: 'Acme, renamed.' },
					{ field: 'colors', before: ['#ff0000', '#222222'], after: ['#000000'] },
				],
			},
		]);
	});

	test('a long lookup value is kept under its digest, still trimmed and case-folded', async () => {
		brandService(initialBrands());
		const name = 'The Acme Manufacturing and Distribution Company of North America';
		const parameters = {
			operation: 'retrieveByName',
			name: '={{ $json.value }}',
			watchForChanges: true,
		};
		const first = await runNode({ type: 'webDataBrand', parameters, items: [{ value: name }] });
		expect(first.items).toHaveLength(1);
		expect(Object.keys(stored(first.staticData))).toEqual([
			expect.stringMatching(/^retrieveByName#[\w-]{16}$/),
		]);
		const second = await runNode({
			type: 'webDataBrand',
			parameters,
			items: [{ value: ` ${name.toUpperCase()} ` }],
			staticData: first.staticData,
		});
		expect(second.items).toEqual([]);
	});

	test('at 10,000 lookups the state stays under 4.2 MB, with realistic and with hostile answers', () => {
		const keys = watchedKeys('brandRecord', watchableFields('brandRecord'));
		const valuesOf = (brand: Brand) =>
			watchedValues(SIMPLIFIERS.brandRecord(retrieved(apiBrand('brand.com', brand))), keys);
		const stateAt10000 = (hostOf: (i: number) => string, values: IDataObject) => {
			const nodeStaticData: IDataObject = {};
			const memory = LookupMemory.in(nodeStaticData);
			for (let i = 0; i < MAX_LOOKUPS; i++) memory.remember(`retrieve:${hostOf(i)}`, values);
			return JSON.stringify(nodeStaticData);
		};
		const realistic = stateAt10000((i) => `brand-${i}.com`, valuesOf(largeBrand()));

		// Three values of 64 bytes kept whole and four large ones: the most a lookup can keep.
		const hostileValues = valuesOf({
			title: 'T'.repeat(62),
			slogan: 'S'.repeat(62),
			colors: [`#${'c'.repeat(59)}`],
			description: 'D'.repeat(50_000),
			logos: Array.from(
				{ length: 1_000 },
				(_, i) => `https://cdn.example.com/${'l'.repeat(40)}/${i}.svg`,
			),
			socials: Array.from({ length: 1_000 }, (_, i) => ({ type: 'x', url: `https://x.com/${i}` })),
			links: Object.fromEntries(
				Array.from({ length: 1_000 }, (_, i) => [`link${i}`, `https://e.com/${i}`]),
			),
		});
		const fingerprint = expect.stringMatching(/^[\w-]{16}$/);
		const hostileState = {
			title: 'T'.repeat(62),
			slogan: 'S'.repeat(62),
			colors: [`#${'c'.repeat(59)}`],
			'#': {
				description: fingerprint,
				logos: fingerprint,
				socials: fingerprint,
				links: fingerprint,
			},
		};
		const once: IDataObject = {};
		LookupMemory.in(once).remember('retrieve:brand.com', hostileValues);
		expect(once.watchedLookups).toEqual({ 'retrieve:brand.com': hostileState });
		// Fingerprinting these 200 KB takes about 2 ms: they are fingerprinted once, and that state
		// is what the memory keeps for 10,000 lookups (compacting a compact state changes nothing).
		const compact = compactState(hostileValues);
		expect(compact).toEqual(hostileState);
		// The longest key kept as such: 64 bytes as JSON.
		const hostile = stateAt10000((i) => `${String(i).padStart(49, 'x')}.com`, compact);

		for (const state of [realistic, hostile]) {
			expect(Buffer.byteLength(state)).toBeLessThanOrEqual(MAX_LOOKUPS * MAX_BYTES_PER_LOOKUP);
			expect(state.length).toBeLessThanOrEqual(5_000_000);
		}
	});

	test('at most 10,000 lookups are kept: the ones seen longest ago are forgotten', async () => {
		brandService(initialBrands());
		const seeded: Record<string, IDataObject> = {};
		for (let i = 0; i < 10_000; i++) seeded[`retrieve:old-${i}.com`] = { title: `Old ${i}` };
		seeded['retrieve:acme.com'] = { title: 'Acme' };
		delete seeded['retrieve:old-9999.com'];
		// In the previous version's place and format (whole values), moved on first use.
		const staticData = { [`node:${NODE_NAME}`]: { watchedBrands: seeded } };

		// acme.com is the newest entry and is seen again; globex and initech are new.
		const { staticData: after } = await watch(
			['acme.com', 'globex.com', 'initech.com'],
			staticData,
		);
		expect(after[`node:${NODE_NAME}`]).not.toHaveProperty('watchedBrands');

		const keys = Object.keys(stored(after));
		expect(keys).toHaveLength(10_000);
		expect(keys).not.toContain('retrieve:old-0.com');
		expect(keys).not.toContain('retrieve:old-1.com');
		expect(keys).toContain('retrieve:old-2.com');
		expect(keys.slice(-3).sort()).toEqual([
			'retrieve:acme.com',
			'retrieve:globex.com',
			'retrieve:initech.com',
		]);
	});

	test('Get Profile: the lookup is the URL host, and a tagline change is reported', async () => {
		let tagline = 'Quality you can drop';
		mockApi((request) =>
			request.path === '/account'
				? [200, { success: true, data: {} }]
				: [
						200,
						{
							success: true,
							data: {
								brand: {
									name: 'Acme',
									domain: 'acme.com',
									logos: [],
									images: [],
									colors: [{ hex: '#FF0000' }],
									fonts: [{ family: 'Inter' }],
									socials: [{ network: 'x', url: 'https://x.com/acme' }],
									tagline,
								},
								meta: { sourceUrl: 'https://acme.com/', cached: false },
							},
						},
					],
		);
		const parameters = { operation: 'getProfile', url: '={{ $json.domain }}' };
		const first = await watch(['https://acme.com'], undefined, { parameters });
		expect(first.items[0].json).toMatchObject({ name: 'Acme', fonts: ['Inter'] });
		expect(Object.keys(stored(first.staticData))).toEqual(['getProfile:acme.com']);

		tagline = 'Drop it like it is hot';
		const second = await watch(['https://www.acme.com/'], first.staticData, { parameters });
		expect(second.items[0].json.change).toEqual({
			status: 'changed',
			fields: [{ field: 'tagline', before: 'Quality you can drop', after: tagline }],
		});
	});
});

describe('the editor with Watch for Changes on', () => {
	// n8n's own display rules decide which parameters the editor shows (and keeps).
	const shown = async (parameters: IDataObject) => {
		const { description } = (await loadPackage()).nodeTypes.webDataBrand;
		const node: INode = {
			id: 'editor',
			name: NODE_NAME,
			type: 'n8n-nodes-webdata.webDataBrand',
			typeVersion: 1,
			position: [0, 0],
			parameters: parameters as INodeParameters,
		};
		return description.properties
			.filter((p) =>
				NodeHelpers.displayParameter(parameters as INodeParameters, p, node, description),
			)
			.map((p) => p.name);
	};

	test('Simplify is hidden (the output is the simplified record anyway); the notice and Watched Fields appear', async () => {
		const off = await shown({ operation: 'retrieve', watchForChanges: false });
		expect(off).toContain('simplify');
		expect(off).not.toContain('watchedFields');
		const on = await shown({ operation: 'retrieve', watchForChanges: true });
		expect(on).not.toContain('simplify');
		expect(on).toEqual(expect.arrayContaining(['watchNotice', 'watchedFields']));
	});
});
