/**
 * The bounds inside the `actions` JSON (spec: Action object, and the numbers of the Limits rows
 * "action amount and milliseconds" and "action key / selector / text length"), on Batch Scrape, the operation that
 * takes actions: refused before anything is sent, and accepted at the bound.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectRejected } from '../helpers/expectations';
import { mockApi, useNock } from '../helpers/http';
import { runNode } from '../helpers/runNode';
import { SPEC } from '../helpers/spec';

useNock();

const TARGETS = [
	{ op: 'batchScrape', required: { urls: 'https://acme.com/a', waitForCompletion: false } },
];

interface ActionBound {
	sub: string;
	action: (value: number | string) => IDataObject;
	bad: Array<[number | string, string]>;
	ok: Array<number | string>;
}

const long = (n: number) => 'x'.repeat(n);

/** The spec's Limits rows for actions: a numeric range, and the longest key, selector and text. */
const limitRow = (parameter: string) => SPEC.limits.find((r) => r.parameter === parameter)!;
const { min, max } = limitRow('action amount and milliseconds') as { min: number; max: number };
const lengths = limitRow('action key / selector / text length').maxLength!;

const numeric = (): Pick<ActionBound, 'bad' | 'ok'> => ({
	bad: [
		[min - 1, `at least ${min}`],
		[max + 1, `at most ${max}`],
	],
	ok: [min, max],
});
const text = (sub: string): Pick<ActionBound, 'bad' | 'ok'> => ({
	bad: [[long(lengths[sub] + 1), `at most ${lengths[sub]}`]],
	ok: [long(lengths[sub])],
});

const BOUNDS: ActionBound[] = [
	{
		sub: 'amount',
		action: (v) => ({ type: 'scroll', direction: 'down', amount: v }),
		...numeric(),
	},
	{ sub: 'milliseconds', action: (v) => ({ type: 'wait', milliseconds: v }), ...numeric() },
	{ sub: 'key', action: (v) => ({ type: 'press', key: v }), ...text('key') },
	{ sub: 'selector', action: (v) => ({ type: 'click', selector: v }), ...text('selector') },
	{ sub: 'text', action: (v) => ({ type: 'write', text: v }), ...text('text') },
];

const CASES = TARGETS.flatMap((t) =>
	BOUNDS.map((b) => ({ ...t, ...b, title: `${t.op}: action ${b.sub}` })),
);

const parameters = (op: string, required: IDataObject, actions: unknown[]) => ({
	operation: op,
	...required,
	options: { actions: JSON.stringify(actions) },
});

describe.each(CASES)('$title', ({ op, required, sub, action, bad, ok }) => {
	test.each(bad)(
		'%#: a value past the bound is refused naming actions, the action field and the bound; nothing is sent',
		async (value, bound) => {
			const api = mockApi();
			const result = await runNode({
				type: 'webDataScrape',
				parameters: parameters(op, required, [{ type: 'wait', milliseconds: 5 }, action(value)]),
			});
			expectRejected(result, api, {
				field: 'actions',
				displayName: 'Actions (JSON)',
				mentions: [sub, bound],
			});
		},
	);

	test.each(ok)('the bound is accepted and sent', async (value) => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataScrape',
			parameters: parameters(op, required, [action(value)]),
		});
		expect(error).toBeUndefined();
		expect(api.apiRequests()).toHaveLength(1);
		// Every target sends its actions in the JSON body, exactly as given.
		expect(api.apiRequests()[0]).toMatchObject({
			method: 'POST',
			path: `/${op === 'batchScrape' ? 'batch/scrape' : op}`,
		});
		expect((api.apiRequests()[0].body as IDataObject).actions).toEqual([action(value)]);
	});
});

describe('action enums', () => {
	const TYPES = ['wait', 'click', 'write', 'press', 'scroll', 'scrape', 'screenshot', 'pdf'];

	test.each(TYPES)('type %s is accepted', async (type) => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataScrape',
			parameters: parameters('batchScrape', TARGETS[0].required, [{ type }]),
		});
		expect(error).toBeUndefined();
		expect((api.apiRequests()[0]?.body as IDataObject).actions).toEqual([{ type }]);
	});

	test('an unknown type is refused, listing the allowed types', async () => {
		const api = mockApi();
		const result = await runNode({
			type: 'webDataScrape',
			parameters: parameters('batchScrape', TARGETS[0].required, [{ type: 'hover' }]),
		});
		expectRejected(result, api, {
			field: 'actions',
			displayName: 'Actions (JSON)',
			mentions: TYPES,
		});
	});

	test('a direction other than up or down is refused, naming both', async () => {
		const api = mockApi();
		const result = await runNode({
			type: 'webDataScrape',
			parameters: parameters('batchScrape', TARGETS[0].required, [
				{ type: 'scroll', direction: 'left' },
			]),
		});
		expectRejected(result, api, {
			field: 'actions',
			displayName: 'Actions (JSON)',
			mentions: ['direction', 'up', 'down'],
		});
	});

	test.each(['up', 'down'])('direction %s is accepted', async (direction) => {
		const api = mockApi();
		const { error } = await runNode({
			type: 'webDataScrape',
			parameters: parameters('batchScrape', TARGETS[0].required, [{ type: 'scroll', direction }]),
		});
		expect(error).toBeUndefined();
		expect(api.apiRequests()).toHaveLength(1);
		// Sent as given: the direction reaches the service unchanged.
		expect((api.apiRequests()[0].body as IDataObject).actions).toEqual([
			{ type: 'scroll', direction },
		]);
	});
});
