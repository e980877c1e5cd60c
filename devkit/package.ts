/**
 * Loads the package the way n8n does: n8n-core's PackageDirectoryLoader over the repo root, which
 * reads package.json's `n8n` section and requires the listed dist files (a missing one fails the
 * whole load, as it fails the package in n8n). Under jest those requires reach the TypeScript
 * sources (jest.config.js maps dist/ to them), so the tests run the code being edited; the
 * benchmarks, on plain Node, run the build.
 */
import 'reflect-metadata';

import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType } from 'n8n-workflow';

import { ROOT } from './root';

export interface LoadedPackage {
	packageName: string;
	listed: { nodes: string[]; credentials: string[] };
	/** By short name (`webDataBrand`). */
	nodeTypes: Record<string, INodeType>;
	credentialTypes: Record<string, ICredentialType>;
}

let cached: Promise<LoadedPackage> | undefined;

async function load(): Promise<LoadedPackage> {
	// n8n's logger would print every node error; the tests assert them instead.
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const loader = new PackageDirectoryLoader(ROOT);
	await loader.loadAll();
	const types = <T>(data: Record<string, { type: unknown }>) =>
		Object.fromEntries(Object.entries(data).map(([name, { type }]) => [name, type as T]));
	const { nodes = [], credentials = [] } = loader.packageJson.n8n ?? {};
	return {
		packageName: loader.packageName,
		listed: { nodes, credentials },
		nodeTypes: types<INodeType>(loader.nodeTypes),
		credentialTypes: types<ICredentialType>(loader.credentialTypes),
	};
}

export async function loadPackage(): Promise<LoadedPackage> {
	return await (cached ??= load());
}
