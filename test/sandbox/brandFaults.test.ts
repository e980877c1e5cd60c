/**
 * The sandbox answers the ways a real service can that issue #43 found mishandled: a failure
 * inside a 200 (`data.status`/`data.code`), one domain answering 404, a crawl's `next` as a URL,
 * logos without a URL; and the nodes, through n8n-core against it, handle each.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../helpers/runNode';
import { CRAWL_DEMO_ID } from '../../sandbox/state';
import { admin, call, withSandbox } from './helpers';

const ctx = withSandbox({ jobDurationMs: 0 });
afterEach(() => ctx.sandbox.reset());

const retrieve = (domain: string) =>
	call(ctx.sandbox, 'GET', '/brand/retrieve', { query: { domain } });

describe('the sandbox answers', () => {
	test('a failure inside a 200 for one domain, the others as usual', async () => {
		await admin(ctx.sandbox, 'PATCH', '/config', {
			failure: { inBody: true, status: 503, paths: ['/brand/'], query: { domain: 'Globex.com' } },
		});
		const failed = await retrieve('globex.com');
		expect(failed.status).toBe(200);
		expect(failed.body).toEqual({
			success: true,
			data: {
				status: 'error',
				code: 503,
				message: 'Injected failure: the sandbox answers HTTP 503 to this request',
			},
		});
		const fine = await retrieve('acme.com');
		expect(fine.body.data).toMatchObject({
			status: 'ok',
			code: 200,
			brand: { domain: 'acme.com' },
		});
	});

	test('404 for one domain only', async () => {
		await admin(ctx.sandbox, 'PATCH', '/config', {
			failure: { status: 404, query: { domain: 'globex.com' } },
		});
		expect((await retrieve('globex.com')).status).toBe(404);
		expect((await retrieve('acme.com')).status).toBe(200);
	});

	test("a crawl's next as a URL on the sandbox's own origin", async () => {
		await admin(ctx.sandbox, 'PATCH', '/config', { crawlNext: 'url' });
		const page = await call(ctx.sandbox, 'GET', `/crawl/${CRAWL_DEMO_ID}`, { query: { page: 1 } });
		expect(page.body.data.next).toBe(`${ctx.sandbox.baseUrl}/crawl/${CRAWL_DEMO_ID}?page=2`);
		await expect(
			admin(ctx.sandbox, 'PATCH', '/config', { crawlNext: 'link' }),
		).resolves.toMatchObject({ status: 400 });
	});

	test('logos without a URL, where an edit lists null', async () => {
		await admin(ctx.sandbox, 'POST', '/brands', {
			domain: 'acme.com',
			logos: [null, 'https://cdn.acme.com/icon.png'],
		});
		const { logos } = (await retrieve('acme.com')).body.data.brand;
		expect(logos[0]).not.toHaveProperty('url');
		expect(logos[0].type).toBe('logo');
		expect(logos[1]).toMatchObject({ url: 'https://cdn.acme.com/icon.png', type: 'logo' });
	});
});

describe('the nodes against it, in n8n-core', () => {
	const credentials = () => ({ apiKey: ctx.sandbox.apiKey, baseUrl: ctx.sandbox.baseUrl });
	const watch = (staticData: IDataObject | undefined, continueOnFail = false) =>
		runNode({
			type: 'webDataBrand',
			parameters: { operation: 'retrieve', domain: '={{ $json.domain }}', watchForChanges: true },
			items: [{ domain: 'acme.com' }, { domain: 'globex.com' }],
			credentials: credentials(),
			staticData,
			continueOnFail,
		});

	test('Watch: a change found while another lookup fails (404, then in a 200) is delivered later', async () => {
		const first = await watch(undefined);
		expect(first.items).toHaveLength(2);

		await admin(ctx.sandbox, 'POST', '/brands', { domain: 'acme.com', title: 'Acme Renamed' });
		await admin(ctx.sandbox, 'PATCH', '/config', {
			failure: { status: 404, paths: ['/brand/'], query: { domain: 'globex.com' } },
		});
		const second = await watch(first.staticData);
		expect(second.error?.message).toContain('HTTP 404');
		expect(second.staticData).toEqual(first.staticData);

		await admin(ctx.sandbox, 'PATCH', '/config', {
			failure: { inBody: true, status: 503, paths: ['/brand/'], query: { domain: 'globex.com' } },
		});
		const third = await watch(second.staticData, true);
		expect(third.items.map((i) => i.json.error ?? (i.json.change as IDataObject).fields)).toEqual([
			[{ field: 'title', before: expect.any(String), after: 'Acme Renamed' }],
			expect.stringContaining('reported a failure (code 503, status "error", HTTP 200)'),
		]);

		await admin(ctx.sandbox, 'PATCH', '/config', { failure: null });
		expect((await watch(third.staticData)).items).toEqual([]);
	});

	test('Crawl > Get Status, Return All, follows next URLs to the last page', async () => {
		await admin(ctx.sandbox, 'PATCH', '/config', { crawlNext: 'url' });
		const { items, error } = await runNode({
			type: 'webDataCrawl',
			parameters: { operation: 'getStatus', id: CRAWL_DEMO_ID, page: '1', returnAll: true },
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		const pages = ctx.sandbox.state.requests.filter((r) => r.path.startsWith('/crawl/'));
		expect(pages.map((r) => r.query.page)).toEqual(pages.map((_, i) => String(i + 1)));
		expect(pages.length).toBeGreaterThan(1);
		expect(items.length).toBeGreaterThan(3);
	});

	test('Download Logo skips a logo without a URL (the next one is fetched)', async () => {
		await admin(ctx.sandbox, 'POST', '/brands', {
			domain: 'acme.com',
			logos: [null, `${ctx.sandbox.baseUrl}/__sandbox/state`],
		});
		const { items } = await runNode({
			type: 'webDataBrand',
			parameters: {
				operation: 'retrieve',
				domain: 'acme.com',
				downloadLogo: true,
				allowPrivateLogoHosts: true,
			},
			credentials: credentials(),
		});
		// The second logo's address is fetched (it answers JSON, not an image: refused as such).
		expect(items[0].json.logoError).toContain('/__sandbox/state');
		expect(items[0].json.logoError).not.toBe('The brand has no logo');
	});
});
