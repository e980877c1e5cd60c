/** Builds a node's editor description from its rows of the operations table. */
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { namesOf } from '../../contract';
import { BEHAVIOURS } from './behaviours';
import { maxConcurrentOption, offersCap } from './execute/run';
import type { FieldSpec, NodeSpec, OperationSpec } from './operations/types';
import { LATEST_VERSION, NODE_VERSIONS, type NodeVersion } from './operations/versions';
import { jobIdLocator } from './jobs/picker';
import { nodeIcon } from './icons';
import {
	leftOutOfTool,
	toolDescriptionProperty,
	toolDescriptionSwitch,
	toolResource,
} from './tool';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

function boundsNote(field: FieldSpec): string {
	if (field.min !== undefined && field.max !== undefined) return ` (${field.min} to ${field.max})`;
	if (field.min !== undefined) return ` (at least ${field.min})`;
	return '';
}

/** n8n's wording for a Limit (its node-param-description-wrong-for-limit rule). */
const LIMIT_DESCRIPTION = 'Max number of results to return';

function fieldProperty(field: FieldSpec): INodeProperties {
	const explained = field.description + boundsNote(field);
	// A Limit has n8n's one description; what it counts and its bounds go in the hint below it.
	const isLimit = field.kind === 'number' && field.name === 'limit';
	const base = {
		displayName: field.displayName,
		name: field.name,
		description: isLimit ? LIMIT_DESCRIPTION : explained,
		hint: isLimit ? explained : field.hint,
		placeholder: field.placeholder && `e.g. ${field.placeholder.replace(/^e\.g\. /, '')}`,
		required: field.required || undefined,
	};
	switch (field.kind) {
		case 'number':
			return {
				...base,
				type: 'number',
				default: (field.default as number | undefined) ?? field.min ?? 0,
				typeOptions: { minValue: field.min, maxValue: field.max },
			};
		case 'boolean':
			return { ...base, type: 'boolean', default: (field.default as boolean | undefined) ?? false };
		case 'options':
		case 'multiOptions': {
			const options: INodePropertyOptions[] = (field.options ?? [])
				.map((o) => ({ ...o }))
				.sort(byName);
			return field.kind === 'options'
				? {
						...base,
						type: 'options',
						options,
						default: (field.default as string | undefined) ?? options[0]?.value ?? '',
					}
				: {
						...base,
						type: 'multiOptions',
						options,
						default: (field.default as string[] | undefined) ?? [],
					};
		}
		case 'stringList':
			return {
				...base,
				type: 'string',
				typeOptions: { rows: 3 },
				default: (field.default as string | undefined) ?? '',
			};
		case 'json':
			return { ...base, type: 'json', default: (field.default as string | undefined) ?? '{}' };
		case 'jobId':
			return { ...base, ...jobIdLocator(field.jobPicker ?? 'any') };
		default:
			return { ...base, type: 'string', default: (field.default as string | undefined) ?? '' };
	}
}

/**
 * An alternate API name (e.g. BrandRetrieveMaxAgeMs) as a collection entry that is shown only
 * when a workflow's JSON already sets it: n8n drops collection keys it has no entry for.
 */
function aliasProperties(field: FieldSpec): INodeProperties[] {
	return namesOf(field)
		.slice(1)
		.map((alias) => ({
			...fieldProperty({
				...field,
				name: alias,
				displayName: `${field.displayName} (as ${alias})`,
			}),
			displayOptions: { show: { [alias]: [{ _cnd: { exists: true } }] } },
		}));
}

function operationProperties(op: OperationSpec): INodeProperties[] {
	const shownFor = { operation: [op.value] };
	const show = { displayOptions: { show: shownFor } };
	const required = op.fields
		.filter((f) => f.onPanel && !f.shownWhen)
		.map((f) => ({ ...fieldProperty(f), ...show }));
	// Shown by a behaviour's parameter (Return All, Schema Type): below it.
	const shownByBehaviour = op.fields
		.filter((f) => f.onPanel && f.shownWhen)
		.map((f) => ({
			...fieldProperty(f),
			displayOptions: { show: { ...shownFor, ...(f.shownWhen as Record<string, string[]>) } },
		}));
	const optionalFields = op.fields.filter((f) => !f.onPanel);
	const optional = [
		...optionalFields.map(fieldProperty),
		...optionalFields.flatMap(aliasProperties),
		...BEHAVIOURS.flatMap((b) => b.options(op)),
		...(offersCap(op) ? [maxConcurrentOption] : []),
	];
	const behaviourParameters = BEHAVIOURS.flatMap((b) => b.parameters(op));
	return [
		...(op.version < 2 ? [toolDescriptionProperty(op)] : []),
		...required,
		...(op.version < 2 ? behaviourParameters : behaviourParameters.map(leftOutOfTool)).map((p) => ({
			...p,
			displayOptions: { ...p.displayOptions, show: { ...p.displayOptions?.show, ...shownFor } },
		})),
		...shownByBehaviour,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: optional.sort((a, b) => a.displayName.localeCompare(b.displayName)),
			...show,
		},
	];
}

