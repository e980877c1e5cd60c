/**
 * Reads the service spec (../shared/spec/web-data-service.md beside the checkout, as in CI, or
 * WEBDATA_SPEC_PATH: the mutation run tests a copy of the checkout elsewhere): the endpoint list
 * and the Limits table.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../../devkit/package';

export const SPEC_PATH =
	process.env.WEBDATA_SPEC_PATH ??
	path.resolve(REPO_ROOT, '..', 'shared', 'spec', 'web-data-service.md');

export function readSpec(): string {
	if (!fs.existsSync(SPEC_PATH)) throw new Error(`The spec is missing at ${SPEC_PATH}`);
	return fs.readFileSync(SPEC_PATH, 'utf8');
}

/** The rows of the first markdown table after `heading`, as arrays of trimmed cells. */
export function tableAfter(markdown: string, heading: string): string[][] {
	const start = markdown.indexOf(heading);
	if (start < 0) throw new Error(`The spec has no "${heading}"`);
	const lines = markdown.slice(start + heading.length).split('\n');
	const first = lines.findIndex((line) => line.trim().startsWith('|'));
	const rows: string[][] = [];
	for (const line of lines.slice(first)) {
		if (!line.trim().startsWith('|')) break;
		rows.push(
			line
				.trim()
				.replace(/^\||\|$/g, '')
				.split('|')
				.map((cell) => cell.trim()),
		);
	}
	// Drop the header and the |---| separator.
	return rows.slice(2);
}

export interface SpecEndpoint {
	method: string;
	path: string;
}

/** `### Endpoint list`: one {method, path} per row. */
export function specEndpoints(markdown = readSpec()): SpecEndpoint[] {
	return tableAfter(markdown, '### Endpoint list').map(([method, p]) => ({ method, path: p }));
}

/** The `Parameter bounds` table under `## Limits`: [parameter, bound] per row. */
export function specLimits(markdown = readSpec()): Array<{ parameter: string; bound: string }> {
	const limits = markdown.slice(markdown.indexOf('## Limits'));
	return tableAfter(limits, 'Parameter bounds').map(([parameter, bound]) => ({ parameter, bound }));
}
