/**
 * The per-execution parameter reader: n8n evaluates a parameter per item on every call, so values
 * without an expression are read once for all items, and values with one are read per item.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { parameterReader } from '../../nodes/shared/execute/parameters';

function fakeContext(parameters: INodeParameters) {
	const calls: Array<[string, number]> = [];
	const ctx = {
		getNode: () => ({ parameters }),
		getNodeParameter: (name: string, itemIndex: number) => {
			calls.push([name, itemIndex]);
			return `${name}@${itemIndex}`;
		},
	} as unknown as IExecuteFunctions;
	return { ctx, calls };
}

describe('parameterReader', () => {
	test('a constant is read once; an expression, also nested in a collection, once per item', () => {
		const { ctx, calls } = fakeContext({
			domain: '={{ $json.domain }}',
			operation: 'retrieve',
			options: { maxSpeed: true, nested: { forceLanguage: '={{ $json.lang }}' } },
			plain: { list: ['a', 'b'] },
		});
		const read = parameterReader(ctx);
		for (let i = 0; i < 4; i++)
			for (const name of ['domain', 'operation', 'options', 'plain', 'unset'])
				read(name, i, undefined);

		const count = (name: string) => calls.filter(([n]) => n === name).length;
		expect(count('domain')).toBe(4);
		expect(count('options')).toBe(4);
		expect(count('operation')).toBe(1);
		expect(count('plain')).toBe(1);
		expect(count('unset')).toBe(1);
		// A constant read for item 0 serves every item.
		expect(read('operation', 3, undefined)).toBe('operation@0');
	});
});
