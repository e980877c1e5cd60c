/**
 * Simplify on the large brand responses: the fields people use, taken from the full record; off,
 * the whole response.
 */
import { mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';

useNock();

const RECORD = {
	success: true,
	data: {
		status: 'ok',
		code: 200,
		brand: {
			domain: 'acme.com',
			title: 'Acme Corporation',
			description: 'Anvils and rockets since 1949',
			slogan: 'Quality you can drop',
			primary_language: 'en',
			colors: [{ hex: '#ff0000' }, { hex: '#222222' }],
			logos: [
				{
					url: 'https://cdn.acme.com/logo.svg',
					type: 'logo',
					mode: 'light',
					resolution: { width: 200, height: 50, aspect_ratio: 4 },
					colors: [],
				},
			],
			backdrops: [
				{
					url: 'https://cdn.acme.com/hero.jpg',
					resolution: { width: 1920, height: 1080, aspect_ratio: 1.78 },
					colors: [],
				},
			],
			socials: [
				{ type: 'x', url: 'https://x.com/acme' },
				{ type: 'linkedin', url: 'https://linkedin.com/company/acme' },
			],
			stock: null,
			is_nsfw: false,
			email: 'hello@acme.com',
			phone: null,
			links: {
				careers: 'https://acme.com/jobs',
				privacy: null,
				terms: null,
				contact: 'https://acme.com/contact',
				blog: null,
				pricing: null,
			},
		},
		key_metadata: { credits_consumed: 1, credits_remaining: 99 },
	},
};

const PROFILE = {
	success: true,
	data: {
		brand: {
			name: 'Acme',
			domain: 'acme.com',
			logos: [{ url: 'https://cdn.acme.com/logo.svg', type: 'logo', width: 200, height: 50 }],
			images: [{ url: 'https://cdn.acme.com/og.png', type: 'og' }],
			colors: [{ hex: '#ff0000', name: 'Acme Red' }],
			fonts: [{ family: 'Inter', weights: ['400', '700'] }],
			socials: [{ network: 'x', url: 'https://x.com/acme' }],
			description: 'Anvils and rockets',
			tagline: 'Quality you can drop',
			language: 'en',
		},
		meta: {
			sourceUrl: 'https://acme.com/',
			fetchedAt: '2026-11-01T00:00:00.000Z',
			cached: true,
			creditsUsed: 2,
		},
	},
};

describe('Brand > Retrieve with Simplify', () => {
	test('returns the fields people use', async () => {
		mockApi(() => [200, RECORD]);

		const { items, error } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com', simplify: true },
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			domain: 'acme.com',
			title: 'Acme Corporation',
			description: 'Anvils and rockets since 1949',
			slogan: 'Quality you can drop',
			language: 'en',
			colors: ['#ff0000', '#222222'],
			logos: ['https://cdn.acme.com/logo.svg'],
			socials: [
				{ type: 'x', url: 'https://x.com/acme' },
				{ type: 'linkedin', url: 'https://linkedin.com/company/acme' },
			],
			links: RECORD.data.brand.links,
			email: 'hello@acme.com',
			phone: null,
			creditsRemaining: 99,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test.each(['retrieveByName', 'retrieveByTicker', 'retrieveByEmail', 'retrieveByIsin'])(
		'%s offers it too',
		async (operation) => {
			mockApi(() => [200, RECORD]);
			const lookup = {
				retrieveByName: { name: 'Acme' },
				retrieveByTicker: { ticker: 'ACME' },
				retrieveByEmail: { email: 'a@acme.com' },
				retrieveByIsin: { isin: 'US0000000001' },
			}[operation];

			const { items } = await runNode({
				type: 'webDataBrand',
				parameters: { operation, ...lookup, simplify: true },
			});

			expect(items[0]?.json).toMatchObject({
				domain: 'acme.com',
				title: 'Acme Corporation',
				creditsRemaining: 99,
			});
		},
	);

	test('a status the service reports other than plain success stays visible', async () => {
		const partial = {
			...RECORD,
			data: { ...RECORD.data, status: 'partial', code: 206, message: 'Logos still loading' },
		};
		mockApi(() => [200, partial]);
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com', simplify: true },
		});
		expect(items[0].json).toMatchObject({
			status: 'partial',
			code: 206,
			message: 'Logos still loading',
			title: 'Acme Corporation',
		});
	});

	test('duplicate colors (hex in any case) are one, as first written', async () => {
		const colors = [{ hex: '#1a2b3c' }, { hex: '#1A2B3C' }, { hex: '#ffffff' }, { hex: '#1a2b3c' }];
		mockApi(() => [
			200,
			{ ...RECORD, data: { ...RECORD.data, brand: { ...RECORD.data.brand, colors } } },
		]);
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com', simplify: true },
		});
		expect(items[0].json.colors).toEqual(['#1a2b3c', '#ffffff']);
	});

	test('off, the whole record is returned', async () => {
		mockApi(() => [200, RECORD]);
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: 'acme.com', simplify: false },
		});
		expect(items[0]?.json).toEqual(RECORD);
	});
});

describe('Brand > Get Profile with Simplify', () => {
	test('returns the fields people use', async () => {
		mockApi(() => [200, PROFILE]);

		const { items, error } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'getProfile', url: 'https://acme.com', simplify: true },
		});

		expect(error).toBeUndefined();
		expect(items[0]?.json).toEqual({
			name: 'Acme',
			domain: 'acme.com',
			description: 'Anvils and rockets',
			tagline: 'Quality you can drop',
			language: 'en',
			logos: ['https://cdn.acme.com/logo.svg'],
			colors: ['#ff0000'],
			fonts: ['Inter'],
			socials: [{ network: 'x', url: 'https://x.com/acme' }],
			sourceUrl: 'https://acme.com/',
			cached: true,
		});
	});

	test('duplicate colors and fonts are one, as first written', async () => {
		const brand = {
			...PROFILE.data.brand,
			colors: [{ hex: '#FF0000' }, { hex: '#ff0000' }],
			fonts: [
				{ family: 'Inter', weights: ['400'] },
				{ family: 'Inter', weights: ['700'] },
				{ family: 'Lora' },
			],
		};
		mockApi(() => [200, { ...PROFILE, data: { ...PROFILE.data, brand } }]);
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'getProfile', url: 'https://acme.com', simplify: true },
		});
		expect(items[0].json).toMatchObject({ colors: ['#FF0000'], fonts: ['Inter', 'Lora'] });
	});

	test('off, the whole profile is returned', async () => {
		mockApi(() => [200, PROFILE]);
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: { operation: 'getProfile', url: 'https://acme.com' },
		});
		expect(items[0]?.json).toEqual(PROFILE);
	});
});
