/** The class every action node is: its description and execute() come from its table rows. */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { buildNodeDescription } from './description';
import { jobSearchMethods } from './jobs/picker';
import type { ResourceSpec } from './endpoints/types';
import { executeResource } from './execute';

export function actionNode(resource: ResourceSpec): new () => INodeType {
	const { properties } = buildNodeDescription(resource);
	return class implements INodeType {
		description: INodeTypeDescription = buildNodeDescription(resource);

		methods = resource.operations.some((op) => op.fields.some((f) => f.kind === 'jobId'))
			? { listSearch: jobSearchMethods }
			: undefined;

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return await executeResource.call(this, resource, properties);
		}
	};
}
