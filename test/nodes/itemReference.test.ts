/**
 * The item-reference fast path is identical to n8n's own evaluation: for many expressions and
 * values, a probe node in real n8n-core (2.x here, 1.x when its install is in the cache) reads the
 * same parameter through getNodeParameter and through the package's parameterReader, item by
 * item. Wherever the reader answers on its own, n8n must give the same value; values the reader
 * leaves to n8n are counted so the test shows which kinds take the fast path.
 */
import 'reflect-metadata';

import { existsSync } from 'node:fs';
import * as path from 'node:path';

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	IRun,
} from 'n8n-workflow';

import { n8nLine } from '../../devkit/paths';
import { testAdditionalData } from '../helpers/runNode';
import { random } from '../helpers/random';
import { parameterReader as sourceReader } from '../../nodes/shared/execute/parameters';

type Reader = (name: string, itemIndex: number, fallback: unknown) => unknown;
type ReaderFactory = (
	ctx: IExecuteFunctions,
	properties: INodeProperties[],
	items: INodeExecutionData[],
) => Reader;

// Typed loosely: the probe also hands it n8n-core 1.x's context.
const parameterReader = sourceReader as unknown as ReaderFactory;

const N8N1_ROOT = path.join(n8nLine('1').dir, 'node_modules');

interface Engine {
	label: string;
	core: typeof import('n8n-core');
	workflow: typeof import('n8n-workflow');
}

function engines(): Engine[] {
	const list: Engine[] = [
		{
			label: 'n8n 2.x',
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			core: require('n8n-core'),
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			workflow: require('n8n-workflow'),
		},
	];
	const core1 = path.join(N8N1_ROOT, 'n8n-core');
	if (existsSync(core1)) {
		const workflow1 = require.resolve('n8n-workflow', { paths: [core1] });
		list.push({
			label: 'n8n 1.x',
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			core: require(core1),
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			workflow: require(workflow1),
		});
	}
	return list;
}

const PROPERTIES: INodeProperties[] = [
	{ displayName: 'P', name: 'p', type: 'string', default: '' },
];

interface Observation {
	n8n: { value: unknown } | { error: string };
	reader: { value: unknown } | { error: string };
}

function attempt(read: () => unknown): Observation['n8n'] {
	try {
		return { value: read() };
	} catch (error) {
		return { error: (error as Error).message };
	}
}

/** Runs Trigger -> Probe in `engine` with parameter `p` = `expression` over `items`. */
async function observe(
	engine: Engine,
	expression: string,
	items: INodeExecutionData[],
): Promise<Observation[]> {
	const { WorkflowExecute, ExecutionLifecycleHooks } = engine.core;
	const { Workflow, NodeHelpers } = engine.workflow;
	const observations: Observation[] = [];
	const description = (name: string, properties: INodeProperties[], inputs: string[]) =>
		({
			displayName: name,
			name,
			group: ['transform'],
			version: 1,
			description: name,
			defaults: { name },
			inputs,
			outputs: ['main'],
			properties,
		}) as unknown as INodeType['description'];
	const trigger: INodeType = {
		description: description('trigger', [], []),
		async execute(this: IExecuteFunctions) {
			return [this.getInputData()];
		},
	};
	const probe: INodeType = {
		description: description('probe', PROPERTIES, ['main']),
		async execute(this: IExecuteFunctions) {
			const input = this.getInputData();
			const read = parameterReader(this, PROPERTIES, input);
			input.forEach((_, i) =>
				observations.push({
					n8n: attempt(() => this.getNodeParameter('p', i, '')),
					reader: attempt(() => read('p', i, '')),
				}),
			);
			return [[]];
		},
	};
	const types: Record<string, INodeType> = { 'test.trigger': trigger, 'test.probe': probe };
	const nodeTypes = {
		getByName: (type: string) => types[type],
		getByNameAndVersion: (type: string, version?: number) =>
			NodeHelpers.getVersionedNodeType(types[type], version),
		getKnownTypes: () => ({}),
	};
	const nodes = [
		{
			id: 't',
			name: 'Trigger',
			type: 'test.trigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'p',
			name: 'Probe',
			type: 'test.probe',
			typeVersion: 1,
			position: [200, 0],
			parameters: { p: expression },
		},
	];
	const connections = { Trigger: { main: [[{ node: 'Probe', type: 'main', index: 0 }]] } };
	const workflow = new Workflow({
		id: 'wf',
		name: 'probe',
		nodes,
		connections,
		nodeTypes,
		active: false,
		settings: { executionOrder: 'v1' },
	} as unknown as ConstructorParameters<typeof Workflow>[0]);
	const workflowData = { id: 'wf', name: 'probe', nodes, connections, active: false, settings: {} };
	const hooks = new ExecutionLifecycleHooks('manual', 'probe-1', workflowData as never);
	let finished: (run: IRun) => void = () => {};
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
	const stack = [{ node: workflow.getNode('Trigger')!, data: { main: [items] }, source: null }];
	const create = (engine.workflow as { createRunExecutionData?: (o: object) => unknown })
		.createRunExecutionData;
	const runExecutionData = create
		? create({ executionData: { nodeExecutionStack: stack } })
		: {
				startData: {},
				resultData: { runData: {} },
				executionData: {
					contextData: {},
					nodeExecutionStack: stack,
					metadata: {},
					waitingExecution: {},
					waitingExecutionSource: {},
				},
			};
	const additionalData = testAdditionalData('probe-1', hooks, {});
	const execute = new WorkflowExecute(additionalData as never, 'manual', runExecutionData as never);
	const run = await Promise.race([
		done,
		Promise.resolve(execute.processRunExecutionData(workflow)).then(async (r) => r ?? (await done)),
	]);
	const probeError = run.data.resultData.runData.Probe?.[0]?.error;
	if (probeError) throw probeError;
	if (observations.length !== items.length)
		throw new Error(`the probe saw ${observations.length} of ${items.length} items`);
	return observations;
}

