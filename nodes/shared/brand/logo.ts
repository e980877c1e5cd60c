/**
 * A brand's main logo as a file: found in a raw or simplified brand, and downloaded from its own
 * host without the Web Data credential. The URL comes from the API's answer, so only public hosts
 * are fetched unless the node allows private ones, and every redirect is checked the same way:
 * first by the host as written (publicHost.ts), then, where n8n has it (2.x), by n8n's egress
 * filter, which resolves the name. Only image answers are kept, under a cleaned file name.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BrandProfileResponse, BrandRecordResponse } from '../../../contract';
import { readCapped, type BodyStream } from '../transport/body';
import { nonPublicKind } from './publicHost';

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_TIMEOUT_MS = 15000;
export const MAX_LOGO_REDIRECTS = 3;

const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** A logo as a simplified record lists it (its URL) or as a whole answer does (an asset): open. */
const urlOf = (logo: unknown): string | undefined => {
	const url = typeof logo === 'string' ? logo : (logo as IDataObject | null | undefined)?.url;
	return typeof url === 'string' && url.trim() !== '' ? url.trim() : undefined;
};

/**
 * The brand's main logo: the first it lists that has a URL (an entry without one is skipped), in
 * `logos` of a simplified record (URLs), or `data.brand.logos` of a whole response (assets with a
 * `url`).
 */
export function mainLogoUrl(json: IDataObject): string | undefined {
	const logos = Array.isArray(json.logos)
		? json.logos
		: (json as BrandRecordResponse | BrandProfileResponse).data?.brand?.logos;
	if (!Array.isArray(logos)) return undefined;
	for (const logo of logos as unknown[]) {
		const url = urlOf(logo);
		if (url) return url;
	}
	return undefined;
}

/** The response body as n8n's HTTP helper streams it. */

const tooLarge = (exec: IExecuteFunctions, maxBytes: number) =>
	new NodeOperationError(exec.getNode(), `The logo is larger than ${maxBytes} bytes`);

const EXTENSIONS: Record<string, string> = {
	'image/svg+xml': 'svg',
	'image/png': 'png',
	'image/jpeg': 'jpg',
	'image/gif': 'gif',
	'image/webp': 'webp',
	'image/x-icon': 'ico',
	'image/vnd.microsoft.icon': 'ico',
	'image/avif': 'avif',
};

/** The longest file name kept, in characters, its extension included. */
export const MAX_FILE_NAME_CHARS = 100;

const WINDOWS_REFUSED = '/\\:*?"<>|';

/**
 * Whether a character may not be in a file name: path separators, control characters (C0, DEL,
 * C1), Unicode line and paragraph separators, bidirectional overrides, and what Windows refuses.
 */
function unsafeInName(char: string): boolean {
	const code = char.codePointAt(0) ?? 0;
	return (
		code < 0x20 ||
		(code >= 0x7f && code <= 0x9f) ||
		code === 0x2028 ||
		code === 0x2029 ||
		(code >= 0x202a && code <= 0x202e) ||
		(code >= 0x2066 && code <= 0x2069) ||
		WINDOWS_REFUSED.includes(char)
	);
}

/** The URL's last path segment, decoded, or '' when it does not decode. */
function lastSegment(url: URL): string {
	const last = url.pathname.split('/').pop() ?? '';
	try {
		return decodeURIComponent(last);
	} catch {
		return '';
	}
}

/** At most MAX_FILE_NAME_CHARS characters, the extension kept. */
function bounded(name: string): string {
	const chars = [...name];
	if (chars.length <= MAX_FILE_NAME_CHARS) return name;
	const extension = /\.[a-z0-9]{1,8}$/i.exec(name)?.[0] ?? '';
	return chars.slice(0, MAX_FILE_NAME_CHARS - extension.length).join('') + extension;
}

/**
 * The logo's file name: the URL's last path segment, decoded, with separators and control
 * characters replaced by `_` and leading dots removed (no `..`, no hidden file), at most
 * MAX_FILE_NAME_CHARS characters; `logo.<ext>` from the mime type when nothing usable is left
 * or the name has no extension.
 */
