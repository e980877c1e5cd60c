/**
 * A brand's main logo as a file: found in a raw or simplified brand, and downloaded from its own
 * host without the Web Data credential.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_TIMEOUT_MS = 15000;

type Obj = IDataObject;

const urlOf = (logo: unknown): string | undefined => {
	if (typeof logo === 'string') return logo;
	const url = (logo as Obj | null | undefined)?.url;
	return typeof url === 'string' ? url : undefined;
};

/**
 * The first logo the brand lists: `logos` of a simplified record (URLs), or `data.brand.logos`
 * of a whole response (assets with a `url`).
 */
export function mainLogoUrl(json: Obj): string | undefined {
	const logos = Array.isArray(json.logos)
		? json.logos
		: ((json.data as Obj | undefined)?.brand as Obj | undefined)?.logos;
	return Array.isArray(logos) ? urlOf(logos[0]) : undefined;
}

/** The response body as n8n's HTTP helper streams it. */
type BodyStream = AsyncIterable<Buffer> & { destroy(): void };

const tooLarge = (exec: IExecuteFunctions, maxBytes: number) =>
	new NodeOperationError(exec.getNode(), `The logo is larger than ${maxBytes} bytes`);

async function readCapped(
	exec: IExecuteFunctions,
	stream: BodyStream,
	maxBytes: number,
): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of stream) {
		size += chunk.length;
		if (size > maxBytes) {
			stream.destroy();
			throw tooLarge(exec, maxBytes);
		}
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

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

/** The URL's last path segment, or `logo.<ext>` from the mime type when it has none. */
export function logoFileName(url: URL, mimeType: string | undefined): string {
	const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
	if (/\.[a-z0-9]+$/i.test(last)) return last;
	const extension = mimeType && EXTENSIONS[mimeType];
	return extension ? `logo.${extension}` : last || 'logo';
}

export interface Logo {
	data: Buffer;
	mimeType?: string;
	fileName: string;
}

/**
 * Downloads a logo with n8n's plain HTTP helper: no credential, so the API key never reaches
 * the logo's host. Only http(s), at most `maxBytes`, within `timeoutMs`.
 */
export async function downloadLogo(
	exec: IExecuteFunctions,
	address: string,
	{ maxBytes = MAX_LOGO_BYTES, timeoutMs = LOGO_TIMEOUT_MS } = {},
): Promise<Logo> {
	let url: URL;
	try {
		url = new URL(address);
	} catch {
		throw new NodeOperationError(exec.getNode(), `"${address}" is not a valid URL`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new NodeOperationError(
			exec.getNode(),
			`Only http(s) logos are downloaded, not ${url.protocol}`,
		);
	const response = (await exec.helpers.httpRequest({
		method: 'GET',
		url: url.href,
		encoding: 'stream',
		returnFullResponse: true,
		timeout: timeoutMs,
		abortSignal: exec.getExecutionCancelSignal?.(),
	})) as { body: BodyStream; headers: Record<string, string | undefined> };
	if (Number(response.headers['content-length']) > maxBytes) {
		response.body.destroy();
		throw tooLarge(exec, maxBytes);
	}
	const data = await readCapped(exec, response.body, maxBytes);
	const mimeType = response.headers['content-type']?.split(';')[0].trim() || undefined;
	return { data, mimeType, fileName: logoFileName(url, mimeType) };
}
