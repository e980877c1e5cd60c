/**
 * Download Logo: the brand's main logo as binary data (property `logo`) on its output item. A
 * failed or refused download keeps the item, with `logoError` saying why. The logo's URL comes
 * from the API's answer, so only public hosts are fetched unless Allow Private Logo Hosts is on
 * (brand/logo.ts: the host as written, and in n8n 2.x the addresses its name resolves to), only
 * image answers are kept, and a node execution downloads at most MAX_LOGO_DOWNLOADS logos at a time.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { downloadLogo, mainLogoUrl, shownUrl } from '../brand/logo';
import { Slots } from '../transport/slots';
import { booleanOption } from './optionBounds';
import type { Behaviour, OutputRecord } from './types';

export const LOGO_PROPERTY = 'logo';
export const MAX_LOGO_DOWNLOADS = 4;

/** One queue per node execution: its items run concurrently and share it. */
const downloadSlots = new WeakMap<IExecuteFunctions, Slots>();

function slotsOf(exec: IExecuteFunctions): Slots {
	let slots = downloadSlots.get(exec);
	if (!slots) {
		slots = new Slots(MAX_LOGO_DOWNLOADS);
		downloadSlots.set(exec, slots);
	}
	return slots;
}

async function withLogo(
	exec: IExecuteFunctions,
	record: OutputRecord,
	allowPrivateHosts: boolean,
): Promise<OutputRecord> {
	const url = mainLogoUrl(record.json);
	if (!url) return { ...record, json: { ...record.json, logoError: 'The brand has no logo' } };
	try {
		const logo = await downloadLogo(exec, url, { allowPrivateHosts });
		const binary = await exec.helpers.prepareBinaryData(logo.data, logo.fileName, logo.mimeType);
		return { ...record, binary: { ...record.binary, [LOGO_PROPERTY]: binary } };
	} catch (error) {
		const logoError = `Could not download the logo ${shownUrl(url)}: ${(error as Error).message}`;
		return { ...record, json: { ...record.json, logoError } };
	}
}

export const logoDownload: Behaviour = {
	parameters: (op) =>
		op.brandMonitoring
			? [
					{
						displayName: 'Download Logo',
						name: 'downloadLogo',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the brand\'s main logo as a file (binary property "logo"), for nodes that send or store files. Only http(s) image answers up to 5 MB from public hosts; the API key is not sent to the logo\'s host.',
					},
					{
						displayName: 'Allow Private Logo Hosts',
						name: 'allowPrivateLogoHosts',
						type: 'boolean',
						default: false,
						description:
							"Whether to also download logos from private hosts: localhost, loopback, private-network and link-local addresses (such as 127.0.0.1, 10.x, 192.168.x, 169.254.169.254), and names that resolve to them. Off, they are refused, because the logo's URL comes from the API's answer. Turn on only for a logo server of your own on your network.",
						displayOptions: { show: { downloadLogo: [true] } },
					},
				]
			: [],
	options: () => [],
	read(op, { get }) {
		if (!op.brandMonitoring) return undefined;
		if (!booleanOption(get('downloadLogo', false), 'Download Logo', 'downloadLogo'))
			return undefined;
		const allowPrivateHosts = booleanOption(
			get('allowPrivateLogoHosts', false),
			'Allow Private Logo Hosts',
			'allowPrivateLogoHosts',
		);
		return (next, { exec }) =>
			async (request) => {
				const records = await next(request);
				const slots = slotsOf(exec);
				return await Promise.all(
					records.map(async (record) => {
						await slots.acquire(exec.getExecutionCancelSignal?.());
						try {
							return await withLogo(exec, record, allowPrivateHosts);
						} finally {
							slots.release();
						}
					}),
				);
			};
	},
};
