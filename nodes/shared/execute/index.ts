/**
 * The execute() of every action node: an item's trip. Every item is read and validated first
 * (bad input sends nothing), then the items run concurrently, and their output comes back in
 * input order with pairedItem. Continue On Fail turns an item's failure into an error item.
 *
 * The trip, read top to bottom (index.ts uses the others; each of them imports only those above it):
 *   index.ts        the operation the node is set to, then the three stages for every item
 *   parameters.ts   how parameters are read (constants once; itemReference.ts, the fast path)
 *   output.ts       an item's records as output items, its error item, a refusal
 *   prepare.ts      every item before any request: its values, checked, its behaviours, its request
 *   run.ts          every prepared item at once: the node's cap, each request sent through the
 *                   sends its behaviours build, the output in input order
 */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NodeSpec, OperationSpec } from '../operations/types';
import { NODE_VERSIONS, type NodeVersion } from '../operations/versions';
import { asNodeError } from '../transport/errors';
import { parameterReader } from './parameters';
import { prepareItem } from './prepare';
import { runItems, type Prepared } from './run';

/** The node's version as the table knows it: a saved workflow's typeVersion (1 before there were more). */
function versionOf(typeVersion: number | undefined): NodeVersion {
	const known = [...NODE_VERSIONS].reverse().find((version) => version <= (typeVersion ?? 1));
	return known ?? NODE_VERSIONS[0];
}

/** The operation the node is set to, at the node's version, one for all its items. */
function pickOperation(ctx: IExecuteFunctions, spec: NodeSpec): OperationSpec {
	const value = ctx.getNodeParameter('operation', 0) as string;
	const operations = spec.versions[versionOf(ctx.getNode().typeVersion)];
	const op = operations.find((candidate) => candidate.value === value);
	if (!op)
		throw new NodeOperationError(
			ctx.getNode(),
			`Unknown operation "${value}" for ${spec.displayName}`,
		);
	return op;
}

export async function executeNode(
	this: IExecuteFunctions,
	spec: NodeSpec,
	properties: INodeProperties[] = [],
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const op = pickOperation(this, spec);
	const continueOnFail = this.continueOnFail();
	const read = parameterReader(this, properties, items);
	const prepared: Prepared[] = items.map((_, i) => {
		try {
			return { item: prepareItem(this, op, i, read) };
		} catch (error) {
			if (!continueOnFail) throw asNodeError(this.getNode(), error);
			return { error };
		}
	});
	return [await runItems(this, prepared, continueOnFail)];
}
