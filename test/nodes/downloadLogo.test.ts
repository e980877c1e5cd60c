/**
 * Brand > Download Logo: the main logo as binary data `logo`, fetched from the logo's own host
 * (a nock double) without the API key; within 5 MB; a failed download keeps the brand item with
 * `logoError`.
 */
import { Readable } from 'node:stream';

import nock from 'nock';

import { useFakeDns } from '../helpers/dns';
import { mockApi, replyWith, useNock, type NockedRequest, type NockReply } from '../helpers/http';
import { API_KEY, runNode } from '../helpers/runNode';

useNock();
// n8n 2.x's egress filter resolves every logo host: *.test names are public here unless set.
const names = useFakeDns();

const LOGO_HOST = 'https://cdn.acme.test';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A brand whose first logo is at `logoUrl` (an entry without a URL when undefined), then an icon. */
function brandApi(logoUrl: string | undefined, icon: string | null = `${LOGO_HOST}/icon.png`) {
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
									logoUrl === undefined ? { type: 'logo' } : { url: logoUrl, type: 'logo' },
									icon === null ? { type: 'icon', url: '' } : { url: icon, type: 'icon' },
								],
							},
						},
					},
				],
	);
}

/** The logo host: records what reaches it. */
const logoHost = (reply: (request: NockedRequest) => NockReply) => hostReplying(LOGO_HOST, reply);

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

	test.each([false, true])(
		'the first logo that has a URL is taken: an entry without one is skipped (Simplify %s)',
		async (simplify) => {
			brandApi(undefined);
			const requests = logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);

			const { items } = await runNode(retrieve({ simplify }));

			expect(items[0].json.logoError).toBeUndefined();
			expect(items[0].binary?.logo).toMatchObject({ fileName: 'icon.png' });
			expect(requests.map((r) => r.path)).toEqual(['/icon.png']);
		},
	);

	test('no logo with a URL: logoError says the brand has none, and nothing is fetched', async () => {
		brandApi(undefined, null);
		const requests = logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toBe('The brand has no logo');
		expect(requests).toEqual([]);
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

		expect(items[0].json.logoError).toEqual(
			expect.stringContaining('only http(s) logos are downloaded, not ftp:'),
		);
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

/**
 * A host that records every request reaching it and answers with `reply`: an internal server
 * (loopback, private, metadata) or another public one.
 */
function hostReplying(origin: string, reply: (request: NockedRequest) => NockReply) {
	const requests: NockedRequest[] = [];
	nock(origin)
		.persist()
		.get(() => true)
		.reply(
			replyWith((request) => {
				requests.push(request);
				return reply(request);
			}),
		);
	return requests;
}

/** An internal (or other) host serving the PNG. */
const host = (origin: string) =>
	hostReplying(origin, () => [200, PNG, { 'Content-Type': 'image/png' }]);

const PORT = 47311;
const MAX_REDIRECTS = 3;
const MAX_DOWNLOADS = 4;
const REFUSAL = 'turn on Allow Private Logo Hosts to download from private hosts';

/** A logo URL as the API may spell it, the origin it reaches, and what the refusal calls it. */
const INTERNAL: Array<[url: string, origin: string, refusal: string]> = [
	[
		`http://127.0.0.1:${PORT}/logo.png`,
		`http://127.0.0.1:${PORT}`,
		'127.0.0.1 is a loopback address',
	],
	[
		`http://2130706433:${PORT}/logo.png`,
		`http://127.0.0.1:${PORT}`,
		'127.0.0.1 is a loopback address',
	],
	[`http://0x7f.1:${PORT}/logo.png`, `http://127.0.0.1:${PORT}`, '127.0.0.1 is a loopback address'],
	[
		`http://0177.0.0.01:${PORT}/logo.png`,
		`http://127.0.0.1:${PORT}`,
		'127.0.0.1 is a loopback address',
	],
	[`http://127.1:${PORT}/logo.png`, `http://127.0.0.1:${PORT}`, '127.0.0.1 is a loopback address'],
	[
		`http://127.0.0.1.:${PORT}/logo.png`,
		`http://127.0.0.1:${PORT}`,
		'127.0.0.1 is a loopback address',
	],
	[`http://LOCALHOST:${PORT}/logo.png`, `http://localhost:${PORT}`, 'localhost is a loopback name'],
	[
		`http://logos.localhost:${PORT}/logo.png`,
		`http://logos.localhost:${PORT}`,
		'logos.localhost is a loopback name',
	],
	[`http://[::1]:${PORT}/logo.png`, `http://[::1]:${PORT}`, '[::1] is a loopback address'],
	[`http://[0:0::1]:${PORT}/logo.png`, `http://[::1]:${PORT}`, '[::1] is a loopback address'],
	[
		`http://[::ffff:127.0.0.1]:${PORT}/logo.png`,
		`http://[::ffff:7f00:1]:${PORT}`,
		'[::ffff:7f00:1] is an IPv4-mapped address of 127.0.0.1, a loopback address',
	],
	[
		`http://[::ffff:7f00:1]:${PORT}/logo.png`,
		`http://[::ffff:7f00:1]:${PORT}`,
		'[::ffff:7f00:1] is an IPv4-mapped address of 127.0.0.1',
	],
	[
		`http://[::127.0.0.1]:${PORT}/logo.png`,
		`http://[::7f00:1]:${PORT}`,
		'[::7f00:1] is an IPv4-compatible address of 127.0.0.1',
	],
	[
		`http://[64:ff9b::10.0.0.1]/logo.png`,
		'http://[64:ff9b::a00:1]',
		'[64:ff9b::a00:1] is a NAT64 address of 10.0.0.1, a private address',
	],
	[`http://[::]:${PORT}/logo.png`, `http://[::]:${PORT}`, '[::] is the unspecified address'],
	[`http://0:${PORT}/logo.png`, `http://0.0.0.0:${PORT}`, '0.0.0.0 is a "this network" address'],
	['http://10.0.0.5/logo.png', 'http://10.0.0.5', '10.0.0.5 is a private address'],
	['http://172.16.3.4/logo.png', 'http://172.16.3.4', '172.16.3.4 is a private address'],
	['http://0xc0a8010a/logo.png', 'http://192.168.1.10', '192.168.1.10 is a private address'],
	[
		'http://169.254.169.254/latest/meta-data/',
		'http://169.254.169.254',
		'169.254.169.254 is a link-local address',
	],
	['http://100.64.0.1/logo.png', 'http://100.64.0.1', '100.64.0.1 is a shared (CGNAT) address'],
	['http://198.18.0.1/logo.png', 'http://198.18.0.1', '198.18.0.1 is a benchmarking address'],
	['http://224.0.0.1/logo.png', 'http://224.0.0.1', '224.0.0.1 is a multicast address'],
	[
		'http://255.255.255.255/logo.png',
		'http://255.255.255.255',
		'255.255.255.255 is a reserved or broadcast address',
	],
	[
		'http://[fd00::1]/logo.png',
		'http://[fd00::1]',
		'[fd00::1] is a unique-local (private) address',
	],
	['http://[fe80::1]/logo.png', 'http://[fe80::1]', '[fe80::1] is a link-local address'],
	['http://[ff02::1]/logo.png', 'http://[ff02::1]', '[ff02::1] is a multicast address'],
];

const allowPrivate = (allowPrivateLogoHosts: boolean) => retrieve({ allowPrivateLogoHosts });

describe('Download Logo from private hosts', () => {
	test.each(INTERNAL)('%s is refused, and nothing reaches %s', async (url, origin, refusal) => {
		const api = brandApi(url);
		const requests = host(origin);

		const { items, error } = await runNode(retrieve());

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.logoError).toEqual(expect.stringContaining(`refused: ${refusal}`));
		expect(items[0].json.logoError).toEqual(expect.stringContaining(REFUSAL));
		expect(items[0].json.success).toBe(true);
		expect(requests).toEqual([]);
		expect(api.unmatched).toEqual([]);
	});

	test.each(INTERNAL)('%s is downloaded with Allow Private Logo Hosts on', async (url, origin) => {
		brandApi(url);
		const requests = host(origin);

		const { items } = await runNode(allowPrivate(true));

		expect(items[0].json.logoError).toBeUndefined();
		expect(Buffer.from(items[0].binary!.logo.data, 'base64')).toEqual(PNG);
		expect(requests).toHaveLength(1);
	});

	test.each([301, 302, 303, 307, 308])(
		'a public logo answering %i to a loopback address is refused before the redirect is followed',
		async (status) => {
			const internal = `http://127.0.0.1:${PORT}`;
			brandApi(`${LOGO_HOST}/moved.png`);
			const publicRequests = logoHost(() => [status, '', { Location: `${internal}/secret` }]);
			const internalRequests = host(internal);

			const { items } = await runNode(retrieve());

			expect(items[0].binary).toBeUndefined();
			expect(items[0].json.logoError).toBe(
				`Could not download the logo ${LOGO_HOST}/moved.png: refused: the logo redirects to ` +
					`${internal}/secret, and 127.0.0.1 is a loopback address; ${REFUSAL}`,
			);
			expect(publicRequests).toHaveLength(1);
			expect(internalRequests).toEqual([]);
		},
	);

	test('a redirect to an internal spelling (decimal, IPv6, metadata) is refused too', async () => {
		for (const [location, origin, refusal] of [
			[`http://2130706433:${PORT}/`, `http://127.0.0.1:${PORT}`, '127.0.0.1 is a loopback address'],
			[`http://[::1]:${PORT}/`, `http://[::1]:${PORT}`, '[::1] is a loopback address'],
			[
				'http://169.254.169.254/latest/',
				'http://169.254.169.254',
				'169.254.169.254 is a link-local',
			],
		]) {
			nock.cleanAll();
			brandApi(`${LOGO_HOST}/moved.png`);
			logoHost(() => [302, '', { Location: location }]);
			const internalRequests = host(origin);

			const { items } = await runNode(retrieve());

			expect(items[0].json.logoError).toEqual(expect.stringContaining(refusal));
			expect(internalRequests).toEqual([]);
		}
	});

	test('with Allow Private Logo Hosts on, a redirect to a loopback address is followed', async () => {
		const internal = `http://127.0.0.1:${PORT}`;
		brandApi(`${LOGO_HOST}/moved.png`);
		logoHost(() => [302, '', { Location: `${internal}/logo.png` }]);
		const internalRequests = host(internal);

		const { items } = await runNode(allowPrivate(true));

		expect(items[0].json.logoError).toBeUndefined();
		expect(items[0].binary?.logo).toMatchObject({ fileName: 'logo.png' });
		expect(internalRequests.map((r) => r.path)).toEqual(['/logo.png']);
	});

	test('redirects to another public host are followed, relative ones against the current URL', async () => {
		const other = 'https://images.other.test';
		brandApi(`${LOGO_HOST}/start`);
		const first = logoHost(() => [301, '', { Location: `${other}/brand/moved` }]);
		const second = hostReplying(other, (request) =>
			request.path === '/brand/moved'
				? [307, '', { Location: 'final/logo.png' }]
				: [200, PNG, { 'Content-Type': 'image/png' }],
		);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toBeUndefined();
		expect(items[0].binary?.logo).toMatchObject({ mimeType: 'image/png', fileName: 'logo.png' });
		expect(first.map((r) => r.path)).toEqual(['/start']);
		expect(second.map((r) => r.path)).toEqual(['/brand/moved', '/brand/final/logo.png']);
	});

	/** The logo host redirecting /hop/0 > /hop/1 > ... > /hop/<hops>, which is the logo. */
	function redirectChain(hops: number) {
		brandApi(`${LOGO_HOST}/hop/0`);
		return logoHost((request) => {
			const hop = Number(request.path.split('/').pop());
			return hop < hops
				? [302, '', { Location: `/hop/${hop + 1}` }]
				: [200, PNG, { 'Content-Type': 'image/png' }];
		});
	}

	test(`${MAX_REDIRECTS} redirects are followed`, async () => {
		const requests = redirectChain(MAX_REDIRECTS);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toBeUndefined();
		expect(items[0].binary?.logo).toBeDefined();
		expect(requests).toHaveLength(MAX_REDIRECTS + 1);
	});

	test(`a chain of more than ${MAX_REDIRECTS} redirects is refused, its next hop not requested`, async () => {
		const requests = redirectChain(MAX_REDIRECTS + 1);

		const { items } = await runNode(retrieve());

		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.logoError).toBe(
			`Could not download the logo ${LOGO_HOST}/hop/0: refused: more than ${MAX_REDIRECTS} ` +
				`redirects (the last to ${LOGO_HOST}/hop/${MAX_REDIRECTS + 1})`,
		);
		expect(requests.map((r) => r.path)).toEqual(
			Array.from({ length: MAX_REDIRECTS + 1 }, (_, hop) => `/hop/${hop}`),
		);
	});
});

