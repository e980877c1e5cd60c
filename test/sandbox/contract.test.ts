/**
 * Contract: every endpoint of the spec's list answers with a body
 * that parses with its zod schema, and every error body parses with ErrorResponse.
 */
import { ENDPOINTS, type EndpointId } from '../../contract';
import { NODES } from '../../nodes/shared/operations';
import { defaultConfig } from '../../sandbox/config';
import { ROUTES } from '../../sandbox/router';
import * as schemas from '../../contract/schemas';
import { seedState } from '../../sandbox/state';
import { admin, call, startListener, withSandbox } from './helpers';
import type { Listener } from './helpers';

interface Sample {
	path: string;
	body?: unknown;
	query?: Record<string, string | number | boolean>;
}

/* Ids of jobs that must be running are filled in beforeAll. */
/** One valid request per endpoint: the compiler names a missing one. */
const SAMPLES = {
	brandProfile: {
		path: '/brand',
		body: { url: 'https://acme.com', refresh: true, timeout: 30000 },
	},
	brandRetrieve: {
		path: '/brand/retrieve',
		query: {
			domain: 'acme.com',
			maxAgeMs: 1000,
			timeoutMS: 5000,
			forceLanguage: 'en',
			maxSpeed: true,
		},
	},
	brandRetrieveByName: {
		path: '/brand/retrieve-by-name',
		query: { name: 'Acme Inc', country_gl: 'us' },
	},
	brandRetrieveByTicker: {
		path: '/brand/retrieve-by-ticker',
		query: { ticker: 'AAPL', ticker_exchange: 'NASDAQ' },
	},
	brandRetrieveByEmail: {
		path: '/brand/retrieve-by-email',
		query: { email: 'jane@acme.com', BrandRetrieveMaxAgeMs: 10 },
	},
	brandRetrieveByIsin: {
		path: '/brand/retrieve-by-isin',
		query: { isin: 'US0378331005' },
	},
	brandAiQuery: {
		path: '/brand/ai/query',
		body: { query: 'What do they sell?', domain: 'acme.com' },
	},
	brandAiProducts: {
		path: '/brand/ai/products',
		body: { domain: 'shop.acme.com', limit: 3 },
	},
	brandAiProduct: {
		path: '/brand/ai/product',
		body: { url: 'https://shop.acme.com/p/1', directUrl: true },
	},
	youtubeTranscript: {
		path: '/youtube/transcript',
		body: { url: 'https://youtu.be/dQw4w9WgXcQ', formats: ['markdown', { type: 'text' }] },
	},
	map: {
		path: '/map',
		body: {
			url: 'https://acme.com',
			search: 'blog',
			limit: 5,
			sitemap: 'include',
			includeSubdomains: true,
			ignoreQueryParameters: true,
		},
	},
	account: { path: '/account' },
	batchScrape: {
		path: '/batch/scrape',
		body: {
			urls: ['https://acme.com/a', 'https://acme.com/b'],
			formats: ['markdown', 'html'],
			maxConcurrency: 2,
		},
	},
	extract: {
		path: '/extract',
		body: {
			prompt: 'Company name',
			urls: ['https://acme.com'],
			schema: { type: 'object', properties: { name: { type: 'string' } } },
		},
	},
	jobList: {
		path: '/jobs',
		query: { type: 'crawl', status: 'COMPLETED', page: 1, limit: 10 },
	},
	jobDetail: { path: '/jobs/crawl_demo', query: { page: 1, limit: 5 } },
	crawlStatus: { path: '/crawl/crawl_demo', query: { page: '1' } },
	extractStatus: { path: '/extract/extract_demo' },
	webFonts: {
		path: '/web/fonts',
		query: { domain: 'acme.com', cacheMaxAgeMs: 0, timeoutMS: 1000 },
	},
	webCompetitors: {
		path: '/web/competitors',
		query: { domain: 'https://acme.com', numCompetitors: 4 },
	},
	webhookUpdate: {
		path: '/webhooks/wh_demo',
		body: { events: ['crawl.completed', 'crawl.failed'] },
	},
	webhookTest: {
		path: '/webhooks/wh_demo/test',
		body: { event: 'crawl.completed', payload: { hello: 'world' } },
	},
	scrape: {
		path: '/scrape',
		query: {
			url: 'https://acme.com/pricing',
			formats: 'markdown,html,rawHtml,links,screenshot',
			onlyMainContent: false,
		},
	},
	// Filled in beforeAll: a webhook to delete.
	webhookDelete: { path: '' },
} satisfies Record<EndpointId, Sample>;

