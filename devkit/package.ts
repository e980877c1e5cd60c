/**
 * Loads the package the way n8n does: n8n-core's PackageDirectoryLoader over the repo root, which
 * reads package.json's `n8n` section and requires the listed dist files. Under jest those
 * requires reach the TypeScript sources (jest.config.js maps dist/ to them), so the tests run the
 * code being edited; the benchmarks, on plain Node, run the build.
 */
import 'reflect-metadata';

import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType } from 'n8n-workflow';

import { ROOT } from './root';

export interface LoadedPackage {
	packageName: string;
	listed: { nodes: string[]; credentials: string[] };
	/** Listed paths with no file behind them (not built, or a typo). */
	missing: string[];
	/** By short name (`webDataBrand`). */
	nodeTypes: Record<string, INodeType>;
	credentialTypes: Record<string, ICredentialType>;
}

/** Records a listed file that cannot be found in `missing`, so that it hides no other. */
class TolerantPackageLoader extends PackageDirectoryLoader {
	missing: string[] = [];

	override loadNodeFromFile(filePath: string, packageVersion?: string): void {
		this.tolerateMissing(filePath, () => super.loadNodeFromFile(filePath, packageVersion));
	}

	override loadCredentialFromFile(filePath: string): void {
		this.tolerateMissing(filePath, () => super.loadCredentialFromFile(filePath));
	}

	/** Not found is the listed file itself, not a module it requires (named after "Require stack"). */
	private tolerateMissing(filePath: string, load: () => void): void {
		try {
			load();
		} catch (error) {
			const { message } = error as Error;
			const notFound = /Cannot find module|Could not locate module/.test(message);
			if (!notFound || !message.split('Require stack')[0].includes(this.resolvePath(filePath)))
				throw error;
			this.missing.push(filePath);
		}
	}
}

let cached: Promise<LoadedPackage> | undefined;

async function load(): Promise<LoadedPackage> {
	// n8n's logger would print every node error; the tests assert them instead.
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const loader = new TolerantPackageLoader(ROOT);
	await loader.loadAll();
	const types = <T>(data: Record<string, { type: unknown }>) =>
		Object.fromEntries(Object.entries(data).map(([name, { type }]) => [name, type as T]));
	const { nodes = [], credentials = [] } = loader.packageJson.n8n ?? {};
	return {
		packageName: loader.packageName,
		listed: { nodes, credentials },
		missing: loader.missing,
		nodeTypes: types<INodeType>(loader.nodeTypes),
		credentialTypes: types<ICredentialType>(loader.credentialTypes),
	};
}

export async function loadPackage(): Promise<LoadedPackage> {
	return await (cached ??= load());
}
