/**
 * Part of `npm run lint`: lints the node descriptions as n8n sees them.
 *
 * The nodes build their descriptions from the endpoint table at load time, so the rules that read
 * a literal `description = { ... }` in a `class X implements INodeType` (usableAsTool, icon,
 * subtitle, trigger conventions, credential references, parameter naming and wording...) see
 * nothing in the source. This command loads every built node that package.json lists, prints its
 * description as such a literal class, and runs the project's ESLint config on that text as if it
 * were the node's own file, so those rules check what users actually get.
 *
 * Every rule of the project's config runs, none off. A finding that cannot be fixed without
 * changing what saved workflows do, or against the spec, is listed in ACCEPTED below with its
 * reason (docs/n8n-verification.md); it is printed as accepted, and an ACCEPTED entry
 * that no longer matches a finding is an error, so the list cannot go stale.
 *
 * Needs a build first (`npm run build`). The generated files are kept in
 * artifacts/lint-descriptions/ so that reported line numbers can be looked up.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ARTIFACTS_DIR, ROOT } from '../paths';

const OUT = path.join(ARTIFACTS_DIR, 'lint-descriptions');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { NodeConnectionTypes } = require(require.resolve('n8n-workflow', { paths: [ROOT] })) as {
	NodeConnectionTypes: Record<string, string>;
};
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Findings kept on purpose: rule, node class, parameter (as reported by `in ... > name`), why. */
const ACCEPTED = [
	[
		'n8n-nodes-base/node-param-default-wrong-for-limit',
		'WebDataBrandAi',
		'limit',
		'the spec caps product pages at 20 (default 10): 50 is out of range',
	],
	[
		'n8n-nodes-base/node-param-default-wrong-for-limit',
		'WebDataWebsite',
		'limit',
		'the spec caps competitors at 25 (default 10): 50 is out of range',
	],
	[
		'@n8n/community-nodes/resource-operation-pattern',
		'WebDataBrand',
		'operation',
		'a Resource selector would put operations behind a resource value that saved ' +
			'workflows do not carry: it needs a node version 2',
	],
].map(([rule, node, parameter, why]) => ({ rule, node, parameter, why }));

/** A built node as this command reads it: its description and which methods it has. */
interface BuiltNode {
	description?: object;
	webhookMethods?: Record<string, Record<string, unknown>>;
	[method: string]: unknown;
}

/** A string literal (JSON's escapes are valid JavaScript). */
const quote = (text: string) => JSON.stringify(text);

function connectionTypeName(value: string): string {
	const entry = Object.entries(NodeConnectionTypes).find(([, v]) => v === value);
	return entry ? `NodeConnectionTypes.${entry[0]}` : quote(value);
}

/** A TypeScript literal of a description: identifier keys unquoted, as people write them. */
function literal(value: unknown, indent: number, key?: string): string {
	const pad = '\t'.repeat(indent + 1);
	const end = '\t'.repeat(indent);
	if (value === null) return 'null';
	if (typeof value === 'string') return quote(value);
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (value instanceof RegExp) return value.toString();
	if (Array.isArray(value)) {
		if ((key === 'inputs' || key === 'outputs') && value.every((v) => typeof v === 'string')) {
			return `[${value.map((v: string) => connectionTypeName(v)).join(', ')}]`;
		}
		if (value.length === 0) return '[]';
		const items = value
			.filter((v) => v !== undefined && typeof v !== 'function')
			.map((v) => `${pad}${literal(v, indent + 1)},`);
		return `[\n${items.join('\n')}\n${end}]`;
	}
	if (typeof value === 'object') {
		const entries = Object.entries(value).filter(
			([, v]) => v !== undefined && typeof v !== 'function',
		);
		if (entries.length === 0) return '{}';
		const lines = entries.map(([k, v]) => {
			const name = IDENTIFIER.test(k) ? k : quote(k);
			return `${pad}${name}: ${literal(v, indent + 1, k)},`;
		});
		return `{\n${lines.join('\n')}\n${end}}`;
	}
	return 'undefined';
}

/** Empty stand-ins for the methods the built node has, so rules about them see they exist. */
function methodStubs(node: BuiltNode): string[] {
	const lines: string[] = [];
	for (const name of ['execute', 'webhook', 'poll', 'trigger']) {
		if (typeof node[name] === 'function')
			lines.push(`\tasync ${name}(): Promise<undefined> { return undefined; }`);
	}
	for (const [group, methods] of Object.entries(node.webhookMethods ?? {})) {
		const stubs = Object.keys(methods)
			.map((m) => `${m}: async () => true`)
			.join(', ');
		lines.push(`\twebhookMethods = { ${group}: { ${stubs} } };`);
	}
	return lines;
}