describe('Download Logo with credentials in the URL', () => {
	const WITH_CREDENTIALS = 'https://logo-user:s3cret-pass@cdn.acme.test';

	test('user:pass@ is not sent: no Authorization header reaches the logo host', async () => {
		brandApi(`${WITH_CREDENTIALS}/logo.png`);
		const requests = logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);

		const { items } = await runNode(retrieve());

		expect(items[0].binary?.logo).toMatchObject({ fileName: 'logo.png' });
		expect(requests).toHaveLength(1);
		expect(requests[0].headers.authorization).toBeUndefined();
		expect(JSON.stringify(requests[0].headers)).not.toContain('s3cret');
	});

	test('nor shown: logoError names the URL without them', async () => {
		brandApi(`${WITH_CREDENTIALS}/gone.png`);
		logoHost(() => [404, 'Not Found']);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toEqual(
			expect.stringMatching(
				new RegExp(`^Could not download the logo ${LOGO_HOST}/gone.png: .*404`),
			),
		);
		expect(items[0].json.logoError).not.toMatch(/s3cret|logo-user/);
	});

	test('nor shown when refused', async () => {
		brandApi(`http://admin:s3cret-pass@127.0.0.1:${PORT}/logo.png`);
		const requests = host(`http://127.0.0.1:${PORT}`);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toBe(
			`Could not download the logo http://127.0.0.1:${PORT}/logo.png: refused: ` +
				`127.0.0.1 is a loopback address; ${REFUSAL}`,
		);
		expect(requests).toEqual([]);
	});

	test('nor sent or shown when a redirect carries them', async () => {
		const other = 'https://images.other.test';
		brandApi(`${LOGO_HOST}/moved.png`);
		logoHost(() => [302, '', { Location: `https://bob:hunter2@images.other.test/logo.png` }]);
		const requests = hostReplying(other, () => [404]);

		const { items } = await runNode(retrieve());

		expect(requests).toHaveLength(1);
		expect(requests[0].headers.authorization).toBeUndefined();
		expect(items[0].json.logoError).toEqual(expect.stringContaining('404'));
		expect(items[0].json.logoError).not.toMatch(/hunter2|bob/);
	});
});

