/**
 * Download Logo: the brand's main logo as binary data (property `logo`) on its output item. A
 * failed download keeps the item, with `logoError` saying why.
 */
import { downloadLogo, mainLogoUrl } from '../brand/logo';
import type { Behaviour, OutputRecord } from './types';

export const LOGO_PROPERTY = 'logo';

export const logoDownload: Behaviour = {
	switches: (op) =>
		op.brandMonitoring
			? [
					{
						displayName: 'Download Logo',
						name: 'downloadLogo',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the brand\'s main logo as a file (binary property "logo"), for nodes that send or store files. Only http(s) logos up to 5 MB; the API key is not sent to the logo\'s host.',
					},
				]
			: [],
	options: () => [],
	read(op, { get }) {
		if (!op.brandMonitoring || !(get('downloadLogo', false) as boolean)) return undefined;
		return (next, { exec }) =>
			async (request) => {
				const records = await next(request);
				return await Promise.all(
					records.map(async (record): Promise<OutputRecord> => {
						const url = mainLogoUrl(record.json);
						if (!url)
							return { ...record, json: { ...record.json, logoError: 'The brand has no logo' } };
						try {
							const logo = await downloadLogo(exec, url);
							const binary = await exec.helpers.prepareBinaryData(
								logo.data,
								logo.fileName,
								logo.mimeType,
							);
							return { ...record, binary: { ...record.binary, [LOGO_PROPERTY]: binary } };
						} catch (error) {
							const logoError = `Could not download the logo ${url}: ${(error as Error).message}`;
							return { ...record, json: { ...record.json, logoError } };
						}
					}),
				);
			};
	},
};
