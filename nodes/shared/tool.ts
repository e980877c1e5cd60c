/**
 * What changes when a node runs as an AI agent tool. n8n gives every `usableAsTool` node a tool
 * variant whose type name ends in "Tool" (webDataBrand -> webDataBrandTool), in 1.x and 2.x; the
 * `@tool` display condition tests the same thing.
 */
import type { INode, INodeProperties } from 'n8n-workflow';

import type { FieldSpec, OperationSpec } from './operations/types';

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
 * n8n reads the tool's description from a `toolDescription` parameter and adds its own (one text
 * for the whole node) only when the node has none: this one is prefilled per operation, and
 * what the user writes in it wins.
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
