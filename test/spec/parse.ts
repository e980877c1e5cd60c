/**
 * Reads test/spec/facts.json's facts out of the spec document: the endpoint list's Request cells,
 * the tables they refer to (common query parameters, request bodies) and the Parameter bounds.
 */
import type { SpecEndpoint, SpecFacts, SpecField, SpecLimit } from '../helpers/spec';

/** The rows of the first markdown table after `heading` (header and |---| left out), as cells. */
function tableAfter(markdown: string, heading: string): string[][] {
	const start = markdown.indexOf(heading);
	if (start < 0) throw new Error(`The spec has no "${heading}"`);
	const table = /(?:^\|.*\n?)+/m.exec(markdown.slice(start + heading.length))![0];
	const rows = table.trim().split('\n').slice(2);
	// `| a | b |` splits into '', 'a', 'b', '': the cells lie between the outer pipes.
	return rows.map((row) => row.split(/\s*\|\s*/).slice(1, -1));
}

const TYPES = ['array of string', 'array', 'number', 'boolean', 'string', 'object'];

/** `false` -> false, `10` -> 10, `[markdown]` -> ['markdown'], anything else as text. */
function defaultValue(rest: string): SpecField['default'] {
	const marked = /`(\w+)` \(default\)/.exec(rest)?.[1];
	if (marked) return marked;
	const word = /default (\S+?)(?=[;,)\s]|$)/.exec(rest)?.[1];
	if (word === undefined) return undefined;
	if (/^\[.*\]$/.test(word)) return [word.slice(1, -1)];
	if (word === 'true' || word === 'false') return word === 'true';
	return /^\d+$/.test(word) ? Number(word) : word;
}

/** One field's description: `limit number 1 to 20 default 10 (max product pages)`. */
function parseField(text: string, location: SpecField['in']): SpecField {
	const [, rawName, rest] = /^(\S+)\s*(.*)$/.exec(text.trim())!;
	const field: SpecField = {
		name: rawName.replace(/\*$/, '').replace(/`/g, ''),
		in: location,
		required: rawName.endsWith('*'),
	};
	const type = TYPES.find((word) => rest.startsWith(word));
	if (type) field.type = type;
	const range = /(\d+) to (\d+)/.exec(rest);
	if (range) [field.min, field.max] = [Number(range[1]), Number(range[2])];
	const floor = />= (\d+)/.exec(rest);
	if (floor) field.min = Number(floor[1]);
	const oneOf = /one of ([\w, ]+?)(;|$)/.exec(rest);
	const slashed = rest.replace(/\(default\)/g, '').replace(/[()]/g, '');
	if (oneOf) field.enum = oneOf[1].split(',').map((value) => value.trim());
	else if (slashed.includes(' / '))
		field.enum = slashed.split(' / ').map((value) => value.trim().replace(/`/g, ''));
	const fallback = defaultValue(rest);
	if (fallback !== undefined) field.default = fallback;
	return field;
}

function addAlternate(field: SpecField, name: string): void {
	field.alternateNames = [...(field.alternateNames ?? []), name];
}

/**
 * A `| Field | Type | Rule |` table as fields of one location; a later row that is an
 * `alternate name for maxAgeMs` folds into maxAgeMs.
 */
function tableFields(markdown: string, heading: string, location: SpecField['in']): SpecField[] {
	const fields: SpecField[] = [];
	for (const [name, type, rule] of tableAfter(markdown, heading)) {
		const field = parseField(`${name} ${type} ${rule}`, location);
		const of = /alternate name for (\w+)/.exec(rule)?.[1];
		if (of) addAlternate(fields.find((f) => f.name === of)!, field.name);
		else fields.push(field);
	}
	return fields;
}

const COMMON_PARAMS = '### Common query parameters of brand retrieve endpoints';

function requestFields(cell: string, markdown: string, done: Map<string, SpecField[]>) {
	if (cell === 'none') return [];
	const fields: SpecField[] = [];
	let location: SpecField['in'] = 'body';
	// Parts end at `; `, except inside parentheses (`(one video; watch, ...)`).
	for (const part of cell.split(/; (?![^(]*\))/)) {
		const at = /^(path|query|body)( \(all optional\))?:\s*/.exec(part);
		if (at) location = at[1] as SpecField['in'];
		const text = at ? part.slice(at[0].length) : part;
		if (text === 'common params') fields.push(...tableFields(markdown, COMMON_PARAMS, 'query'));
		else if (text.startsWith('as ')) {
			const [, base, extra, alternate, of] =
				/^as (\S+), plus (.+?) and (\w+) \(alternate name for (\w+)/.exec(text)!;
			const added = parseField(extra, location);
			if (added.name === of) addAlternate(added, alternate);
			fields.push(...structuredClone(done.get(`GET ${base}`)!), added);
		} else fields.push(parseField(text, location));
	}
	return fields;
}

/** Every endpoint of the spec's endpoint list with the fields the spec gives it. */
function endpoints(markdown: string): SpecEndpoint[] {
	const done = new Map<string, SpecField[]>();
	return tableAfter(markdown, '### Endpoint list').map(([method, path, cell]) => {
		if (!/^(none|path|query|body)/.test(cell))
			return { method, path, fields: [], fieldsNotShown: true };
		const fields =
			cell === 'body: see below'
				? tableFields(markdown, `### ${method} ${path} body`, 'body')
				: requestFields(cell, markdown, done);
		done.set(`${method} ${path}`, fields);
		return { method, path, fields };
	});
}

/**
 * A row of the `Parameter bounds` table under `## Limits`: `1 to 20, default 10`, or longest
 * texts by name (`action key / selector / text length` | `64 / 2048 / 10000`).
 */
function limit([parameter, bound]: string[]): SpecLimit {
	const lengths = /^action (.+) length$/.exec(parameter);
	if (lengths) {
		const sizes = bound.split(' / ').map(Number);
		const names = lengths[1].split(' / ');
		return { parameter, maxLength: Object.fromEntries(names.map((name, i) => [name, sizes[i]])) };
	}
	const [, min, max] = /^(\d+) to (\d+)/.exec(bound) ?? [];
	if (min === undefined) throw new Error(`The Limits row "${parameter}" has no range: ${bound}`);
	const fallback = /default (\d+)/.exec(bound)?.[1];
	const row: SpecLimit = { parameter, min: Number(min), max: Number(max) };
	if (fallback !== undefined) row.default = Number(fallback);
	return row;
}

/** The facts test/spec/facts.json holds, as the document states them. */
export function parseSpec(markdown: string): SpecFacts {
	const limits = markdown.slice(markdown.indexOf('## Limits'));
	return {
		endpoints: endpoints(markdown),
		limits: tableAfter(limits, 'Parameter bounds').map(limit),
	};
}
