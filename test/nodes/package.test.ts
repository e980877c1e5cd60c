/**
 * The package as n8n loads it: every node and credential package.json lists loads through
 * n8n-core's PackageDirectoryLoader, and every endpoint of the spec's endpoint list is an
 * operation of exactly one node (and nothing else is).
 */
import * as path from 'node:path';

import { loadPackage } from '../../devkit/package';
import { SPEC, endpointKey } from '../helpers/spec';
import { OPERATIONS } from '../helpers/table';
import { NODES } from '../../nodes/shared/operations';

describe('package.json n8n section', () => {
	test('lists dist files that all exist and load', async () => {
		const pkg = await loadPackage();
		expect(pkg.listed.nodes.length).toBeGreaterThan(0);
		expect(pkg.listed.credentials.length).toBeGreaterThan(0);
		expect(Object.keys(pkg.nodeTypes)).toHaveLength(pkg.listed.nodes.length);
		expect(Object.keys(pkg.credentialTypes)).toHaveLength(pkg.listed.credentials.length);
		for (const file of [...pkg.listed.nodes, ...pkg.listed.credentials])
			expect(file).toMatch(/^dist\//);
	});

	test('each node file holds the class its file is named after, with a matching type name', async () => {
		const pkg = await loadPackage();
		for (const file of pkg.listed.nodes) {
			const className = path.basename(file).split('.')[0];
			const typeName = className.charAt(0).toLowerCase() + className.slice(1);
			expect(pkg.nodeTypes[typeName]?.description.name).toBe(typeName);
		}
	});

	test('every node of the operations table is listed and loaded, with the operations of its rows', async () => {
		const pkg = await loadPackage();
		for (const nodeSpec of NODES) {
			const type = pkg.nodeTypes[nodeSpec.node];
			expect(type).toBeDefined();
			const operation = type.description.properties.find((p) => p.name === 'operation');
			const values = (operation?.options as Array<{ value: string }> | undefined)
				?.map((o) => o.value)
				.sort();
			expect({ node: nodeSpec.node, operations: values }).toEqual({
				node: nodeSpec.node,
				operations: nodeSpec.operations.map((op) => op.value).sort(),
			});
		}
	});

	test('the credential webDataApi is loaded, and every action node asks for it', async () => {
		const pkg = await loadPackage();
		expect(pkg.credentialTypes.webDataApi).toBeDefined();
		for (const nodeSpec of NODES) {
			expect(pkg.nodeTypes[nodeSpec.node].description.credentials).toEqual([
				{ name: 'webDataApi', required: true },
			]);
		}
	});
});

describe("the spec's endpoint list", () => {
	const spec = SPEC.endpoints;
	const table = OPERATIONS.map(({ op }) => endpointKey(op));

	test.each(spec.map(endpointKey))('%s is an operation exactly once', (endpoint) => {
		expect(table.filter((entry) => entry === endpoint)).toHaveLength(1);
	});

	test('the table has no operation outside the list', () => {
		const listed = new Set(spec.map(endpointKey));
		expect(table.filter((entry) => !listed.has(entry))).toEqual([]);
	});
});
