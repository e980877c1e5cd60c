/**
 * Hostile input over every operation and field of the operations table, and every node option: each
 * value is refused before anything is sent, with an error that names the field and the item and
 * is short enough to read, and no run hangs. Prints `N tried, N refused with a clear error, 0 sent,
 * 0 hung`. Values arrive through an item expression, as a model or an upstream node sets them.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { mockApi, useNock } from '../helpers/http';
import { runNode, type RunNodeResult } from '../helpers/runNode';
import { FIELDS, OPERATIONS, sampleOperation } from '../helpers/table';
import { withItemValue } from '../helpers/expectations';
import { NODES, type FieldSpec } from '../../nodes/shared/operations';
import { buildNodeDescription } from '../../nodes/shared/description';

useNock();

const HUGE = 'x'.repeat(1_000_000);

/** Values no field may take, whatever its type; then those a field's type or place adds. */
const EVERY_FIELD: unknown[] = [HUGE, 'a\u0000b', 'a\ud800b', 'b\udc00', NaN, Infinity];

function hostileValues(field: FieldSpec): unknown[] {
	const values = [...EVERY_FIELD];
	if (field.required) values.push('', '   ');
	if (field.in === 'path') values.push('.', '..');
	if (field.in !== 'body' && field.type === 'string') values.push('line\nbreak');
	if (field.format === 'url' || field.format === 'domainOrUrl')
		values.push('file:///etc/passwd', 'javascript:alert(1)');
	if (field.type === 'number') values.push('12abc', -Infinity, {});
	if (field.type === 'boolean') values.push('yes', 2);
	if (field.type === 'enum') values.push('__proto__', 'constructor');
	if (field.type === 'stringArray')
		values.push(Array.from({ length: 10_001 }, (_, i) => `https://a.example/${i}`));
	if (field.type === 'json') values.push('{"a":', '__proto__');
	return values;
}

const tally = { tried: 0, refused: 0, sent: 0, hung: 0 };

const HANG_MS = 10_000;

async function runBounded(options: Parameters<typeof runNode>[0]): Promise<RunNodeResult | 'hung'> {
	let timer: NodeJS.Timeout | undefined;
	const hang = new Promise<'hung'>(
		(resolve) => (timer = setTimeout(() => resolve('hung'), HANG_MS)),
	);
	try {
		return await Promise.race([runNode(options), hang]);
	} finally {
		clearTimeout(timer);
	}
}

/** Runs one hostile value and checks it was refused clearly, naming the field (`name`), with nothing sent. */
async function expectRefused(
	type: string,
	parameters: INodeParameters,
	value: unknown,
	name: string | RegExp,
): Promise<void> {
	const api = mockApi();
	tally.tried++;
	const result = await runBounded({ type, parameters, items: [{ v: value as never }] });
	if (result === 'hung') {
		tally.hung++;
		throw new Error(`${type} ${name}: the run did not end within ${HANG_MS} ms`);
	}
	if (api.requests.length > 0 || api.unmatched.length > 0) tally.sent++;
	const { error } = result;
	expect(error?.name).toBe('NodeOperationError');
	if (typeof name === 'string') expect(error?.message).toContain(name);
	else expect(error?.message).toMatch(name);
	expect(error?.message).toContain('[item 0]');
	expect(error?.message).toMatch(/must|required|not valid|give/);
	expect(error?.message.length).toBeLessThan(600);
	expect(String(error?.description ?? '').length).toBeLessThan(2000);
	api.expectNothingSent();
	tally.refused++;
}

afterAll(() => {
	process.stdout.write(
		`hostile input: ${tally.tried} tried, ${tally.refused} refused with a clear error, ${tally.sent} sent, ${tally.hung} hung\n`,
	);
});

describe.each(FIELDS.map((entry) => ({ ...entry, title: `${entry.label} ${entry.field.name}` })))(
	'$title',
	({ nodeSpec, op, field }) => {
		const base = sampleOperation(op, false).parameters;
		const parameters = withItemValue(base, field.name, !!field.required);
		test.each(hostileValues(field).map((value) => [JSON.stringify(value)?.slice(0, 40), value]))(
			'%s is refused, nothing sent',
			async (_shown, value) => {
				// The label the person sees, and what to do about it.
				await expectRefused(nodeSpec.node, parameters, value, `"${field.displayName}": it `);
			},
		);
	},
);

