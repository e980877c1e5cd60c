/** The class every action node is: its description and execute() come from its table rows. */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { buildNodeDescription } from './description';
import { jobSearchMethods } from './jobs/picker';
import type { NodeSpec } from './operations/types';
import { executeNode } from './execute';

export function actionNode(spec: NodeSpec): new () => INodeType {
	const { properties } = buildNodeDescription(spec);
	return class implements INodeType {
		description: INodeTypeDescription = buildNodeDescription(spec);

		methods = spec.operations.some((op) => op.fields.some((f) => f.kind === 'jobId'))
			? { listSearch: jobSearchMethods }
			: undefined;

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return await executeNode.call(this, spec, properties);
		}
	};
}
