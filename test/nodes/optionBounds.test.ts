/**
 * The checks of node options (not API fields) on their own: what a value an expression or a model
 * set must be, and the message that names the option, the bound and the value given.
 */
import {
	booleanOption,
	boundedNumber,
	choiceList,
	type NumberBound,
} from '../../nodes/shared/behaviours/optionBounds';

const pollEvery: NumberBound = { label: 'Poll Every', name: 'pollSeconds', min: 1, max: 60 };
const pages: NumberBound = { ...pollEvery, label: 'Pages', name: 'pages', integer: true };

describe('a number option', () => {
	test('is read within its bounds, the bounds included; number text is read as a number', () => {
		expect(boundedNumber(1, pollEvery)).toBe(1);
		expect(boundedNumber(60, pollEvery)).toBe(60);
		expect(boundedNumber(2.5, pollEvery)).toBe(2.5);
		expect(boundedNumber(' 7 ', pollEvery)).toBe(7);
		expect(boundedNumber('30', pages)).toBe(30);
	});

	test.each([0.5, 61, -1, Infinity, NaN, '', '  ', 'ten', null, undefined, true, [5], {}])(
		'%p is refused, naming the option and its bounds',
		(value) => {
			expect(() => boundedNumber(value, pollEvery)).toThrow(
				/^Enter a valid "Poll Every": it must be a number from 1 to 60 \(got /,
			);
		},
	);

	test('empty text is not read as 0, even where 0 is allowed', () => {
		const offset: NumberBound = { label: 'Offset', name: 'offset', min: 0, max: 10 };
		expect(boundedNumber(0, offset)).toBe(0);
		expect(boundedNumber('0', offset)).toBe(0);
		for (const value of ['', '   ', null, false, []])
			expect(() => boundedNumber(value, offset)).toThrow(
				'Enter a valid "Offset": it must be a number',
			);
	});

	test('a whole-number option refuses fractions and says so', () => {
		expect(() => boundedNumber(2.5, pages)).toThrow(
			'Enter a valid "Pages": it must be a whole number from 1 to 60 (got 2.5)',
		);
	});

	test('the value given is shown as JSON, cut to 80 characters', () => {
		expect(() => boundedNumber('ten', pollEvery)).toThrow(/ \(got "ten"\)$/);
		expect(() => boundedNumber(undefined, pollEvery)).toThrow(/ \(got nothing\)$/);
		const long = 'x'.repeat(90);
		expect(() => boundedNumber(long, pollEvery)).toThrow(
			new RegExp(` \\(got "${'x'.repeat(76)}\\.\\.\\.\\)$`),
		);
		const fits = 'x'.repeat(78); // 80 characters with its quotes
		expect(() => boundedNumber(fits, pollEvery)).toThrow(new RegExp(` \\(got "${fits}"\\)$`));
	});
});

describe('a switch option', () => {
	test('is true or false, or their text', () => {
		expect(booleanOption(true, 'Wait', 'wait')).toBe(true);
		expect(booleanOption('true', 'Wait', 'wait')).toBe(true);
		expect(booleanOption(false, 'Wait', 'wait')).toBe(false);
		expect(booleanOption('false', 'Wait', 'wait')).toBe(false);
	});

	test.each(['yes', 1, 0, '', null, 'TRUE'])('%p is refused', (value) => {
		expect(() => booleanOption(value, 'Wait', 'wait')).toThrow(
			`Enter a valid "Wait": it must be true or false (got ${JSON.stringify(value)})`,
		);
	});
});

describe('a multi-select option', () => {
	const allowed = ['links', 'html'];

	test('is a list of allowed names', () => {
		expect(choiceList(['html'], allowed, 'Formats', 'formats')).toEqual(['html']);
		expect(choiceList([], allowed, 'Formats', 'formats')).toEqual([]);
	});

	test.each([['pdf'], ['html', 'pdf'], 'html', null])(
		'%p is refused, listing the names',
		(value) => {
			expect(() => choiceList(value, allowed, 'Formats', 'formats')).toThrow(
				`Enter a valid "Formats": it must be a list of: links, html (got ${JSON.stringify(value)})`,
			);
		},
	);
});
