/**
 * Each wire check on its own, field type by field type, with fields made up for the purpose: what
 * is refused (and the message that says why), what passes, and what a value is coerced to. The
 * bounds the spec leaves open (OPEN_BOUNDS) are tested at the bound and one past it.
 */
import {
	checkValue,
	formatWireIssue,
	gotValue,
	isUnset,
	OPEN_BOUNDS,
	validateWire,
} from '../../contract/validate';
import type { WireField } from '../../contract/types';

const text = (where: WireField['in'], extra: Partial<WireField> = {}): WireField => ({
	name: 'f',
	in: where,
	type: 'string',
	...extra,
});
const problemOf = (field: WireField, value: unknown) => {
	const checked = checkValue(field, value);
	return 'problem' in checked ? checked.problem : undefined;
};
const valueOf = (field: WireField, value: unknown) => {
	const checked = checkValue(field, value);
	if (checked.problem !== undefined) throw new Error(`refused: ${checked.problem}`);
	return checked.value;
};

describe('text', () => {
	test('a path value of "." or ".." is refused (it would address the parent), other dots pass', () => {
		for (const value of ['.', '..'])
			expect(problemOf(text('path'), value)).toBe('must not be "." or ".."');
		for (const value of ['...', '.a', 'a.', 'a..b', 'job.1'])
			expect(problemOf(text('path'), value)).toBeUndefined();
		expect(problemOf(text('query'), '..')).toBeUndefined();
		expect(problemOf(text('body'), '.')).toBeUndefined();
	});

	test('the open length bound depends on where the value goes; a field bound wins', () => {
		const cases: Array<[WireField['in'], number]> = [
			['path', OPEN_BOUNDS.pathLength],
			['query', OPEN_BOUNDS.queryLength],
			['body', OPEN_BOUNDS.bodyTextLength],
		];
		for (const [where, bound] of cases) {
			expect(problemOf(text(where), 'a'.repeat(bound))).toBeUndefined();
			expect(problemOf(text(where), 'a'.repeat(bound + 1))).toBe(
				`must be at most ${bound} characters`,
			);
		}
		expect(problemOf(text('body', { maxLength: 3 }), 'abcd')).toBe('must be at most 3 characters');
		expect(problemOf(text('body', { maxLength: 3 }), 'abc')).toBeUndefined();
	});

	test('anything but text is refused', () => {
		for (const value of [5, true, null, ['a'], { a: 1 }])
			expect(problemOf(text('query'), value)).toBe('must be text');
	});

	test('line breaks and tabs pass in body text only; other controls nowhere', () => {
		expect(problemOf(text('body'), 'a\nb\tc\r')).toBeUndefined();
		for (const where of ['path', 'query'] as const)
			expect(problemOf(text(where), 'a\nb')).toBe(
				'must not contain control characters or line breaks',
			);
		expect(problemOf(text('body'), 'a\u0000b')).toBe(
			'must not contain control characters (other than tabs and line breaks)',
		);
	});

	test.each([
		[
			'url',
			'https://acme.com/a',
			'acme.com',
			'must be a full http(s) URL, such as https://example.com',
		],
		['domainOrUrl', 'acme.com', 'acme', 'must be a domain (example.com) or an http(s) URL'],
		[
			'domainOrUrl',
			'http://acme.com',
			'ftp://acme.com',
			'must be a domain (example.com) or an http(s) URL',
		],
		['email', 'a@acme.com', 'a@acme', 'must be an e-mail address'],
		['countryCode', 'us', 'usa', 'must be a two-letter country code, such as us'],
	] as const)('format %s: %s passes, %s is refused', (format, good, bad, message) => {
		const field = text('query', { format });
		expect(problemOf(field, good)).toBeUndefined();
		expect(problemOf(field, bad)).toBe(message);
	});
});

