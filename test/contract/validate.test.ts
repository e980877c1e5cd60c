/**
 * The contract's wire checks on their own: issues name the field as the API knows it (alternate
 * names included) and where it goes; query text is coerced as the API would read it.
 */
import { ENDPOINTS, formatWireIssue, gatherWire, placeWire, validateWire } from '../../contract';

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
