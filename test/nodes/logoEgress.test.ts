/**
 * The logo fetch and n8n's egress filter, with a stub context: in n8n 2.x the filter is asked in
 * enforced mode for every hop before it is requested, and its refusal stops the download; where
 * the context has no filter (n8n 1.x), the host as written is the only check and names are not
 * resolved. The engine-level tests (real n8n-core filter, a fake name service) are in
 * downloadLogo.test.ts.
 */
import { Readable } from 'node:stream';

import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { downloadLogo } from '../../nodes/shared/brand/logo';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

interface Hop {
	status: number;
	headers: Record<string, string>;
}

/** A context whose HTTP helper answers each requested URL from `hops`, and records the order. */
function stubContext(hops: Record<string, Hop>, filter?: (url: string) => boolean) {
	const events: string[] = [];
	const modes: unknown[] = [];
	const helpers: Record<string, unknown> = {
		httpRequest: async ({ url }: IHttpRequestOptions) => {
			events.push(`GET ${url}`);
			const hop = hops[url];
			if (!hop) throw new Error(`unexpected request to ${url}`);
			return { statusCode: hop.status, headers: hop.headers, body: Readable.from([PNG]) };
		},
	};
	if (filter)
		helpers.getSecureEgressFilter = (mode: unknown) => {
			modes.push(mode);
			return {
				validateUrl: async (url: URL) => {
					events.push(`check ${url.href}`);
					return filter(url.href)
						? { ok: true, result: undefined }
						: { ok: false, error: Object.assign(new Error('blocked'), { ip: '10.0.0.9' }) };
				},
			};
		};
	const exec = {
		getNode: () => ({ name: 'Brand', type: 'webDataBrand', typeVersion: 1, parameters: {} }),
		helpers,
	} as unknown as IExecuteFunctions;
	return { exec, events, modes };
}

const image = { status: 200, headers: { 'content-type': 'image/png' } };
const redirect = (location: string) => ({ status: 302, headers: { location } });

test('n8n 2.x: every hop is checked, in enforced mode, before it is requested', async () => {
	const { exec, events, modes } = stubContext(
		{
			'https://a.example/logo.png': redirect('https://b.example/logo.png'),
			'https://b.example/logo.png': image,
		},
		() => true,
	);

	const logo = await downloadLogo(exec, 'https://a.example/logo.png');

	expect(logo.data).toEqual(PNG);
	expect(events).toEqual([
		'check https://a.example/logo.png',
		'GET https://a.example/logo.png',
		'check https://b.example/logo.png',
		'GET https://b.example/logo.png',
	]);
	expect(modes).toEqual(['enforced', 'enforced']);
});

test("n8n 2.x: the filter's refusal of a redirect's target stops the download there", async () => {
	const { exec, events } = stubContext(
		{ 'https://a.example/logo.png': redirect('https://inside.example/x.png') },
		(url) => !url.includes('inside'),
	);

	await expect(downloadLogo(exec, 'https://a.example/logo.png')).rejects.toThrow(
		'refused: the logo redirects to https://inside.example/x.png, and inside.example resolves ' +
			"to 10.0.0.9, which n8n's egress filter blocks as non-public",
	);
	expect(events).toEqual([
		'check https://a.example/logo.png',
		'GET https://a.example/logo.png',
		'check https://inside.example/x.png',
	]);
});

test('with Allow Private Logo Hosts on, the filter is not asked', async () => {
	const { exec, events, modes } = stubContext({ 'https://a.example/logo.png': image }, () => false);

	await downloadLogo(exec, 'https://a.example/logo.png', { allowPrivateHosts: true });

	expect(events).toEqual(['GET https://a.example/logo.png']);
	expect(modes).toEqual([]);
});

test('n8n 1.x (no filter): the host as written is the only check; names are not resolved', async () => {
	const { exec, events } = stubContext({ 'https://logo.example.test/logo.png': image });

	await downloadLogo(exec, 'https://logo.example.test/logo.png');
	expect(events).toEqual(['GET https://logo.example.test/logo.png']);

	await expect(downloadLogo(exec, 'http://127.0.0.1/logo.png')).rejects.toThrow(
		'refused: 127.0.0.1 is a loopback address',
	);
	expect(events).toHaveLength(1);
});
