/**
 * Brand > Watch for Changes in n8n-core, the workflow's static data carried from one run to the
 * next as n8n does between production executions: new brands, then only what changed, compared
 * the way people mean it (colour order and case, `www.` and case in domains do not count).
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { mockApi, useNock } from '../helpers/http';
import { loadPackage } from '../../devkit/package';
import { NODE_NAME, runNode, type RunNodeResult } from '../../devkit/runNode';

useNock();

interface Brand {
	title: string;
	slogan: string;
	colors: string[];
}

/** A service whose brands a test can change between runs; `failing` domains answer 404. */
function brandService(brands: Record<string, Brand>, failing: Set<string> = new Set()) {
	return mockApi((request) => {
		if (request.path === '/account') return [200, { success: true, data: {} }];
		// The other lookups (ticker, name, e-mail, ISIN) all find acme.com.
		const domain = request.query.domain ?? 'acme.com';
		const host = new URL(domain.includes('//') ? domain : `https://${domain}`).hostname
			.replace(/^www\./, '')
			.toLowerCase();
		if (failing.has(host)) return [404, { success: false, error: `No brand found for ${host}` }];
		const brand = brands[host];
		return [
			200,
			{
				success: true,
				data: {
					status: 'ok',
					code: 200,
					brand: {
						domain: host,
						title: brand.title,
						description: `${host} makes things`,
						slogan: brand.slogan,
						primary_language: 'en',
						colors: brand.colors.map((hex) => ({ hex })),
						logos: [{ url: `https://${host}/logo.svg`, type: 'logo' }],
						socials: [{ type: 'x', url: `https://x.com/${host}` }],
						links: { careers: `https://${host}/careers`, blog: null },
						email: null,
						phone: null,
					},
					key_metadata: { credits_consumed: 1, credits_remaining: 90 },
				},
			},
		];
	});
}

const initialBrands = (): Record<string, Brand> => ({
	'acme.com': { title: 'Acme', slogan: 'Drop it', colors: ['#ff0000', '#222222'] },
	'globex.com': { title: 'Globex', slogan: 'Global', colors: ['#00ff00'] },
	'initech.com': { title: 'Initech', slogan: 'Reports', colors: ['#0000ff', '#ffffff'] },
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
	(staticData[`node:${NODE_NAME}`] as IDataObject).watchedBrands as Record<string, IDataObject>;

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

	test('a failed lookup (Continue On Fail) leaves the stored state untouched', async () => {
		const brands = initialBrands();
		const failing = new Set<string>();
		brandService(brands, failing);
		const first = await watch(DOMAINS, undefined);

		brands['acme.com'].colors = ['#000000'];
		failing.add('acme.com');
		const second = await watch(DOMAINS, first.staticData, { continueOnFail: true });
		expect(second.items).toHaveLength(1);
		expect(second.items[0].json.error).toEqual(
			expect.stringContaining('No brand found for acme.com'),
		);
		expect(stored(second.staticData)['retrieve:acme.com']).toEqual(
			stored(first.staticData)['retrieve:acme.com'],
		);

		failing.clear();
		const third = await watch(DOMAINS, second.staticData);
		expect(third.items.map((i) => i.json.change)).toEqual([
			{
				status: 'changed',
				fields: [{ field: 'colors', before: ['#ff0000', '#222222'], after: ['#000000'] }],
			},
		]);
	});

	test('at most 10,000 lookups are kept: the ones seen longest ago are forgotten', async () => {
		brandService(initialBrands());
		const seeded: Record<string, IDataObject> = {};
		for (let i = 0; i < 10_000; i++) seeded[`retrieve:old-${i}.com`] = { title: `Old ${i}` };
		seeded['retrieve:acme.com'] = { title: 'Acme' };
		delete seeded['retrieve:old-9999.com'];
		const staticData = { [`node:${NODE_NAME}`]: { watchedBrands: seeded } };

		// acme.com is the newest entry and is seen again; globex and initech are new.
		const { staticData: after } = await watch(
			['acme.com', 'globex.com', 'initech.com'],
			staticData,
		);

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
