/**
 * The README and the pages it links to, held to what a reader relies on: the operations table is
 * the one the nodes are built from, the two commands are the ones that run, every relative link
 * lands somewhere, and the README stays short enough to read.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

import { WebDataApi } from '../../credentials/WebDataApi.credentials';
import { COMMANDS } from '../../devkit/commands';
import { operationsMarkdown, readSection, replaceSection } from '../../devkit/docs';
import { NODES } from '../../nodes/shared/operations';

const ROOT = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const readme = read('README.md');

/** The Markdown files whose relative links must resolve: the user's pages and the contributor's. */
const PAGES = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];

const withoutFences = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** The text outside fenced code blocks and inline code, where a link is a link. */
const prose = (markdown: string) => withoutFences(markdown).replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
	return heading
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.trim()
		.replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
	const found = new Set<string>();
	const counts = new Map<string, number>();
	for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
		const base = slug(heading);
		const seen = counts.get(base) ?? 0;
		counts.set(base, seen + 1);
		found.add(seen === 0 ? base : `${base}-${seen}`);
	}
	for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(id);
	return found;
}

function links(markdown: string): string[] {
	return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
		([, target]) => target,
	);
}

/** Every relative link of a page that does not land: a missing file or a missing heading. */
function brokenLinks(page: string): string[] {
	const broken: string[] = [];
	for (const target of links(read(page))) {
		if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
		const [path, anchor] = target.split('#', 2);
		const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path);
		if (!existsSync(file)) {
			broken.push(`${page}: ${target} (no file ${relative(ROOT, file)})`);
		} else if (anchor !== undefined && file.endsWith('.md')) {
			if (!anchors(readFileSync(file, 'utf8')).has(anchor)) {
				broken.push(`${page}: ${target} (no heading #${anchor} in ${relative(ROOT, file)})`);
			}
		}
	}
	return broken;
}

function bashBlock(markdown: string, section: string): string[] {
	const start = markdown.indexOf(`\n## ${section}\n`);
	expect(start).toBeGreaterThanOrEqual(0);
	const block = /```bash\n([\s\S]*?)```/.exec(markdown.slice(start));
	expect(block).not.toBeNull();
	return block![1].trimEnd().split('\n');
}

const command = (line: string) => line.split('#')[0].trim();

describe('README', () => {
	it('lists exactly the operations of the operations table (run `npm run docs` to refresh)', () => {
		expect(readSection(readme)).toBe(operationsMarkdown(NODES));
		// `npm run docs` would leave the file as it is: nothing else around the table drifts.
		expect(replaceSection(readme, operationsMarkdown(NODES))).toBe(readme);
	});

	describe('the two commands of "Try it locally"', () => {
		const lines = bashBlock(readme, 'Try it locally');

		it('are the two lines users are promised, verbatim', () => {
			expect(lines).toEqual([
				'npm ci && npm start   # n8n with these nodes against the local sandbox',
				'npm ci && npm test    # every test, as CI runs it',
			]);
		});

		it('are what CI runs: .ci/run runs the test command and nothing else', () => {
			const ciCommands = read('.ci/run')
				.split('\n')
				.map(command)
				.filter((line) => line && !/^(set|cd)\b/.test(line));
			expect(ciCommands).toEqual([command(lines[1])]);
		});

		it('are npm scripts that run the devkit commands of the same name', () => {
			const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
			for (const name of ['start', 'test']) {
				expect(lines.map(command)).toContain(`npm ci && npm ${name}`);
				expect(scripts[name]).toBe(`node --import tsx devkit/cli.ts ${name}`);
				expect(COMMANDS[name]).toBeDefined();
			}
		});

		it('are the ones CONTRIBUTING.md explains', () => {
			expect(bashBlock(read('CONTRIBUTING.md'), 'The two commands')).toEqual(lines);
		});
	});

	it('stays short enough to read: at most 300 lines, the operations table included', () => {
		expect(readme.split('\n').length).toBeLessThanOrEqual(300);
	});

	it("has the heading the credential's documentation link points at", () => {
		const url = new URL(new WebDataApi().documentationUrl);
		expect(url.pathname).toBe('/package/n8n-nodes-webdata');
		expect(anchors(readme)).toContain(url.hash.slice(1));
	});
});

describe('the documentation pages', () => {
	it.each(PAGES)('%s: every relative link resolves, to a file and its heading', (page) => {
		expect(brokenLinks(page)).toEqual([]);
	});

	it('are each linked from the README or CONTRIBUTING.md', () => {
		const linked = new Set(
			['README.md', 'CONTRIBUTING.md'].flatMap((page) =>
				links(read(page)).map((target) => target.split('#')[0]),
			),
		);
		const unlinked = PAGES.filter((page) => page.startsWith('docs/')).filter(
			(page) => !linked.has(page),
		);
		expect(unlinked).toEqual([]);
	});
});
