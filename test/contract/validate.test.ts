/**
 * The contract's wire checks on their own: issues name the field as the API knows it (alternate
 * names included) and where it goes; query text is coerced as the API would read it.
 */
import {
	ENDPOINTS,
	formatWireIssue,
	gatherWire,
	issueSentence,
	placeWire,
	validateWire,
} from '../../contract';

const competitors = ENDPOINTS.webCompetitors;

test('an alternate name is checked by its field rules and reported under the name it came as', () => {
	const result = validateWire(competitors.fields, { domain: 'acme.com', numCompetitors: '26' });
	expect(result).toEqual({
		ok: false,
		issues: [{ field: 'numCompetitors', in: 'query', message: 'must be at most 25', value: '26' }],
	});
	if (!result.ok)
		expect(formatWireIssue(result.issues[0])).toBe(
			'query parameter (numCompetitors) must be at most 25, got "26"',
		);
});

test('query text is coerced to numbers and booleans; unset values are dropped', () => {
	const result = validateWire(competitors.fields, {
		domain: 'acme.com',
		numCompetitors: '3',
		maxSpeed: 'true',
		directUrl: '',
	});
	expect(result).toEqual({
		ok: true,
		values: { domain: 'acme.com', maxSpeed: true, numCompetitors: 3 },
	});
});

test('a missing required field is reported once, under its own name', () => {
	expect(validateWire(ENDPOINTS.webhookTest.fields, { id: 'wh_1' })).toEqual({
		ok: false,
		issues: [{ field: 'event', in: 'body', message: 'is required', value: undefined }],
	});
});

test('values are gathered from and placed where each field goes, alternate names as given', () => {
	const sources = { path: { id: 'job 1' }, query: { limit: '5', other: 'x' }, body: { limit: 9 } };
	expect(gatherWire(ENDPOINTS.jobDetail, sources)).toEqual({ id: 'job 1', limit: '5' });
	expect(placeWire(ENDPOINTS.jobDetail, { id: 'job 1', limit: 5 })).toEqual({
		path: '/jobs/job%201',
		query: { limit: 5 },
		body: {},
	});
	expect(placeWire(competitors, { domain: 'acme.com', numCompetitors: 3 }).query).toEqual({
		domain: 'acme.com',
		numCompetitors: 3,
	});
});

describe('the sentence a person reads: the label they see, what to do, the bound, the value', () => {
	test('a value out of bounds', () => {
		const result = validateWire(competitors.fields, { domain: 'acme.com', limit: 26 });
		if (result.ok) throw new Error('26 was taken');
		expect(issueSentence('Limit', result.issues[0])).toBe(
			'Enter a valid "Limit": it must be at most 25 (got 26)',
		);
	});

	test('a missing value says to enter one, without a value given', () => {
		const result = validateWire(competitors.fields, { domain: '  ' });
		if (result.ok) throw new Error('an empty domain was taken');
		expect(issueSentence('Domain', result.issues[0])).toBe(
			'Enter a value for "Domain": it is required',
		);
	});

	test("a wrong format says what the API takes, and no API name the panel doesn't show", () => {
		const result = validateWire(competitors.fields, { domain: 'not a domain' });
		if (result.ok) throw new Error('"not a domain" was taken');
		const sentence = issueSentence('Domain', result.issues[0]);
		expect(sentence).toBe(
			'Enter a valid "Domain": it must be a domain (example.com) or an http(s) URL (got "not a domain")',
		);
		expect(sentence).not.toContain('(domain)');
	});
});
