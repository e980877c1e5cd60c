/**
 * Each node's icon, light and dark (icons/, copied to dist/icons/ by the build): one family, the
 * package's frame around a glyph of the node's own. Written out in full: the release check
 * (test/release/pack.test.ts) finds every shipped icon by its path in the code.
 */
import type { Icon } from 'n8n-workflow';

export const NODE_ICONS: Readonly<Record<string, Icon>> = {
	webDataScrape: {
		light: 'file:../../icons/webDataScrape.svg',
		dark: 'file:../../icons/webDataScrape.dark.svg',
	},
	webDataCrawl: {
		light: 'file:../../icons/webDataCrawl.svg',
		dark: 'file:../../icons/webDataCrawl.dark.svg',
	},
	webDataMap: {
		light: 'file:../../icons/webDataMap.svg',
		dark: 'file:../../icons/webDataMap.dark.svg',
	},
	webDataExtract: {
		light: 'file:../../icons/webDataExtract.svg',
		dark: 'file:../../icons/webDataExtract.dark.svg',
	},
	webDataBrand: {
		light: 'file:../../icons/webDataBrand.svg',
		dark: 'file:../../icons/webDataBrand.dark.svg',
	},
	webDataBrandAi: {
		light: 'file:../../icons/webDataBrandAi.svg',
		dark: 'file:../../icons/webDataBrandAi.dark.svg',
	},
	webDataYouTube: {
		light: 'file:../../icons/webDataYouTube.svg',
		dark: 'file:../../icons/webDataYouTube.dark.svg',
	},
	webDataWebsite: {
		light: 'file:../../icons/webDataWebsite.svg',
		dark: 'file:../../icons/webDataWebsite.dark.svg',
	},
	webDataAccount: {
		light: 'file:../../icons/webDataAccount.svg',
		dark: 'file:../../icons/webDataAccount.dark.svg',
	},
	webDataJob: {
		light: 'file:../../icons/webDataJob.svg',
		dark: 'file:../../icons/webDataJob.dark.svg',
	},
	webDataWebhook: {
		light: 'file:../../icons/webDataWebhook.svg',
		dark: 'file:../../icons/webDataWebhook.dark.svg',
	},
	webDataTrigger: {
		light: 'file:../../icons/webDataTrigger.svg',
		dark: 'file:../../icons/webDataTrigger.dark.svg',
	},
};

/** The package's own mark (the credential's icon), for a node without one of its own. */
const FAMILY_ICON: Icon = {
	light: 'file:../../icons/webdata.svg',
	dark: 'file:../../icons/webdata.dark.svg',
};

export function nodeIcon(node: string): Icon {
	return NODE_ICONS[node] ?? FAMILY_ICON;
}
