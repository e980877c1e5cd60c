/** Step 1 of an item's trip: the operation the node is set to, one for all its items. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OperationSpec, NodeSpec } from '../endpoints/types';

export function pickOperation(ctx: IExecuteFunctions, spec: NodeSpec): OperationSpec {
	const value = ctx.getNodeParameter('operation', 0) as string;
	const op = spec.operations.find((candidate) => candidate.value === value);
	if (!op)
		throw new NodeOperationError(
			ctx.getNode(),
			`Unknown operation "${value}" for ${spec.displayName}`,
		);
	return op;
}
