/**
 * The endpoint table: every operation of every node, one resource file each.
 * Adding an endpoint means adding it to contract/endpoints.ts (its wire facts), then a row to the
 * resource's `operations` (its labels and behaviours).
 */
import { account } from './account';
import { brand } from './brand';
import { brandAi } from './brandAi';
import { crawl } from './crawl';
import { extract } from './extract';
import { job } from './job';
import { map } from './map';
import { scrape } from './scrape';
import { webhook } from './webhook';
import { website } from './website';
import { youtube } from './youtube';

export const RESOURCES = [
	scrape,
	crawl,
	map,
	extract,
	brand,
	brandAi,
	youtube,
	website,
	account,
	job,
	webhook,
] as const;

export { account, brand, brandAi, crawl, extract, job, map, scrape, webhook, website, youtube };
export type * from './types';
