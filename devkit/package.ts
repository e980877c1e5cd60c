/**
 * Loads the package the way n8n does: n8n-core's PackageDirectoryLoader over the repo root, which
 * reads package.json's `n8n` section and requires the listed dist files. Under jest those
 * requires reach the TypeScript sources (jest.config.js maps dist/ to them), so the tests run the
 * code being edited; the benchmarks, on plain Node, run the build.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType } from 'n8n-workflow';

import { ROOT } from './root';

/** The checkout. */
export const REPO_ROOT = ROOT;

export interface LoadedPackage {
	packageName: string;
	/** Paths listed in package.json's `n8n` section. */
	listed: { nodes: string[]; credentials: string[] };
	/** Listed paths with no file behind them (not built, or a typo). */
	missing: string[];
	/** Node types by short name (`webDataBrand`). */
	nodeTypes: Record<string, INodeType>;
	/** Credential types by name (`webDataApi`). */
	credentialTypes: Record<string, ICredentialType>;
	loader: PackageDirectoryLoader;
}

/**
 * Loads every listed node and credential. A listed file that cannot be found (not built, no
 * source behind it, or a typo) is recorded in `missing` instead of aborting the load, so that one
 * missing node does not hide the others; the package test asserts that `missing` is empty.
 */
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
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		name: string;
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	// n8n's logger would print every node error; the tests assert them instead.
	process.env.N8N_LOG_LEVEL ??= 'silent';
	const loader = new TolerantPackageLoader(REPO_ROOT);
	await loader.loadAll();
	const nodeTypes: Record<string, INodeType> = {};
	for (const [name, { type }] of Object.entries(loader.nodeTypes))
		nodeTypes[name] = type as INodeType;
	const credentialTypes: Record<string, ICredentialType> = {};
	for (const [name, { type }] of Object.entries(loader.credentialTypes))
		credentialTypes[name] = type;
	return {
		packageName: pkg.name,
		listed: { nodes: pkg.n8n?.nodes ?? [], credentials: pkg.n8n?.credentials ?? [] },
		missing: loader.missing,
		nodeTypes,
		credentialTypes,
		loader,
	};
}

/** The package, loaded once per test file. */
export async function loadPackage(): Promise<LoadedPackage> {
	cached ??= load();
	return await cached;
}