describe('sandbox contract', () => {
	const ctx = withSandbox({ checkResponses: true, jobDurationMs: 60_000 });
	let listener: Listener;

	beforeAll(async () => {
		// Test deliveries go to a live listener, not to the seed's closed port.
		listener = await startListener();
		const seeded = ctx.sandbox.state.webhooks.get('wh_demo');
		if (seeded) seeded.url = `${listener.url}/hook`;
		const hook = await admin(ctx.sandbox, 'POST', '/webhooks', {
			url: `${listener.url}/x`,
			events: ['extract.completed'],
		});
		SAMPLES.webhookDelete.path = `/webhooks/${hook.body.id}`;
	});

	afterAll(async () => {
		await ctx.sandbox.settled();
		await listener.close();
	});

	it('every operation of the table is a route of the sandbox', () => {
		const routes = ROUTES.map((route) => `${route.method} ${route.template}`);
		const operations = NODES.flatMap((r) => r.operations.map((op) => `${op.method} ${op.path}`));
		for (const operation of operations) expect(routes).toContain(operation);
	});

	it.each(Object.entries(SAMPLES) as Array<[EndpointId, Sample]>)(
		'%s answers 200 with its schema',
		async (id, sample) => {
			const { method } = ENDPOINTS[id];
			const response = await call(ctx.sandbox, method, sample.path, {
				body: sample.body,
				query: sample.query,
			});
			expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
			expect(response.headers.get('content-type')).toMatch(/^application\/json/);
			const parsed = schemas.RESPONSE_SCHEMAS[id].safeParse(response.body);
			expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
		},
	);

	it('seeded resources hold what the README promises', async () => {
		const crawl = await call(ctx.sandbox, 'GET', '/jobs/crawl_demo', { query: { limit: 100 } });
		expect(crawl.body.data).toMatchObject({
			id: 'crawl_demo',
			type: 'crawl',
			status: 'COMPLETED',
			total: 7,
			completed: 7,
		});
		expect(crawl.body.data.results).toHaveLength(7);
		const seeds = seedState(defaultConfig());
		expect(seeds.webhooks.get('wh_demo')).toMatchObject({
			url: 'http://127.0.0.1:9/unset',
			events: ['crawl.completed'],
			isActive: false,
			secret: 'whsec_demo',
		});
		expect([...seeds.jobs.keys()]).toEqual(['crawl_demo', 'extract_demo']);
	});

	it('error bodies parse with ErrorResponse', async () => {
		const responses = [
			await call(ctx.sandbox, 'GET', '/account', { key: null }),
			await call(ctx.sandbox, 'GET', '/jobs/nope'),
			await call(ctx.sandbox, 'GET', '/no/such/endpoint'),
			await call(ctx.sandbox, 'PUT', '/account'),
			await call(ctx.sandbox, 'POST', '/map', { body: { url: 'https://acme.com', limit: 0 } }),
			await call(ctx.sandbox, 'PATCH', '/webhooks/wh_nope', { body: { isActive: true } }),
		];
		expect(responses.map((r) => r.status)).toEqual([401, 404, 404, 405, 400, 404]);
		for (const response of responses)
			expect(schemas.ErrorResponse.safeParse(response.body).success).toBe(true);
	});
});