const KEYS = [
	'x',
	'domain',
	'_a',
	'$b',
	'a1',
	'class',
	'a.b',
	'with space',
	'ünï',
	'0',
	'-',
	'',
	'$json',
	'toString',
	'hasOwnProperty',
	'valueOf',
	'length',
	'__proto__',
	'constructor',
	'my caller',
	'=x',
	'{{x}}',
] as const;

const SCALARS: unknown[] = [
	'',
	'acme.com',
	' padded ',
	'=notAnExpression',
	'{{ $json.x }}',
	'line\nbreak',
	'ünïcödé ✓',
	'null',
	'123',
	'true',
	'x'.repeat(300),
	0,
	-0,
	1,
	-1.5,
	1e21,
	Number.MAX_SAFE_INTEGER + 2,
	Number.NaN,
	Number.POSITIVE_INFINITY,
	true,
	false,
	null,
	undefined,
	[],
	['a', 1, null],
	{},
	{ nested: { deep: 'value' } },
	{ toString: 'x' },
	new Date('2026-01-01T00:00:00.000Z'),
];

/** A path expression for keys, written with dots where JavaScript allows, else brackets. */
function expressionFor(keys: string[], rng: ReturnType<typeof random>): string {
	const segments = keys.map((key) => {
		const dotted = /^[A-Za-z_$][\w$]*$/.test(key) && rng.next() < 0.6;
		if (dotted) return `.${key}`;
		return rng.next() < 0.5 ? `["${key}"]` : `['${key}']`;
	});
	const pad = () => rng.pick(['', ' ', '  ']);
	return `={{${pad()}$json${segments.join('')}${pad()}}}`;
}

function build(keys: string[], leaf: unknown): IDataObject {
	let json: unknown = leaf;
	for (const key of [...keys].reverse()) json = Object.fromEntries([[key, json]]);
	return json as IDataObject;
}

/** Items for one path: the value at the path, a missing key, a wrong intermediate, extra keys. */
function itemsFor(keys: string[], rng: ReturnType<typeof random>): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (let k = 0; k < 24; k++) {
		const shape = rng.next();
		let json: IDataObject;
		if (shape < 0.7) json = build(keys, rng.pick(SCALARS));
		else if (shape < 0.8) json = { other: rng.pick(SCALARS) as string };
		else if (shape < 0.9 && keys.length > 1)
			json = build(keys.slice(0, 1), rng.pick(['flat', 3, null, ['a']]));
		else json = { ...build(keys, rng.pick(SCALARS)), extra: { x: 1 } };
		const item: INodeExecutionData = { json };
		// Paired items, as an upstream node leaves them: $json is the item's own json all the same.
		if (rng.next() < 0.5) item.pairedItem = { item: Math.floor(rng.next() * 5) };
		items.push(item);
	}
	return items;
}

function sameAs(observation: Observation): boolean {
	const { n8n, reader } = observation;
	if ('error' in n8n || 'error' in reader)
		return 'error' in n8n && 'error' in reader && n8n.error === reader.error;
	return (
		Object.is(n8n.value, reader.value) || JSON.stringify(n8n.value) === JSON.stringify(reader.value)
	);
}

const ENGINES = engines();

