/**
 * The request fields of every endpoint as the spec's tables state them: the Request cells of the
 * endpoint list, the common query parameters of the brand retrieve endpoints and the body tables
 * of POST /batch/scrape and POST /extract.
 */
import { readSpec, specEndpoints, tableAfter } from './spec';

export interface SpecField {
	name: string;
	in: 'path' | 'query' | 'body';
	required: boolean;
	/** The type word the spec gives (number, boolean, string, object, array of string, array), if any. */
	type?: string;
	min?: number;
	max?: number;
	enum?: string[];
	alternateNames: string[];
}

export interface SpecRequest {
	method: string;
	path: string;
	fields: SpecField[];
	/** The cell says nothing of the fields (GET /scrape: "not shown"). */
	notShown: boolean;
}

const TYPES = ['array of string', 'array', 'number', 'boolean', 'string', 'object'];

/** One field's description: `limit number 1 to 20 default 10 (max product pages)`. */
function parseField(text: string, location: SpecField['in']): SpecField {
	const [, rawName, rest] = /^(\S+)\s*(.*)$/.exec(text.trim())!;
	const name = rawName.replace(/\*$/, '').replace(/`/g, '');
	const field: SpecField = {
		name,
		in: location,
		required: rawName.endsWith('*'),
		alternateNames: [],
	};
	field.type = TYPES.find((type) => rest.startsWith(type));
	const range = /(\d+) to (\d+)/.exec(rest);
	if (range) [field.min, field.max] = [Number(range[1]), Number(range[2])];
	const floor = />= (\d+)/.exec(rest);
	if (floor) field.min = Number(floor[1]);
	const oneOf = /one of ([\w, ]+?)(;|$)/.exec(rest);
	const slashed = rest.replace(/\(default\)/g, '').replace(/[()]/g, '');
	if (oneOf) field.enum = oneOf[1].split(',').map((value) => value.trim());
	else if (slashed.includes(' / '))
		field.enum = slashed.split(' / ').map((value) => value.trim().replace(/`/g, ''));
	return field;
}

/** `BrandRetrieveMaxAgeMs ... alternate name for maxAgeMs` folds into maxAgeMs. */
function foldAlternates(fields: SpecField[], rules: Map<string, string>): SpecField[] {
	const kept = fields.filter((field) => !/alternate name for/.test(rules.get(field.name) ?? ''));
	for (const field of fields) {
		const of = /alternate name for (\w+)/.exec(rules.get(field.name) ?? '')?.[1];
		if (of) kept.find((f) => f.name === of)!.alternateNames.push(field.name);
	}
	return kept;
}

/** A `| Field | Type | Rule |` table as fields of one location. */
function tableFields(markdown: string, heading: string, location: SpecField['in']): SpecField[] {
	const rows = tableAfter(markdown, heading);
	const rules = new Map(rows.map(([name, , rule]) => [name.replace(/\*$/, ''), rule]));
	return foldAlternates(
		rows.map(([name, type, rule]) => parseField(`${name} ${type} ${rule}`, location)),
		rules,
	);
}

/** Splits a Request cell at `; `, except inside parentheses (`(one video; watch, ...)`). */
function splitOutsideParentheses(cell: string): string[] {
	const parts = [''];
	let depth = 0;
	for (let i = 0; i < cell.length; i++) {
		if (cell[i] === '(') depth++;
		if (cell[i] === ')') depth--;
		if (depth === 0 && cell.startsWith('; ', i)) {
			parts.push('');
			i++;
		} else parts[parts.length - 1] += cell[i];
	}
	return parts;
}

function requestFields(
	cell: string,
	markdown: string,
	done: Map<string, SpecField[]>,
): SpecField[] {
	if (cell === 'none') return [];
	const fields: SpecField[] = [];
	let location: SpecField['in'] = 'body';
	for (const part of splitOutsideParentheses(cell)) {
		const text = part.replace(
			/^(path|query|body)( \(all optional\))?:\s*/,
			(_, at: SpecField['in']) => {
				location = at;
				return '';
			},
		);
		if (text === 'common params')
			fields.push(
				...tableFields(
					markdown,
					'### Common query parameters of brand retrieve endpoints',
					'query',
				),
			);
		else if (text.startsWith('as ')) {
			const [, base, extra, alternate, of] =
				/^as (\S+), plus (.+?) and (\w+) \(alternate name for (\w+)/.exec(text)!;
			const added = parseField(extra, location);
			if (added.name === of) added.alternateNames.push(alternate);
			fields.push(...done.get(`GET ${base}`)!, added);
		} else fields.push(parseField(text, location));
	}
	return fields;
}

/** Every endpoint of the spec's endpoint list with the fields the spec gives it. */
export function specRequests(markdown = readSpec()): SpecRequest[] {
	const rows = tableAfter(markdown, '### Endpoint list');
	const done = new Map<string, SpecField[]>();
	const bodies: Record<string, string> = {
		'/batch/scrape': '### POST /batch/scrape body',
		'/extract': '### POST /extract body',
	};
	return specEndpoints(markdown).map(({ method, path }, index) => {
		const cell = rows[index][2];
		const notShown = !/^(none|path|query|body)/.test(cell);
		const fields = notShown
			? []
			: cell === 'body: see below'
				? tableFields(markdown, bodies[path], 'body')
				: requestFields(cell, markdown, done);
		done.set(`${method} ${path}`, fields);
		return { method, path, fields, notShown };
	});
}