describe('lists', () => {
	const list = (extra: Partial<WireField> = {}): WireField => ({
		name: 'urls',
		in: 'body',
		type: 'stringArray',
		...extra,
	});

	test('text is split at commas and line breaks, entries trimmed, empty ones dropped', () => {
		expect(valueOf(list(), ' a.com, b.com\n\nc.com ,')).toEqual(['a.com', 'b.com', 'c.com']);
		expect(valueOf(list(), ['x'])).toEqual(['x']);
	});

	test('a URL list splits at a comma only before a scheme, so URLs keep their commas', () => {
		const urls = list({ format: 'url' });
		const map = 'https://www.google.com/maps/@40.7,-74.0,12z';
		expect(valueOf(urls, `${map}\nhttps://b.com`)).toEqual([map, 'https://b.com']);
		expect(valueOf(urls, `https://a.com, ${map},http://b.com/x?a=1,2`)).toEqual([
			'https://a.com',
			map,
			'http://b.com/x?a=1,2',
		]);
	});

	test('text holding a JSON array of strings is that array, in any list', () => {
		const urls = list({ format: 'url' });
		expect(valueOf(urls, ' ["https://a.com/x", "https://b.com/y,z"] ')).toEqual([
			'https://a.com/x',
			'https://b.com/y,z',
		]);
		expect(valueOf(list(), '["div", " p "]')).toEqual(['div', 'p']);
		// Not an array of strings: read as before, split at commas.
		expect(valueOf(list(), '[1,2]')).toEqual(['[1', '2]']);
	});

	test('the number of entries is bounded', () => {
		const entries = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);
		expect(problemOf(list(), entries(OPEN_BOUNDS.listEntries))).toBeUndefined();
		expect(problemOf(list(), entries(OPEN_BOUNDS.listEntries + 1))).toBe(
			`must have at most ${OPEN_BOUNDS.listEntries} entries`,
		);
	});

	test('each entry is text of bounded length', () => {
		expect(problemOf(list(), ['a'.repeat(OPEN_BOUNDS.listEntryLength)])).toBeUndefined();
		expect(problemOf(list(), ['ok', 'a'.repeat(OPEN_BOUNDS.listEntryLength + 1)])).toBe(
			`each entry must be at most ${OPEN_BOUNDS.listEntryLength} characters`,
		);
		expect(problemOf(list(), ['ok', 5])).toBe('must be a list of text values');
		expect(problemOf(list(), 5)).toBe('must be a list of text values');
		expect(problemOf(list(), { a: 'b' })).toBe('must be a list of text values');
	});

	test('an entry holding a tab, a line break or a control character is refused', () => {
		for (const entry of ['a\tb', 'a\nb', 'a\rb', 'a\u0001b'])
			expect(problemOf(list(), ['ok', entry])).toBe(
				'must not contain control characters or line breaks',
			);
	});

	test('an empty list is refused for a required field only', () => {
		expect(problemOf(list({ required: true }), [])).toBe('must not be empty');
		expect(problemOf(list(), [])).toBeUndefined();
	});
});

describe('JSON', () => {
	const json = (shape?: WireField['shape']): WireField => ({
		name: 'j',
		in: 'body',
		type: 'json',
		shape,
	});
	const tooLong = `must be at most ${OPEN_BOUNDS.jsonLength} characters of JSON`;

	test('text is parsed; text that is not JSON is refused', () => {
		expect(valueOf(json(), '{"a":[1,2]}')).toEqual({ a: [1, 2] });
		expect(problemOf(json(), '{"a":')).toBe('is not valid JSON');
	});

	test('JSON text is bounded in length before it is parsed', () => {
		const atBound = `"${'a'.repeat(OPEN_BOUNDS.jsonLength - 2)}"`;
		expect(problemOf(json(), atBound)).toBeUndefined();
		expect(problemOf(json(), `${atBound} `)).toBe(tooLong);
	});

	test('an object given as is is bounded by the length of its JSON', () => {
		const within = { a: 'a'.repeat(OPEN_BOUNDS.jsonLength - 8) }; // {"a":"..."} is 8 more
		expect(JSON.stringify(within)).toHaveLength(OPEN_BOUNDS.jsonLength);
		expect(valueOf(json(), within)).toBe(within);
		expect(problemOf(json(), { a: `${within.a}a` })).toBe(tooLong);
	});

	test('values JSON cannot carry are refused; an undefined value passes to the shape', () => {
		for (const value of [Infinity, -Infinity, NaN])
			expect(problemOf(json(), value)).toBe('is not valid JSON');
		expect(valueOf(json(), 5)).toBe(5);
		expect(problemOf(json('object'), undefined)).toBe('must be a JSON object');
	});

	test('headers are text values without line breaks under token names, each named', () => {
		const headers = json('headers');
		expect(valueOf(headers, '{"X-Trace": "a b", "Cookie": "a=1; b=2"}')).toEqual({
			'X-Trace': 'a b',
			Cookie: 'a=1; b=2',
		});
		expect(problemOf(headers, '{"X-A": "ok", "X-B": 5}')).toBe('header "X-B" must be text');
		expect(problemOf(headers, { 'X-C': { nested: 1 } })).toBe('header "X-C" must be text');
		for (const value of ['a\r\nInjected: 1', 'a\nb', 'a\rb'])
			expect(problemOf(headers, { 'X-D': value })).toBe(
				'header "X-D" must not contain line breaks',
			);
		for (const name of ['X A', 'X:A', 'Ü', ''])
			expect(problemOf(headers, { [name]: 'v' })).toMatch(
				new RegExp(`^header name ${JSON.stringify(name)} must be letters, digits and `),
			);
		expect(problemOf(headers, '["X-A: 1"]')).toBe('must be a JSON object');
	});

	test('the shape is checked on the parsed value', () => {
		expect(problemOf(json('object'), '[1]')).toBe('must be a JSON object');
		expect(problemOf(json('array'), '{}')).toBe('must be a JSON array');
		expect(valueOf(json('array'), '[1]')).toEqual([1]);
	});
});

