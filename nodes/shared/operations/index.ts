/**
 * The operations table: every operation of every node, one file per node, each row under its
 * endpoint id. Adding an endpoint means adding it to contract/endpoints.ts (its wire facts), then
 * a row to a node's `operations` (its labels and behaviours): until then OPERATIONS_BY_ENDPOINT
 * below does not compile.
 */
import type { EndpointId } from '../../../contract';
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
import type { OperationSpec, NodeSpec } from './types';
import { youtube } from './youtube';

export const NODES = [
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

type EndpointIdsOf<R> = R extends NodeSpec<infer E> ? E : never;

/** Every operation by its endpoint id. */
export const OPERATIONS_BY_ENDPOINT = Object.assign(
	{},
	...NODES.map((spec) => spec.byEndpoint),
) as Record<EndpointIdsOf<(typeof NODES)[number]>, OperationSpec>;

// Every endpoint of the contract is an operation: the compiler names an endpoint without a row.
OPERATIONS_BY_ENDPOINT satisfies Record<EndpointId, OperationSpec>;

export { account, brand, brandAi, crawl, extract, job, map, scrape, webhook, website, youtube };
export type * from './types';
