/**
 * Frozen node versions: what a saved workflow depends on in each node's description (parameter
 * names, types, defaults, option values, where each shows, bounds, version numbers) is held to
 * a snapshot. Texts people read (labels, descriptions, hints) are left out, so they may change
 * freely. A failing snapshot means a saved workflow could now run differently: add the next node
 * version (`version: [1, 2]`, `defaultVersion: 2`) and keep version 1 as it was, or, when
 * the change only adds what saved workflows do not hold (a new option whose default keeps
 * today's behaviour), update the snapshot with `jest -u` and say why in the commit
 * (CONTRIBUTING.md, "Node versions").
 *
 * Each version is frozen apart, as n8n shows it to a workflow saved at that version: the
 * parameters its `@version` display rules show, without those rules. The first entry of a node
 * is its version 1, as it was frozen when every node had one version; later versions follow
 * under their number, and the node's version list is frozen too.
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

type Show = Record<string, unknown[]>;

/** Whether a parameter's `@version` rules show it at `version` (plain version lists only). */
function shownAt(property: INodeProperties, version: number): boolean {
	const { show, hide } = (property.displayOptions ?? {}) as { show?: Show; hide?: Show };
	if (show?.['@version'] && !show['@version'].includes(version)) return false;
	return !hide?.['@version']?.includes(version);
}

/** The parameter without its `@version` rules (and without what they leave empty). */
function withoutVersionRules(property: INodeProperties): INodeProperties {
	if (!property.displayOptions) return property;
	const displayOptions: Record<string, Show> = {};
	for (const [kind, rules] of Object.entries(property.displayOptions as Record<string, Show>)) {
		const { '@version': _version, ...rest } = rules;
		if (Object.keys(rest).length > 0) displayOptions[kind] = rest;
	}
	const { displayOptions: _rules, ...plain } = property;
	return Object.keys(displayOptions).length > 0 ? { ...plain, displayOptions } : plain;
}

function propertiesAt(properties: INodeProperties[], version: number): INodeProperties[] {
	return properties
		.filter((property) => shownAt(property, version))
		.map(withoutVersionRules)
		.map((property) =>
			property.options && property.type === 'collection'
				? { ...property, options: propertiesAt(property.options as INodeProperties[], version) }
				: property,
		);
}

const versionsOf = (description: INodeTypeDescription) =>
	Array.isArray(description.version) ? description.version : [description.version];

function frozen(description: INodeTypeDescription, version: number) {
	return {
		name: description.name,
		version,
		// Version 1's entry was written before nodes had a default version.
		defaultVersion: undefined,
		credentials: description.credentials,
		properties: savedShape(propertiesAt(description.properties as INodeProperties[], version)),
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
	const { description } = nodeTypes[node];
	expect({
		versions: description.version,
		defaultVersion: description.defaultVersion,
	}).toMatchSnapshot('versions');
	for (const version of versionsOf(description)) {
		if (version === 1) expect(frozen(description, version)).toMatchSnapshot();
		else expect(frozen(description, version)).toMatchSnapshot(`version ${version}`);
	}
});

test('every node of the package is frozen here', async () => {
	const { nodeTypes } = await loadPackage();
	expect(Object.keys(nodeTypes).sort()).toEqual([...NODES].sort());
});