describe('numbers, switches and choices', () => {
	const number: WireField = { name: 'n', in: 'query', type: 'number', min: 1, max: 5 };
	const flag: WireField = { name: 'b', in: 'query', type: 'boolean' };
	const choice: WireField = { name: 'c', in: 'query', type: 'enum', enum: ['x', 'y'] };

	test('number text is read as a number; other text is refused as it is', () => {
		expect(valueOf(number, '3')).toBe(3);
		expect(valueOf(number, ' 4 ')).toBe(4);
		expect(valueOf(number, 2)).toBe(2);
		for (const value of ['', '  ', 'three', null])
			expect(problemOf(number, value)).toBe('must be a number');
		expect(problemOf(number, '6')).toBe('must be at most 5');
		expect(problemOf(number, '0')).toBe('must be at least 1');
	});

	test('a whole-number field refuses fractions, given as numbers or text', () => {
		const count: WireField = { ...number, integer: true };
		expect(valueOf(count, 3)).toBe(3);
		expect(valueOf(count, '4')).toBe(4);
		for (const value of [2.5, '1.5'])
			expect(problemOf(count, value)).toBe('must be a whole number');
		expect(problemOf(count, 6.5)).toBe('must be at most 5');
		expect(valueOf(number, 2.5)).toBe(2.5);
	});

	test('"true" and "false" are read as switches; anything else is refused', () => {
		expect(valueOf(flag, 'true')).toBe(true);
		expect(valueOf(flag, 'false')).toBe(false);
		expect(valueOf(flag, false)).toBe(false);
		for (const value of ['yes', 'TRUE', 1, null])
			expect(problemOf(flag, value)).toBe('must be true or false');
	});

	test('a choice must be one of the listed texts', () => {
		expect(valueOf(choice, 'y')).toBe('y');
		expect(problemOf(choice, 'z')).toBe('must be one of x, y');
		expect(problemOf(choice, ['x'])).toBe('must be text');
		expect(problemOf({ ...choice, enum: undefined }, 'x')).toBe('must be one of ');
	});
});

describe('unset values', () => {
	test.each([
		[undefined, 'string', true],
		[null, 'number', true],
		['', 'string', true],
		['  ', 'number', true],
		['x', 'string', false],
		[0, 'number', false],
		[false, 'boolean', false],
		['{}', 'json', true],
		[' [ ] ', 'stringArray', true],
		['{}', 'string', false],
		['[1, []]', 'json', false],
		['{} x', 'json', false],
		['x {}', 'stringArray', false],
		['[1]', 'json', false],
		[[], 'stringArray', true],
		[[], 'string', false],
		[['a'], 'stringArray', false],
		[{}, 'json', true],
		[{ a: 1 }, 'json', false],
		[{}, 'string', false],
		[0, 'json', false],
	] as const)('%j as %s: unset %s', (value, type, unset) => {
		expect(isUnset(value, type)).toBe(unset);
	});

	test('unset optional values are dropped; a set value under an alternate name is kept under it', () => {
		const fields: WireField[] = [
			{ name: 'a', in: 'query', type: 'string' },
			{ name: 'n', in: 'query', type: 'number', alternateNames: ['num'] },
		];
		expect(validateWire(fields, { a: '', num: '2', other: 'x' })).toEqual({
			ok: true,
			values: { num: 2 },
		});
	});

	test('every problem is reported, each under its name', () => {
		const fields: WireField[] = [
			{ name: 'a', in: 'path', type: 'string', required: true },
			{ name: 'n', in: 'query', type: 'number', max: 1 },
			{ name: 'b', in: 'body', type: 'boolean' },
		];
		expect(validateWire(fields, { a: ' ', n: 2, b: 'no' })).toEqual({
			ok: false,
			issues: [
				{ field: 'a', in: 'path', message: 'is required', value: ' ' },
				{ field: 'n', in: 'query', message: 'must be at most 1', value: 2 },
				{ field: 'b', in: 'body', message: 'must be true or false', value: 'no' },
			],
		});
	});
});

describe('messages', () => {
	test('name where the value goes, the field and the value, cut to a readable length', () => {
		expect(formatWireIssue({ field: 'id', in: 'path', message: 'must be text', value: 5 })).toBe(
			'path parameter (id) must be text, got 5',
		);
		expect(
			formatWireIssue({ field: 'b', in: 'body', message: 'is not valid JSON', value: undefined }),
		).toBe('body field (b) is not valid JSON, got nothing');
		expect(formatWireIssue({ field: 'q', in: 'query', message: 'is required', value: 'x' })).toBe(
			'query parameter (q) is required',
		);
		const long = 'a'.repeat(100);
		const got = gotValue({ field: 'q', in: 'query', message: 'must be short', value: long });
		expect(got).toBe(`, got "${'a'.repeat(76)}...`);
		const exact = 'a'.repeat(78); // 80 characters with its quotes
		expect(gotValue({ field: 'q', in: 'query', message: 'x', value: exact })).toBe(
			`, got "${exact}"`,
		);
		expect(gotValue({ field: 'q', in: 'query', message: 'x', value: `${exact}a` })).toBe(
			`, got "${exact.slice(0, 76)}...`,
		);
	});
});
