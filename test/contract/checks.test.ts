/**
 * The value checks the contract is built from, on their own: shapes of text, numbers within
 * bounds, the characters no request may carry, and how a value's type reads in a message.
 */
import {
	checkCharacters,
	checkNumber,
	checkText,
	isCountryCode,
	isDomain,
	isEmail,
	isHttpUrl,
	isJsonObject,
	isPlainObject,
	typeName,
} from '../../contract/checks';

test.each([
	['https://acme.com', true],
	['http://acme.com/a?b=c', true],
	['HTTP://ACME.COM', true],
	['ftp://acme.com', false],
	['file:///etc/passwd', false],
	['acme.com', false],
	['https://', false],
	['mailto:a@acme.com', false],
	['javascript:alert(1)', false],
])('isHttpUrl(%s) is %s', (value, expected) => {
	expect(isHttpUrl(value)).toBe(expected);
});

test.each([
	['acme.com', true],
	['sub.acme.co.uk', true],
	['xn--bcher-kva.example', true],
	['a-b.com', true],
	['ACME.COM', true],
	['acme', false],
	['-acme.com', false],
	['acme-.com', false],
	['acme.c0m1', true],
	['acme.1com', false],
	['acme..com', false],
	['https://acme.com', false],
	[`${'a'.repeat(63)}.com`, true],
	[`${'a'.repeat(64)}.com`, false],
	[`${'a.'.repeat(125)}com`, true],
	[`${'a.'.repeat(126)}com`, false],
	[' acme.com', false],
	['acme.com/path', false],
	['acme.com.', false],
	// Internationalised: checked in the ASCII form (xn--), as a whole host only.
	['münchen.de', true],
	['BÜCHER.de', true],
	['münchen', false],
	['münchen.de/path', false],
	['münchen.de:80', false],
	['user@münchen.de', false],
	['münchen.de?q', false],
	['mün chen.de', false],
	[`${'ü.'.repeat(60)}de`, false],
])('isDomain(%s) is %s', (value, expected) => {
	expect(isDomain(value)).toBe(expected);
});

test.each([
	['a@acme.com', true],
	['a.b+c@acme.co', true],
	['a@acme', false],
	['@acme.com', false],
	['a@.com', false],
	['a b@acme.com', false],
	['a@@acme.com', false],
	['a@acme.com ', false],
	[' a@acme.com', false],
])('isEmail(%s) is %s', (value, expected) => {
	expect(isEmail(value)).toBe(expected);
});

test.each([
	['us', true],
	['GB', true],
	['usa', false],
	['u', false],
	['u1', false],
	[' us', false],
])('isCountryCode(%s) is %s', (value, expected) => {
	expect(isCountryCode(value)).toBe(expected);
});

test('plain objects and JSON objects', () => {
	expect(isPlainObject({})).toBe(true);
	expect(isPlainObject(new Date())).toBe(true);
	for (const value of [null, [], 'x', 1, undefined]) expect(isPlainObject(value)).toBe(false);
	expect(isJsonObject({ a: 1 })).toBe(true);
	expect(isJsonObject(Object.create(null))).toBe(true);
	expect(isJsonObject(new Date())).toBe(false);
	expect(isJsonObject(new (class Thing {})())).toBe(false);
	expect(isJsonObject([])).toBe(false);
	expect(isJsonObject(null)).toBe(false);
});

test.each([
	[null, 'null'],
	[[], 'array'],
	[NaN, 'nan'],
	[1, 'number'],
	['x', 'string'],
	[{}, 'object'],
	[undefined, 'undefined'],
	[true, 'boolean'],
])('typeName(%p) is %s', (value, name) => {
	expect(typeName(value)).toBe(name);
});

describe('checkNumber', () => {
	test('a finite number within the bounds passes, the bounds included', () => {
		expect(checkNumber(1, 1, 5)).toBeUndefined();
		expect(checkNumber(5, 1, 5)).toBeUndefined();
		expect(checkNumber(-7, undefined, undefined)).toBeUndefined();
		expect(checkNumber(0, 0, undefined)).toBeUndefined();
		expect(checkNumber(0, undefined, 0)).toBeUndefined();
	});

	test('out of bounds names the bound, and what the number is when given', () => {
		expect(checkNumber(0, 1, 5)).toBe('must be at least 1');
		expect(checkNumber(6, 1, 5)).toBe('must be at most 5');
		expect(checkNumber(-1, 0, undefined)).toBe('must be at least 0');
		expect(checkNumber(1, undefined, 0)).toBe('must be at most 0');
		expect(checkNumber(6, 1, 5, 'action amount')).toBe('action amount must be at most 5');
		expect(checkNumber(0, 1, 5, 'action amount')).toBe('action amount must be at least 1');
	});

	test('not a number, or not finite', () => {
		for (const value of ['3', null, undefined, NaN, [1]])
			expect(checkNumber(value, 1, 5)).toBe('must be a number');
		expect(checkNumber(Infinity, 1, 5)).toBe('must be a finite number');
		expect(checkNumber(-Infinity, undefined, undefined)).toBe('must be a finite number');
	});
});

describe('checkText', () => {
	test('text up to the length passes; longer text names the length and what it is', () => {
		expect(checkText('abc', 3, 'not text')).toBeUndefined();
		expect(checkText('a'.repeat(1000), undefined, 'not text')).toBeUndefined();
		expect(checkText('abcd', 3, 'not text')).toBe('must be at most 3 characters');
		expect(checkText('abcd', 3, 'not text', 'each entry')).toBe(
			'each entry must be at most 3 characters',
		);
		expect(checkText(3, 3, 'not text')).toBe('not text');
	});
});

describe('checkCharacters', () => {
	const noBreaks = 'must not contain control characters or line breaks';
	const controls = 'must not contain control characters (other than tabs and line breaks)';

	test('printable text passes anywhere, Unicode included', () => {
		for (const multiline of [true, false]) {
			expect(checkCharacters('Acme ~ café 😀 \u00a0', multiline)).toBeUndefined();
			expect(checkCharacters('', multiline)).toBeUndefined();
		}
	});

	test('tabs, line feeds and carriage returns pass only in multiline text', () => {
		for (const c of ['\t', '\n', '\r']) {
			expect(checkCharacters(`a${c}b`, true)).toBeUndefined();
			expect(checkCharacters(`a${c}b`, false)).toBe(noBreaks);
		}
	});

	test('every other control character and DEL are refused, first or last', () => {
		for (const code of [0x00, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f]) {
			const c = String.fromCharCode(code);
			expect(checkCharacters(`${c}a`, true)).toBe(controls);
			expect(checkCharacters(`a${c}`, false)).toBe(noBreaks);
		}
		expect(checkCharacters(' ', false)).toBeUndefined();
		expect(checkCharacters('~\u0080', false)).toBeUndefined();
	});

	test('half of a surrogate pair is refused wherever it is', () => {
		const broken = 'must not contain broken Unicode (a lone surrogate)';
		for (const value of ['a\ud800', '\ud800a', 'a\udc00', '\udc00\ud800', '\ud83d'])
			expect(checkCharacters(value, true)).toBe(broken);
		expect(checkCharacters('\ud83d\ude00', false)).toBeUndefined();
	});
});
