/**
 * The Words table of docs/architecture.md against the sources: every identifier its "In the code"
 * column names is declared in the shipped sources, and every file or folder it names exists, so a
 * rename that forgets the glossary fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '../..');
const SOURCE_FOLDERS = ['contract', 'nodes', 'credentials'];

const sources = SOURCE_FOLDERS.flatMap((folder) =>
	readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => readFileSync(join(ROOT, folder, file), 'utf8')),
);

/** The "In the code" cells of the Words table, by word. */
function wordsTable(markdown: string): Array<[word: string, code: string]> {
	const section = markdown.split(/^## Words$/m)[1]?.split(/^## /m)[0] ?? '';
	return section
		.split('\n')
		.filter((line) => line.startsWith('| ') && !/^\| (Word|---)/.test(line))
		.map((line) => {
			const cells = line.split(' | ');
			return [cells[0].slice(2).trim(), cells[cells.length - 1].replace(/\s*\|$/, '')];
		});
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Declared as a binding (const, function, class, interface, type) or a member (method, field). */
function declarations(name: string): RegExp {
	const id = escape(name);
	return new RegExp(
		`\\b(?:const|let|var|function\\*?|class|interface|type|enum)\\s+${id}\\b` +
			`|^\\s*(?:(?:private|public|protected|readonly|static|async|get)\\s+)*${id}\\??\\s*[(<:=]`,
		'm',
	);
}

/** Why a backticked name is not in the sources, or undefined when it is. */
function missing(name: string, files: readonly string[] = sources): string | undefined {
	if (name.includes('/') || /\.(ts|md)$/.test(name)) {
		const found = ['', 'nodes/shared/'].some((base) => existsSync(join(ROOT, base, name)));
		return found ? undefined : `no file or folder ${name}`;
	}
	const [owner, member] = name.replace(/\(\)$/, '').split('.');
	const home = files.find((text) => declarations(owner).test(text));
	if (!home) return `${owner} is declared nowhere in ${SOURCE_FOLDERS.join(', ')}`;
	if (member && !declarations(member).test(home.slice(home.search(declarations(owner)))))
		return `${owner} has no member ${member}`;
	return undefined;
}

/** The backticked spans of a cell that are names or paths, not code snippets. */
const names = (cell: string) =>
	[...cell.matchAll(/`([^`]+)`/g)]
		.map(([, span]) => span)
		.filter((span) => /^[\w$./-]+(\(\))?$/.test(span) && /[A-Za-z]/.test(span));

const table = wordsTable(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

describe('the Words table (docs/architecture.md)', () => {
	test('is found, with its identifiers', () => {
		expect(table.length).toBeGreaterThan(10);
		expect(table.flatMap(([, code]) => names(code))).toContain('OperationSpec');
	});

	test.each(table.filter(([, code]) => names(code).length > 0))(
		'%s: every name in the code column exists',
		(_word, code) => {
			expect(names(code).flatMap((name) => missing(name) ?? [])).toEqual([]);
		},
	);
});