describe.each(ENGINES.map((engine) => [engine.label, engine] as const))(
	'the item-reference fast path against %s',
	(_label, engine) => {
		test('the fast path answers only where n8n gives the very same value', async () => {
			const rng = random(21);
			let fast = 0;
			let compared = 0;
			const fastKinds = new Set<string>();
			const differences: string[] = [];
			for (let round = 0; round < 60; round++) {
				const depth = 1 + Math.floor(rng.next() * 3);
				const keys = Array.from({ length: depth }, () => rng.pick(KEYS) as string);
				const expression = expressionFor(keys, rng);
				const items = itemsFor(keys, rng);
				const observations = await observe(engine, expression, items);
				observations.forEach((observation, i) => {
					compared++;
					const taken = takesFastPath(expression, items[i]);
					if (taken) {
						fast++;
						fastKinds.add(typeof (observation.reader as { value: unknown }).value);
					}
					const n8nValue = (observation.n8n as { value?: unknown }).value;
					const readerValue = (observation.reader as { value?: unknown }).value;
					if (
						taken
							? !('value' in observation.n8n) || !Object.is(n8nValue, readerValue)
							: !sameAs(observation)
					)
						differences.push(
							`${expression} on ${JSON.stringify(items[i].json)}: n8n ${JSON.stringify(observation.n8n)}, reader ${JSON.stringify(observation.reader)}`,
						);
				});
			}
			expect(differences).toEqual([]);
			expect(compared).toBe(60 * 24);
			// The fast path is really exercised, for every kind it serves.
			expect(fast).toBeGreaterThan(200);
			expect([...fastKinds].sort()).toEqual(['boolean', 'number', 'string']);
		});

		test('values the fast path leaves to n8n are still read, as n8n reads them', async () => {
			const items = SCALARS.map((value) => ({ json: { x: value } as IDataObject }));
			const observations = await observe(engine, '={{ $json.x }}', items);
			observations.forEach((observation) => expect(sameAs(observation)).toBe(true));
			const taken = items.filter((item) => takesFastPath('={{ $json.x }}', item));
			expect(taken.map((item) => item.json.x)).toEqual(
				SCALARS.filter(
					(v) =>
						typeof v === 'string' ||
						typeof v === 'boolean' ||
						(typeof v === 'number' && Number.isFinite(v)),
				),
			);
		});
	},
);

/**
 * Whether the reader answers without n8n for this item: run it with a context whose
 * getNodeParameter fails, so only the fast path can answer.
 */
function takesFastPath(expression: string, item: INodeExecutionData): boolean {
	const ctx = {
		getNode: () => ({ parameters: { p: expression } }),
		getNodeParameter: () => {
			throw new Error('not the fast path');
		},
	} as unknown as IExecuteFunctions;
	try {
		parameterReader(ctx, PROPERTIES, [item])('p', 0, '');
		return true;
	} catch {
		return false;
	}
}

// `npm test` installs n8n 1.x before the unit tests and sets WEBDATA_REQUIRE_N8N1; run by hand,
// the comparison with 1.x happens when its install is in the cache.
test('n8n 1.x was compared too (always under npm test)', () => {
	expect(ENGINES.map((e) => e.label)).toContain('n8n 2.x');
	if (process.env.WEBDATA_REQUIRE_N8N1 === '1' || existsSync(path.join(N8N1_ROOT, 'n8n-core')))
		expect(ENGINES.map((e) => e.label)).toContain('n8n 1.x');
});

test('a parameter n8n checks after evaluating it never takes the fast path', () => {
	const checked: INodeProperties[] = [
		{ displayName: 'P', name: 'p', type: 'number', default: 0, validateType: 'number' },
	];
	const ctx = {
		getNode: () => ({ parameters: { p: '={{ $json.x }}' } }),
		getNodeParameter: () => 'from n8n',
	} as unknown as IExecuteFunctions;
	expect(parameterReader(ctx, checked, [{ json: { x: '5' } }])('p', 0, '')).toBe('from n8n');
	expect(parameterReader(ctx, PROPERTIES, [{ json: { x: '5' } }])('p', 0, '')).toBe('5');
});
/**
 * n8n-core 1.x starts an SSH clients manager whose cleanup interval keeps the process alive (2.x
 * does not): shut it down as n8n does on exit.
 */
afterAll(() => {
	const core1 = path.join(N8N1_ROOT, 'n8n-core');
	if (!existsSync(core1)) return;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Container } = require(require.resolve('@n8n/di', { paths: [core1] })) as {
		Container: { get: (type: unknown) => { onShutdown(): void } };
	};
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { SSHClientsManager } = require(
		path.join(core1, 'dist/execution-engine/ssh-clients-manager.js'),
	) as { SSHClientsManager: unknown };
	Container.get(SSHClientsManager).onShutdown();
});