export function logoFileName(url: URL, mimeType: string | undefined): string {
	const cleaned = bounded(
		[...lastSegment(url)]
			.map((char) => (unsafeInName(char) ? '_' : char))
			.join('')
			.replace(/^[.\s_]+/, '')
			.trim(),
	);
	if (/\.[a-z0-9]+$/i.test(cleaned)) return cleaned;
	const extension = mimeType && EXTENSIONS[mimeType];
	return extension ? `logo.${extension}` : cleaned || 'logo';
}

export interface Logo {
	data: Buffer;
	/** Always image/...: other answers are refused. */
	mimeType: string;
	fileName: string;
}

export interface LogoDownloadOptions {
	maxBytes?: number;
	/** For the whole download, redirects included. */
	timeoutMs?: number;
	/** Whether loopback, private and other non-public hosts may be fetched. */
	allowPrivateHosts?: boolean;
}

/** The URL without `user:pass@`: what is requested and what messages show. */
function stripCredentials(url: URL): URL {
	const stripped = new URL(url.href);
	stripped.username = '';
	stripped.password = '';
	return stripped;
}

/** An address as messages may show it: without credentials, even when it does not parse. */
export function shownUrl(address: string): string {
	try {
		return stripCredentials(new URL(address)).href;
	} catch {
		return address.replace(/\/\/[^/?#]*@/, '//');
	}
}

/** How a refusal of a redirect's target starts. */
const redirectNote = (url: URL) => `the logo redirects to ${url.href}, and `;

/**
 * The URL to request for `address` (resolved against `base` for a redirect), once it is http(s)
 * and, unless private hosts are allowed, on a public host.
 */
function checkedUrl(
	exec: IExecuteFunctions,
	address: string,
	{ base, allowPrivateHosts }: { base?: URL; allowPrivateHosts: boolean },
): URL {
	let url: URL;
	try {
		url = stripCredentials(new URL(address, base));
	} catch {
		throw new NodeOperationError(exec.getNode(), `"${shownUrl(address)}" is not a valid URL`);
	}
	const via = base ? redirectNote(url) : '';
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new NodeOperationError(
			exec.getNode(),
			`${via}only http(s) logos are downloaded, not ${url.protocol}`,
		);
	const kind = allowPrivateHosts ? undefined : nonPublicKind(url);
	if (kind)
		throw new NodeOperationError(
			exec.getNode(),
			`refused: ${via}${url.hostname} is ${kind}; turn on Allow Private Logo Hosts to download from private hosts`,
		);
	return url;
}

/**
 * Checks a hop's URL with n8n's egress filter where the running n8n has one (2.x), in enforced
 * mode: it resolves the name and refuses any address n8n's SSRF rules block, even where the admin
 * left SSRF protection off. n8n 1.x has no filter: there the host as written is the only check.
 */
async function checkResolved(
	exec: IExecuteFunctions,
	url: URL,
	{ via, allowPrivateHosts }: { via: string; allowPrivateHosts: boolean },
): Promise<void> {
	if (allowPrivateHosts || typeof exec.helpers.getSecureEgressFilter !== 'function') return;
	let refusal: Error | undefined;
	try {
		const result = await exec.helpers.getSecureEgressFilter('enforced').validateUrl(url);
		if (!result.ok) refusal = result.error;
	} catch (error) {
		// The name did not resolve, or the filter failed: nothing is fetched.
		refusal = error as Error;
	}
	if (!refusal) return;
	const { ip, code } = refusal as Error & { ip?: unknown; code?: unknown };
	const node = exec.getNode();
	if (typeof ip === 'string')
		throw new NodeOperationError(
			node,
			`refused: ${via}${url.hostname} resolves to ${ip}, which n8n's egress filter blocks as non-public; turn on Allow Private Logo Hosts to download from private hosts`,
		);
	// Not the code itself in the message: n8n replaces a message naming ENOTFOUND with its own.
	if (typeof code === 'string')
		throw new NodeOperationError(node, `${via}${url.hostname} could not be resolved`);
	throw new NodeOperationError(
		node,
		`refused: ${via}${url.hostname} did not pass n8n's egress filter: ${refusal.message}`,
	);
}

interface LogoResponse {
	body: BodyStream;
	headers: Record<string, string | undefined>;
	statusCode: number;
	statusMessage?: string;
}

/** One GET, redirects not followed and any status returned, so each hop can be checked. */
async function getOnce(exec: IExecuteFunctions, url: URL, timeout: number): Promise<LogoResponse> {
	return (await exec.helpers.httpRequest({
		method: 'GET',
		url: url.href,
		encoding: 'stream',
		returnFullResponse: true,
		disableFollowRedirect: true,
		ignoreHttpStatusErrors: true,
		timeout,
		abortSignal: exec.getExecutionCancelSignal?.(),
	})) as LogoResponse;
}

/**
 * Downloads a logo with n8n's plain HTTP helper: no credential, so the API key never reaches
 * the logo's host. Only http(s), at most `maxBytes`, within `timeoutMs`, following at most
 * MAX_LOGO_REDIRECTS redirects, each to a host as allowed as the first.
 */
export async function downloadLogo(
	exec: IExecuteFunctions,
	address: string,
	{
		maxBytes = MAX_LOGO_BYTES,
		timeoutMs = LOGO_TIMEOUT_MS,
		allowPrivateHosts = false,
	}: LogoDownloadOptions = {},
): Promise<Logo> {
	const deadline = Date.now() + timeoutMs;
	let url = checkedUrl(exec, address, { allowPrivateHosts });
	let via = '';
	// At most MAX_LOGO_REDIRECTS + 1 requests: the hop after the last allowed one throws.
	for (let redirects = 0; ; redirects++) {
		await checkResolved(exec, url, { via, allowPrivateHosts });
		const response = await getOnce(exec, url, Math.max(1, deadline - Date.now()));
		const location = response.headers.location;
		if (!REDIRECT_STATUSES.includes(response.statusCode) || !location) {
			return await logoOf(exec, url, response, { maxBytes, deadline });
		}
		response.body.destroy();
		const next = checkedUrl(exec, location, { base: url, allowPrivateHosts });
		if (redirects === MAX_LOGO_REDIRECTS)
			throw new NodeOperationError(
				exec.getNode(),
				`refused: more than ${MAX_LOGO_REDIRECTS} redirects (the last to ${next.href})`,
			);
		url = next;
		via = redirectNote(url);
	}
}

async function logoOf(
	exec: IExecuteFunctions,
	url: URL,
	response: LogoResponse,
	{ maxBytes, deadline }: { maxBytes: number; deadline: number },
): Promise<Logo> {
	const { statusCode, statusMessage, headers, body } = response;
	if (statusCode < 200 || statusCode > 299) {
		body.destroy();
		throw new NodeOperationError(
			exec.getNode(),
			`The logo's host answered ${statusCode}${statusMessage ? ` ${statusMessage}` : ''}`,
		);
	}
	const mimeType = headers['content-type']?.split(';')[0].trim().toLowerCase() || undefined;
	if (!mimeType?.startsWith('image/')) {
		body.destroy();
		throw new NodeOperationError(
			exec.getNode(),
			`refused: the logo's host answered ${mimeType ?? 'without a content type'}, not an image (only image/* answers are kept)`,
		);
	}
	if (Number(headers['content-length']) > maxBytes) {
		body.destroy();
		throw tooLarge(exec, maxBytes);
	}
	const read = await readCapped(body, {
		maxBytes,
		deadline,
		signal: exec.getExecutionCancelSignal?.(),
	});
	if (!read.ok) {
		if (read.reason === 'tooLarge') throw tooLarge(exec, maxBytes);
		throw new NodeOperationError(
			exec.getNode(),
			read.reason === 'timedOut'
				? 'The logo did not arrive whole in time'
				: 'The logo download was stopped',
		);
	}
	return { data: read.data, mimeType, fileName: logoFileName(url, mimeType) };
}