describe('Download Logo pacing', () => {
	test(`40 brands in one run: at most ${MAX_DOWNLOADS} logo downloads in flight`, async () => {
		brandApi(`${LOGO_HOST}/logo.png`);
		let inFlight = 0;
		let most = 0;
		const requests: string[] = [];
		nock(LOGO_HOST)
			.persist()
			.get(() => true)
			.reply((uri, _body, callback) => {
				requests.push(uri);
				most = Math.max(most, ++inFlight);
				setTimeout(() => {
					inFlight--;
					callback(null, [200, PNG, { 'Content-Type': 'image/png' }]);
				}, 30);
			});
		const domains = Array.from({ length: 40 }, (_, i) => `brand${i}.com`);

		const { items, error } = await runNode({
			...retrieve({ domain: '={{ $json.domain }}' }),
			items: domains.map((domain) => ({ domain })),
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(40);
		expect(items.filter((item) => item.binary?.logo)).toHaveLength(40);
		expect(requests).toHaveLength(40);
		expect(most).toBe(MAX_DOWNLOADS);
	});
});

describe('Download Logo resolves names (n8n 2.x egress filter)', () => {
	// Each test its own names: n8n caches a look-up for a second.
	test('a public-looking name that resolves to loopback is refused; nothing reaches it', async () => {
		names.set('logo.rebound.test', '127.0.0.1');
		brandApi('http://logo.rebound.test/logo.png');
		const requests = host('http://logo.rebound.test');

		const { items, error } = await runNode(retrieve());

		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.logoError).toBe(
			'Could not download the logo http://logo.rebound.test/logo.png: refused: ' +
				"logo.rebound.test resolves to 127.0.0.1, which n8n's egress filter blocks as " +
				`non-public; ${REFUSAL}`,
		);
		expect(names.lookups).toEqual(['logo.rebound.test']);
		expect(requests).toEqual([]);
	});

	test.each([
		['10.1.2.3', 'svc.cluster-local.test'],
		['169.254.169.254', 'metadata.cloud.test'],
		['192.168.1.20', 'nas.corp.test'],
		['fd00::5', 'printer.lan.test'],
	])('a name resolving to %s (%s) is refused', async (address, name) => {
		names.set(name, address);
		brandApi(`https://${name}/logo.png`);
		const requests = host(`https://${name}`);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toEqual(
			expect.stringContaining(`refused: ${name} resolves to ${address}`),
		);
		expect(requests).toEqual([]);
	});

	test('a redirect to a name that resolves to a private address is refused: each hop is resolved', async () => {
		names.set('inside.hop.test', '10.0.0.7');
		brandApi('https://outside.hop.test/logo.png');
		hostReplying('https://outside.hop.test', () => [
			302,
			'',
			{ Location: 'http://inside.hop.test/admin.png' },
		]);
		const inside = host('http://inside.hop.test');

		const { items } = await runNode(retrieve());

		expect(names.lookups).toEqual(['outside.hop.test', 'inside.hop.test']);
		expect(items[0].json.logoError).toEqual(
			expect.stringContaining(
				'refused: the logo redirects to http://inside.hop.test/admin.png, and inside.hop.test ' +
					'resolves to 10.0.0.7',
			),
		);
		expect(inside).toEqual([]);
	});

	test('a name that does not resolve is not fetched', async () => {
		brandApi('https://logo.nowhere.invalid/logo.png');
		const requests = host('https://logo.nowhere.invalid');

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toEqual(
			expect.stringContaining('logo.nowhere.invalid could not be resolved'),
		);
		expect(requests).toEqual([]);
	});

	test('with Allow Private Logo Hosts on, the name is not checked and the logo is fetched', async () => {
		names.set('logo.mine.test', '127.0.0.1');
		brandApi('http://logo.mine.test/logo.png');
		const requests = host('http://logo.mine.test');

		const { items } = await runNode(allowPrivate(true));

		expect(items[0].json.logoError).toBeUndefined();
		expect(items[0].binary?.logo).toMatchObject({ mimeType: 'image/png' });
		expect(requests).toHaveLength(1);
	});
});

describe('Download Logo keeps only images', () => {
	test.each([
		['text/html; charset=utf-8', 'text/html', '<html>login</html>'],
		['application/json', 'application/json', '{"secret":1}'],
		['application/octet-stream', 'application/octet-stream', 'MZ'],
	])('a %s answer is refused, naming the type', async (contentType, named, body) => {
		brandApi(`${LOGO_HOST}/logo.png`);
		logoHost(() => [200, body, { 'Content-Type': contentType }]);

		const { items, error } = await runNode(retrieve());

		expect(error).toBeUndefined();
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.logoError).toBe(
			`Could not download the logo ${LOGO_HOST}/logo.png: refused: the logo's host answered ` +
				`${named}, not an image (only image/* answers are kept)`,
		);
	});

	test('an answer without a content type is refused', async () => {
		brandApi(`${LOGO_HOST}/logo.png`);
		logoHost(() => [200, PNG]);

		const { items } = await runNode(retrieve());

		expect(items[0].json.logoError).toEqual(
			expect.stringContaining('answered without a content type, not an image'),
		);
	});

	test('an SVG is an image: kept', async () => {
		brandApi(`${LOGO_HOST}/mark.svg`);
		logoHost(() => [200, '<svg/>', { 'Content-Type': 'IMAGE/SVG+XML' }]);

		const { items } = await runNode(retrieve());

		expect(items[0].binary?.logo).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: 'mark.svg',
		});
	});
});

