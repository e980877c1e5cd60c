/**
 * Frozen node versions: what a saved workflow depends on in each node's description (parameter
 * names, types, defaults, option values, where each shows, bounds, version numbers) is held to
 * a snapshot. Texts people read (labels, descriptions, hints) are left out, so they may change
 * freely. A failing snapshot means a saved workflow could now run differently: add the next node
 * version (`version: [1, 2]`, `defaultVersion: 2`) and keep version 1 as it was, or, when
 * the change only adds what saved workflows do not hold (a new option whose default keeps
 * today's behaviour), update the snapshot with `jest -u` and say why in the commit
 * (CONTRIBUTING.md, "Node versions").
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../../devkit/package';

/** Keys whose values only people read. */
const TEXT = new Set(['displayName', 'description', 'hint', 'placeholder', 'action', 'subtitle']);

function savedShape(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(savedShape);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([key]) => !TEXT.has(key))
			.map(([key, entry]) => [key, savedShape(entry)]),
	);
}

function frozen(description: INodeTypeDescription) {
	return {
		name: description.name,
		version: description.version,
		defaultVersion: description.defaultVersion,
		credentials: description.credentials,
		properties: savedShape(description.properties as INodeProperties[]),
	};
}

const NODES = [
	'webDataScrape',
	'webDataCrawl',
	'webDataMap',
	'webDataExtract',
	'webDataBrand',
	'webDataBrandAi',
	'webDataYouTube',
	'webDataWebsite',
	'webDataAccount',
	'webDataJob',
	'webDataWebhook',
	'webDataTrigger',
];

test.each(NODES)('%s: what saved workflows depend on is unchanged', async (node) => {
	const { nodeTypes } = await loadPackage();
	expect(Object.keys(nodeTypes)).toContain(node);
	expect(frozen(nodeTypes[node].description)).toMatchSnapshot();
});

test('every node of the package is frozen here', async () => {
	const { nodeTypes } = await loadPackage();
	expect(Object.keys(nodeTypes).sort()).toEqual([...NODES].sort());
});