/** Node options (not API fields), on every operation that has them. */
const NODE_OPTIONS: Array<{
	name: string;
	top: boolean;
	values: unknown[];
	applies: (op: (typeof OPERATIONS)[number]['op']) => boolean;
	extra?: INodeParameters;
}> = [
	{
		name: 'pollInterval',
		top: false,
		values: [0, -1, NaN, Infinity, 1e9, 'abc', {}],
		applies: (op) => !!op.job,
		extra: { waitForCompletion: true },
	},
	{
		name: 'maxWait',
		top: false,
		values: [0, -5, NaN, Infinity, 1e12, 'soon'],
		applies: (op) => !!op.job,
		extra: { waitForCompletion: true },
	},
	{
		name: 'maxConcurrentRequests',
		top: false,
		values: [0, -1, 1.5, NaN, 51, Infinity, 'many'],
		applies: () => true,
	},
	{
		name: 'limit',
		top: true,
		values: [0, -3, 2.5, NaN, Infinity, 1e12, 'all'],
		applies: (op) => op.paginate === 'crawlNext',
		extra: { returnAll: false },
	},
	{ name: 'returnAll', top: true, values: ['yes', 2, {}], applies: (op) => !!op.paginate },
	{ name: 'waitForCompletion', top: true, values: ['nope', 0.5], applies: (op) => !!op.job },
	{ name: 'simplify', top: true, values: ['maybe', []], applies: (op) => !!op.simplify },
	{ name: 'downloadLogo', top: true, values: ['yes', 1], applies: (op) => !!op.brandMonitoring },
	{
		name: 'allowPrivateLogoHosts',
		top: true,
		values: ['on', {}],
		applies: (op) => !!op.brandMonitoring,
		extra: { downloadLogo: true },
	},
	{
		name: 'watchForChanges',
		top: true,
		values: ['sure', 1],
		applies: (op) => !!op.brandMonitoring && !!op.simplify,
	},
	{
		name: 'schemaType',
		top: true,
		values: ['fromMagic', 1, {}],
		applies: (op) => !!op.schemaFromExample,
	},
	{
		name: 'jsonExample',
		top: true,
		values: ['not json', '[]', 'null', '{"a": null}', '{"a": []}', HUGE],
		applies: (op) => !!op.schemaFromExample,
		extra: { schemaType: 'fromExample' },
	},
	{
		name: 'watchedFields',
		top: true,
		values: ['colors', ['nope'], 5, [{}]],
		applies: (op) => !!op.brandMonitoring && !!op.simplify,
		extra: { watchForChanges: true },
	},
];

/** The labels a node option shows in the editor: its refusal must name one of them. */
function optionLabels(name: string): string[] {
	const labels = new Set<string>();
	const visit = (properties: INodeProperties[]): void => {
		for (const property of properties) {
			if (property.name === name) labels.add(property.displayName);
			if (property.type === 'collection') visit(property.options as INodeProperties[]);
		}
	};
	for (const nodeSpec of NODES) visit(buildNodeDescription(nodeSpec).properties);
	if (labels.size === 0) throw new Error(`no editor property is named ${name}`);
	return [...labels];
}

const labelled = (name: string) =>
	new RegExp(
		optionLabels(name)
			.map((l) => `"${l.replace(/[()]/g, '\\$&')}": it `)
			.join('|'),
	);

const OPTION_CASES = NODE_OPTIONS.flatMap((option) =>
	OPERATIONS.filter(({ op }) => option.applies(op)).map((entry) => ({
		...entry,
		option,
		title: `${entry.label} option ${option.name}`,
	})),
);

test('the option table reaches every node option it names', () => {
	for (const option of NODE_OPTIONS)
		expect(OPTION_CASES.some((c) => c.option.name === option.name)).toBe(true);
});

describe.each(OPTION_CASES)('$title', ({ nodeSpec, op, option }) => {
	const base = { ...sampleOperation(op, false).parameters, ...(option.extra ?? {}) };
	const parameters = withItemValue(base, option.name, option.top);
	test.each(option.values.map((value) => [JSON.stringify(value) ?? String(value), value]))(
		'%s is refused, nothing sent',
		async (_shown, value) => {
			await expectRefused(nodeSpec.node, parameters, value, labelled(option.name));
		},
	);
});

describe('the answer budget of a tool', () => {
	test.each([0, 999, NaN, Infinity, 2e6, 'long'])('%s is refused, nothing sent', async (value) => {
		const base = sampleOperation(
			OPERATIONS.find((o) => o.op.value === 'retrieve')!.op,
			false,
		).parameters;
		await expectRefused(
			'webDataBrandTool',
			withItemValue(base, 'agentBudget', false),
			value,
			labelled('agentBudget'),
		);
	});
});