describe("Download Logo's file name", () => {
	const pngAt = async (path: string) => {
		brandApi(`${LOGO_HOST}/${path}`);
		logoHost(() => [200, PNG, { 'Content-Type': 'image/png' }]);
		const { items } = await runNode(retrieve());
		return items[0].binary?.logo?.fileName;
	};

	test.each([
		['..%2F..%2Fetc%2Fcron.d%2Fx.png', 'etc_cron.d_x.png'],
		['..%5C..%5Cwindows%5Cx.png', 'windows_x.png'],
		['evil%0D%0AContent-Type%3A%20text%2Fhtml.png', 'evil__Content-Type_ text_html.png'],
		['a%00b%1Bc%7Fd%C2%85e.png', 'a_b_c_d_e.png'],
		['name%E2%80%AEgnp.png', 'name_gnp.png'],
		['%2E%2E', 'logo.png'],
		['.htaccess', 'logo.png'],
		['%E0%A4%A', 'logo.png'],
		['brand%20mark.png', 'brand mark.png'],
	])('%s becomes %s', async (segment, name) => {
		expect(await pngAt(segment)).toBe(name);
	});

	test('a long name is cut to 100 characters, its extension kept', async () => {
		const name = await pngAt(`${'a'.repeat(300)}.png`);
		expect(name).toBe(`${'a'.repeat(96)}.png`);
	});
});
