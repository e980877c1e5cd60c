/**
 * What changes when a node runs as an AI agent tool. n8n gives every `usableAsTool` node a tool
 * variant whose type name ends in "Tool" (webDataBrand -> webDataBrandTool), in 1.x and 2.x; the
 * `@tool` display condition tests the same thing.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import type { FieldSpec, NodeSpec, OperationSpec } from './operations/types';

/** Shows a property only on the tool variant (`true`) or only on the node itself (`false`). */
export const onlyAsTool = (asTool: boolean) => ({ '@tool': [asTool] });

export function runsAsTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

const FORMAT_HINTS: Partial<Record<NonNullable<FieldSpec['format']>, string>> = {
	url: 'a URL',
	domainOrUrl: 'a domain or URL',
	email: 'an email address',
};

/** The format, or the field's description without its editor asides (its parentheses). */
function inputHint(field: FieldSpec): string {
	const hint =
		(field.format && FORMAT_HINTS[field.format]) ??
		field.description.split('. ')[0].replace(/\s*\([^)]*\)/g, '');
	return hint.charAt(0).toLowerCase() + hint.slice(1);
}

/** What the model is told an operation does: its action and required inputs. */
export function toolDescription(op: OperationSpec): string {
	const inputs = op.fields.filter((f) => f.required).map((f) => `${f.name} (${inputHint(f)})`);
	return inputs.length > 0 ? `${op.action}. Input: ${inputs.join(', ')}` : `${op.action}.`;
}

/**
 * Version 1's tool description: n8n reads it from a `toolDescription` parameter and adds its own
 * only when the node has none, so this prefilled one replaced n8n's switch. Frozen with version 1.
 */
export function toolDescriptionProperty(op: OperationSpec): INodeProperties {
	return {
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: toolDescription(op),
		typeOptions: { rows: 2 },
		description:
			'What the AI agent is told this tool does. Prefilled from the operation and its inputs; edit it to say more.',
		displayOptions: { show: { ...onlyAsTool(true), operation: [op.value] } },
	};
}

/**
 * From version 2, n8n's own Tool Description switch, as n8n adds it to the tools it builds (it
 * adds none here, because version 1 has a `toolDescription`). Set Automatically makes n8n-workflow
 * tell the model the chosen operation's action (getToolDescriptionForNode, found through
 * toolResource), e.g. "Scrape a URL in Web Data Scrape"; Set Manually sends the user's text.
 */
export function toolDescriptionSwitch(): INodeProperties[] {
	return [
		{
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Set Automatically',
					value: 'auto',
					description: 'Automatically set based on the operation',
				},
				{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
			],
			default: 'auto',
			displayOptions: { show: onlyAsTool(true) },
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			// Left empty, n8n sends the automatic text, and its editor fills it in on Set Manually.
			default: '',
			required: true,
			typeOptions: { rows: 2 },
			description:
				'Explain to the AI agent what this tool does; a specific description helps it call the tool at the right time',
			displayOptions: { show: { ...onlyAsTool(true), descriptionType: ['manual'] } },
		},
	];
}

/**
 * The node's one resource, hidden: n8n finds an operation's `action` only in an Operation shown
 * for a Resource, both for what Set Automatically tells the model and for the name a new node
 * gets (n8n-workflow's makeNodeName: "Scrape a URL"). One node per resource, so it never varies.
 */
export function toolResource(spec: NodeSpec): { property: INodeProperties; value: string } {
	const value = spec.node.replace(/^webData(.)/, (_, first: string) => first.toLowerCase());
	return {
		value,
		property: {
			displayName: 'Resource',
			name: 'resource',
			type: 'hidden',
			noDataExpression: true,
			options: [{ name: spec.displayName.replace(/^Web Data /, ''), value }],
			default: value,
		},
	};
}

/**
 * Parameters that make no sense for a model, left out of the tool variant from version 2:
 * Watch for Changes keeps state across production runs, Download Logo adds a file the model
 * cannot read. (The file output is already left out, in output.ts.)
 */
export const NOT_FOR_TOOLS: readonly string[] = ['watchForChanges', 'downloadLogo'];

/** The parameter hidden on the tool when it is one of NOT_FOR_TOOLS or shown by one. */
export function leftOutOfTool(property: INodeProperties): INodeProperties {
	const displayOptions = property.displayOptions ?? {};
	const shownBy = Object.keys(displayOptions.show ?? {});
	if (![property.name, ...shownBy].some((name) => NOT_FOR_TOOLS.includes(name))) return property;
	return {
		...property,
		displayOptions: { ...displayOptions, show: { ...displayOptions.show, ...onlyAsTool(false) } },
	};
}