/**
 * The subtitle under a node on the canvas: the label of the operation it is set to, e.g. "Retrieve
 * by Domain", from one map of every operation value of the table (a value has one label in all
 * nodes; test/nodes/description.test.ts checks it).
 */
export function subtitleOf(nodes: readonly NodeSpec[]): string {
	const labels: Record<string, string> = {};
	for (const spec of nodes) for (const op of spec.operations) labels[op.value] ??= op.name;
	return `={{${JSON.stringify(labels)}[$parameter["operation"]] ?? $parameter["operation"]}}`;
}

/** The operations' parameters at one node version (the Operation dropdown is the same in all). */
function versionProperties(spec: NodeSpec, version: NodeVersion): INodeProperties[] {
	return spec.versions[version].flatMap(operationProperties);
}

/** The parameter shown only at `versions`; one already shown by version keeps its rule. */
const showAt = (property: INodeProperties, versions: number[]): INodeProperties =>
	property.displayOptions?.show?.['@version']
		? property
		: {
				...property,
				displayOptions: {
					...property.displayOptions,
					show: { ...property.displayOptions?.show, '@version': versions },
				},
			};

/**
 * The parameters of the versions so far (`older`) and of the next one as one list, in both lists'
 * order: a parameter both have alike is written once, one that differs twice, each shown only at
 * its versions (`@version`). Each version therefore sees exactly its own parameters
 * (test/nodes/frozenVersions.test.ts).
 */
export function mergeVersions(
	older: INodeProperties[],
	newer: INodeProperties[],
	olderVersions: number[],
	newerVersion: number,
): INodeProperties[] {
	const a = older.map((p) => JSON.stringify(p));
	const b = newer.map((p) => JSON.stringify(p));
	// Longest common subsequence, from the ends: common[i][j] for a[i..] and b[j..].
	const common = Array.from({ length: a.length + 1 }, () =>
		new Array<number>(b.length + 1).fill(0),
	);
	for (let i = a.length - 1; i >= 0; i--)
		for (let j = b.length - 1; j >= 0; j--)
			common[i][j] =
				a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
	const merged: INodeProperties[] = [];
	let i = 0;
	let j = 0;
	while (i < a.length || j < b.length) {
		if (i < a.length && j < b.length && a[i] === b[j]) {
			merged.push(older[i++]);
			j++;
		} else if (j >= b.length || (i < a.length && common[i + 1][j] >= common[i][j + 1]))
			merged.push(showAt(older[i++], olderVersions));
		else merged.push(showAt(newer[j++], [newerVersion]));
	}
	return merged;
}

/** Every version's parameters in one list (see mergeVersions). */
function allVersionsProperties(spec: NodeSpec): INodeProperties[] {
	const [first, ...later] = NODE_VERSIONS;
	let merged = versionProperties(spec, first);
	const soFar: number[] = [first];
	for (const version of later) {
		merged = mergeVersions(merged, versionProperties(spec, version), [...soFar], version);
		soFar.push(version);
	}
	return merged;
}

export function buildNodeDescription(spec: NodeSpec): INodeTypeDescription {
	const operations = spec.operations;
	const defaultOperation = operations[0].value;
	const operation: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		options: operations
			.map((op) => ({
				name: op.name,
				value: op.value,
				action: op.action,
				description: op.description,
			}))
			.sort(byName),
		default: defaultOperation,
	};
	const [first, ...later] = NODE_VERSIONS;
	// Version 1 as it was; from version 2 under the hidden Resource (see toolResource).
	const resource = toolResource(spec);
	const since2 = { '@version': [...later] };
	return {
		displayName: spec.displayName,
		name: spec.node,
		icon: nodeIcon(spec.node),
		group: ['transform'],
		version: [...NODE_VERSIONS],
		defaultVersion: LATEST_VERSION,
		// subtitleOf(NODES), written here by the build (gulpfile.js writeSubtitle): n8n's scanner
		// wants a literal. test/nodes/description.test.ts fails while it differs from the table.
		subtitle:
			'={{{"scrape":"Scrape","batchScrape":"Batch Scrape","getStatus":"Get Status","map":"Map","extract":"Extract","getProfile":"Get Profile","retrieve":"Retrieve by Domain","retrieveByName":"Retrieve by Name","retrieveByTicker":"Retrieve by Ticker","retrieveByEmail":"Retrieve by Email","retrieveByIsin":"Retrieve by ISIN","query":"Ask","extractProduct":"Extract Product","extractProducts":"Extract Products","getTranscript":"Get Transcript","getFonts":"Get Fonts","getCompetitors":"Get Competitors","get":"Get","list":"List","update":"Update","test":"Test","delete":"Delete"}[$parameter["operation"]] ?? $parameter["operation"]}}',
		description: spec.description,
		defaults: { name: spec.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		credentials: [{ name: 'webDataApi', required: true }],
		properties: [
			...toolDescriptionSwitch().map((p) => ({
				...p,
				displayOptions: { show: { ...p.displayOptions?.show, ...since2 } },
			})),
			{ ...resource.property, displayOptions: { show: since2 } },
			{ ...operation, displayOptions: { show: { '@version': [first] } } },
			{ ...operation, displayOptions: { show: { resource: [resource.value], ...since2 } } },
			...allVersionsProperties(spec),
		],
	};
}
