/**
 * README.md's operations table, written from the operations table between its markers
 * (`npm run docs` writes it; test/docs/readme.test.ts fails when the two drift apart).
 */
const START = '<!-- operations:start -->';
const END = '<!-- operations:end -->';

export interface DocumentedNode {
	displayName: string;
	operations: ReadonlyArray<{
		name: string;
		method: string;
		path: string;
		fields: ReadonlyArray<DocumentedField>;
	}>;
}

/** A field; `onPanel` where the node's latest version shows an optional one on the panel. */
interface DocumentedField {
	name: string;
	required?: boolean;
	onPanel?: boolean;
}

function fieldList(fields: ReadonlyArray<DocumentedField>, onPanel: boolean) {
	const names = fields
		.filter((f) => Boolean(f.onPanel ?? f.required) === onPanel)
		.map((f) => `\`${f.name}\``);
	return names.length > 0 ? names.join(', ') : '-';
}

export function operationsMarkdown(nodes: readonly DocumentedNode[]): string {
	const rows = [
		'| Node | Operation | Endpoint | On the panel | Options |',
		'| --- | --- | --- | --- | --- |',
	];
	for (const nodeSpec of nodes) {
		for (const op of nodeSpec.operations) {
			rows.push(
				`| ${nodeSpec.displayName} | ${op.name} | \`${op.method} ${op.path}\` | ${fieldList(op.fields, true)} | ${fieldList(op.fields, false)} |`,
			);
		}
	}
	return rows.join('\n');
}

export function replaceSection(readme: string, table: string): string {
	const start = readme.indexOf(START);
	const end = readme.indexOf(END);
	if (start < 0 || end < start) throw new Error(`README.md needs ${START} and ${END} markers`);
	return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

export function readSection(readme: string): string {
	const start = readme.indexOf(START);
	const end = readme.indexOf(END);
	return start < 0 || end < start ? '' : readme.slice(start + START.length, end).trim();
}
