/**
 * Brand > Download Logo: the main logo as binary data `logo`, fetched from the logo's own host
 * (a nock double) without the API key; within 5 MB; a failed download keeps the brand item with
 * `logoError`.
 */
import { Readable } from 'node:stream';

import nock from 'nock';

import { mockApi, recordedRequest, useNock, type RecordedRequest } from '../helpers/http';
import { API_KEY, runNode } from '../../devkit/runNode';

useNock();

const LOGO_HOST = 'https://cdn.acme.test';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function brandApi(logoUrl: string) {
	return mockApi((request) =>
		request.path === '/account'
			? [200, { success: true, data: {} }]
			: [
					200,
					{
						success: true,
						data: {
							status: 'ok',
							code: 200,
							brand: {
								domain: request.query.domain,
								title: 'Acme',
								colors: [{ hex: '#ff0000' }],
								logos: [
									{ url: logoUrl, type: 'logo' },
									{ url: `${LOGO_HOST}/icon.png`, type: 'icon' },
								],
							},
						},
					},
				],
	);
}

/** The logo host: records what reaches it. */
function logoHost(reply: (request: RecordedRequest) => nock.ReplyFnResult) {
	const requests: RecordedRequest[] = [];
	nock(LOGO_HOST)
		.persist()
		.get(() => true)
		.reply(function (uri, body) {
			const request = recordedRequest('GET', `${LOGO_HOST}${uri}`, body, this.req.headers);
			requests.push(request);
			return reply(request);
		});
	return requests;
}

const retrieve = (extra = {}) => ({
	type: 'webDataBrand',
	parameters: { operation: 'retrieve', domain: 'acme.com', downloadLogo: true, ...extra },
});

describe('Download Logo', () => {
	test('the main logo becomes binary "logo" with its mime type and file name; no API key reaches its host', async () => {
		brandApi(`${LOGO_HOST}/brand/logo.png?v=3`);
		const requests = logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);

		const { items, error } = await runNode(retrieve());

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const logo = items[0].binary?.logo;
		expect(logo).toMatchObject({ mimeType: 'image/png', fileName: 'logo.png' });
		expect(Buffer.from(logo!.data, 'base64')).toEqual(PNG);
		expect(items[0].json.logoError).toBeUndefined();
		expect(items[0].pairedItem).toEqual({ item: 0 });

		expect(requests.map((r) => r.path)).toEqual(['/brand/logo.png']);
		const sent = JSON.stringify(requests[0].headers);
		expect(sent).not.toContain(API_KEY);
		expect(requests[0].headers.authorization).toBeUndefined();
	});

	test('a file name from the mime type when the URL has none', async () => {
		brandApi(`${LOGO_HOST}/assets/brand-mark`);
		logoHost(() => [200, '<svg/>', { 'Content-Type': 'image/svg+xml; charset=utf-8' }]);

		const { items } = await runNode(retrieve());

		expect(items[0].binary?.logo).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: 'logo.svg',
		});
	});

	test('with Simplify too, the logo is found in the simplified record', async () => {
		brandApi(`${LOGO_HOST}/logo.png`);
		logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);

		const { items } = await runNode(retrieve({ simplify: true }));

		expect(items[0].json.logos).toEqual([`${LOGO_HOST}/logo.png`, `${LOGO_HOST}/icon.png`]);
		expect(items[0].binary?.logo).toMatchObject({ fileName: 'logo.png' });
	});

	test('a logo over 5 MB is not kept: the brand stays, with logoError', async () => {
		brandApi(`${LOGO_HOST}/huge.png`);
		logoHost(() => [200, Buffer.alloc(5 * 1024 * 1024 + 1), { 'Content-Type': 'image/png' }]);

		const { items, error } = await runNode(retrieve());

		expect(error).toBeUndefined();
		expect(items[0].binary?.logo).toBeUndefined();
		expect(items[0].json.logoError).toEqual(expect.stringContaining('larger than 5242880 bytes'));
		expect(items[0].json.success).toBe(true);
	});

	test('the cap holds when the host does not say the size', async () => {
		brandApi(`${LOGO_HOST}/streamed.png`);
		const chunk = Buffer.alloc(3 * 1024 * 1024);
		logoHost(() => [200, Readable.from([chunk, chunk]), { 'Content-Type': 'image/png' }]);

		const { items } = await runNode(retrieve());

		expect(items[0].binary?.logo).toBeUndefined();
		expect(items[0].json.logoError).toEqual(expect.stringContaining('larger than 5242880 bytes'));
	});

	test('a logo of exactly 5 MB is kept', async () => {
		brandApi(`${LOGO_HOST}/big.png`);
		logoHost(() => [200, Buffer.alloc(5 * 1024 * 1024), { 'Content-Type': 'image/png' }]);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toBeUndefined();
		expect(items[0].binary?.logo?.fileSize).toBeDefined();
	});

	test('a 404 logo gives logoError and keeps the brand; the item does not fail', async () => {
		brandApi(`${LOGO_HOST}/gone.png`);
		logoHost(() => [404, 'Not Found']);

		const { items, error } = await runNode(retrieve());

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json.logoError).toEqual(expect.stringMatching(/404/));
		expect((items[0].json.data as { brand: { title: string } }).brand.title).toBe('Acme');
		expect(items[0].binary).toBeUndefined();
	});

	test('only http(s) logos are fetched', async () => {
		brandApi('ftp://cdn.acme.test/logo.png');
		const requests = logoHost(() => [200, PNG]);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toEqual(expect.stringContaining('Only http(s)'));
		expect(requests).toEqual([]);
	});

	test('with Watch for Changes, only brands that are output are downloaded', async () => {
		brandApi(`${LOGO_HOST}/logo.png`);
		const requests = logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);
		const options = retrieve({ watchForChanges: true });

		const first = await runNode(options);
		expect(first.items[0].json.change).toEqual({ status: 'new', fields: [] });
		expect(first.items[0].binary?.logo).toMatchObject({ fileName: 'logo.png' });

		const second = await runNode({ ...options, staticData: first.staticData });
		expect(second.items).toEqual([]);
		expect(requests).toHaveLength(1);
	});
});