function sourceFor(className: string, node: BuiltNode): string {
	return [
		"import { NodeConnectionTypes } from 'n8n-workflow';",
		"import type { INodeType, INodeTypeDescription } from 'n8n-workflow';",
		'',
		`// Generated by devkit lint-descriptions from the built ${className}; do not edit.`,
		`export class ${className} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${literal(node.description, 1)};`,
		...methodStubs(node),
		'}',
		'',
	].join('\n');
}

/** The `name` of the object a line is in: which parameter or option a finding is about. */
function enclosingName(lines: string[], index: number): string | undefined {
	const indentOf = (line: string) => (/^\t*/.exec(line)?.[0] ?? '').length;
	const nameAt = (line: string, depth: number) => {
		const match = /^(\t*)name: ("(?:[^"\\]|\\.)*"),$/.exec(line);
		return match && match[1].length === depth ? (JSON.parse(match[2]) as string) : undefined;
	};
	// A finding reported on a bare `{` is about that object, whose keys are one deeper.
	const depth = indentOf(lines[index] ?? '') + (/^\t*\{$/.test(lines[index] ?? '') ? 1 : 0);
	for (const step of [-1, 1]) {
		for (let i = index; i >= 0 && i < lines.length; i += step) {
			if (i !== index && indentOf(lines[i]) < depth) break;
			const name = nameAt(lines[i], depth);
			if (name !== undefined) return name;
		}
	}
	return undefined;
}

export async function run(): Promise<number> {
	const { ESLint } = await import('eslint');
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const nodePaths: string[] = pkg.n8n?.nodes ?? [];
	fs.rmSync(OUT, { recursive: true, force: true });
	fs.mkdirSync(OUT, { recursive: true });

	const eslint = new ESLint({ cwd: ROOT });
	let errors = 0;
	let warnings = 0;
	let accepted = 0;
	const unused = new Set(ACCEPTED);
	let linted = 0;
	const missing: string[] = [];
	for (const distPath of nodePaths) {
		const builtFile = path.join(ROOT, distPath);
		if (!fs.existsSync(builtFile)) {
			missing.push(distPath);
			continue;
		}
		const sourcePath = distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(builtFile) as Record<string, unknown>;
		for (const [className, NodeClass] of Object.entries(exported)) {
			if (typeof NodeClass !== 'function') continue;
			const node = new (NodeClass as new () => BuiltNode)();
			if (!node.description) continue;
			const text = sourceFor(className, node);
			const keptAs = path.join(OUT, `${className}.node.ts`);
			fs.writeFileSync(keptAs, text);
			const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, sourcePath) });
			linted++;
			const lines = text.split('\n');
			for (const message of result.messages) {
				const where = enclosingName(lines, (message.line ?? 1) - 1);
				const kept = ACCEPTED.find(
					(a) => a.rule === message.ruleId && a.node === className && a.parameter === where,
				);
				if (kept) {
					accepted++;
					unused.delete(kept);
					console.log(`accepted ${kept.rule} in ${className} > ${where}: ${kept.why}`);
					continue;
				}
				if (message.severity === 2) errors++;
				else warnings++;
				const level = message.severity === 2 ? 'error' : 'warning';
				console.log(
					`${path.relative(ROOT, keptAs)}:${message.line}:${message.column} ${level} ${message.ruleId ?? ''}`,
				);
				console.log(`    ${message.message}`);
				console.log(
					`    in ${className}${where ? ` > ${where}` : ''}: ${(lines[message.line - 1] ?? '').trim()}`,
				);
			}
		}
	}
	if (missing.length > 0) console.log(`not built (run npm run build): ${missing.join(', ')}`);
	for (const stale of unused) {
		errors++;
		console.log(`error: ACCEPTED entry matches no finding: ${stale.rule} in ${stale.node}`);
	}
	console.log(
		`lint-descriptions: ${linted} node descriptions, ${errors} errors, ${warnings} warnings, ${accepted} accepted`,
	);
	return linted === 0 || errors > 0 || warnings > 0 ? 1 : 0;
}
