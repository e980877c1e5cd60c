/**
 * Change detection of Watch for Changes on its own: which differences are changes (and which mean
 * the same), what the kept state holds whole or as fingerprints, and the bound on that state.
 */
import {
	changedFields,
	compactState,
	digest,
	jsonBytes,
	KEPT_BYTES_PER_LOOKUP,
	sameUrl,
	KEPT_VALUE_BYTES,
	watchableFields,
	watchedKeys,
	watchedValues,
} from '../../nodes/shared/brand/changes';

const changed = (key: string, before: unknown, after: unknown) =>
	changedFields(compactState({ [key]: before } as never), { [key]: after } as never).map(
		(change) => change.field,
	);
/** The same, with the value before kept as a fingerprint: three values first fill the room. */
const FILL = 'f'.repeat(KEPT_VALUE_BYTES - 2);
const changedLarge = (key: string, before: unknown, after: unknown) => {
	const state = compactState({ f1: FILL, f2: FILL, f3: FILL, [key]: before } as never);
	expect(Object.keys(state['#'] as object)).toEqual([key]);
	return changedFields(state, { [key]: after } as never).map((change) => change.field);
};

describe('the watched fields', () => {
	test('each shape watches the fields it has', () => {
		expect(watchableFields('brandRecord')).toEqual([
			'name',
			'description',
			'slogan',
			'colors',
			'logos',
			'socials',
			'links',
		]);
		expect(watchableFields('brandProfile')).toEqual([
			'name',
			'description',
			'slogan',
			'colors',
			'logos',
			'fonts',
			'socials',
		]);
	});

	test("a selection maps to the shape's own keys, skipping fields the shape lacks", () => {
		expect(watchedKeys('brandRecord', ['slogan', 'name', 'fonts', 'links'])).toEqual([
			'title',
			'slogan',
			'links',
		]);
		expect(watchedKeys('brandProfile', ['slogan', 'name', 'fonts', 'links'])).toEqual([
			'name',
			'tagline',
			'fonts',
		]);
	});

	test('missing values are null', () => {
		expect(watchedValues({ title: 'Acme', other: 1 }, ['title', 'slogan'])).toEqual({
			title: 'Acme',
			slogan: null,
		});
	});
});

describe('what is a change', () => {
	test.each([
		['title', 'Acme', 'Acme Inc'],
		['title', 'Acme', null],
		['colors', ['#fff'], ['#fff', '#000']],
		['logos', ['a.svg'], ['b.svg']],
		['fonts', ['Inter'], ['inter']],
		['socials', [{ type: 'x', url: 'https://x.com/a' }], [{ type: 'x', url: 'https://x.com/b' }]],
		[
			'socials',
			[{ type: 'x', url: 'https://x.com/a' }],
			[{ type: 'mastodon', url: 'https://x.com/a' }],
		],
		['socials', [{ network: 'x', url: 'u' }], [{ network: 'y', url: 'u' }]],
		['links', { blog: 'a' }, { blog: 'b' }],
		['links', { blog: 'a' }, { blog: 'a', careers: 'c' }],
		['logos', ['https://cdn.acme.com/Logo.svg'], ['https://cdn.acme.com/logo.svg']],
		['logos', ['https://acme.com/a.svg'], ['http://acme.com/a.svg']],
		['logos', ['https://acme.com/a.svg'], ['https://acme.com:8443/a.svg']],
		[
			'socials',
			[{ type: 'x', url: 'https://x.com/Acme' }],
			[{ type: 'x', url: 'https://x.com/acme' }],
		],
		['links', { blog: 'https://acme.com/blog?a=1' }, { blog: 'https://acme.com/blog?a=2' }],
	])('%s: %j to %j is a change, kept whole or as a fingerprint', (key, before, after) => {
		expect(changed(key, before, after)).toEqual([key]);
		expect(changedLarge(key, before, after)).toEqual([key]);
	});

	test.each([
		['title', 'Acme', 'Acme'],
		['colors', ['#FFF', ' #000'], ['#000', '#fff', '#fff']],
		['logos', ['b.svg', 'a.svg', null], ['a.svg', 'b.svg', 'a.svg']],
		['socials', [{ type: 'X', url: 'u' }], [{ network: 'x', url: 'u' }]],
		[
			'socials',
			[
				{ type: 'x', url: 'u' },
				{ type: 'y', url: 'v' },
			],
			[
				{ type: 'y', url: 'v' },
				{ type: 'x', url: 'u' },
			],
		],
		['links', { blog: 'a', careers: 'c' }, { careers: 'c', blog: 'a', press: null }],
		['links', null, {}],
		['colors', 'not a list', []],
		[
			'socials',
			[{ type: 'x', url: 'https://X.com/acme' }],
			[{ type: 'x', url: 'https://x.com/acme' }],
		],
		[
			'socials',
			[{ type: 'x', url: 'https://x.com/acme' }],
			[
				{ type: 'X', url: 'HTTPS://x.COM/acme' },
				{ type: 'x', url: ' https://x.com:443/acme ' },
			],
		],
		[
			'logos',
			['https://CDN.Acme.com/logo.svg'],
			['https://cdn.acme.com/logo.svg', 'HTTPS://cdn.acme.com/logo.svg'],
		],
		['logos', ['http://acme.com:80/a.svg', 'b.svg'], ['b.svg', 'http://ACME.com/a.svg']],
		['links', { blog: 'https://Acme.com/blog' }, { blog: 'https://acme.com/blog' }],
	])('%s: %j to %j means the same', (key, before, after) => {
		expect(changed(key, before, after)).toEqual([]);
		expect(changedLarge(key, before, after)).toEqual([]);
	});

	test('a change kept whole shows the value before; a fingerprinted one does not', () => {
		expect(changedFields({ title: 'Old' }, { title: 'New' })).toEqual([
			{ field: 'title', before: 'Old', after: 'New' },
		]);
		const state = compactState({ description: 'd'.repeat(100) });
		expect(changedFields(state, { description: 'short' })).toEqual([
			{ field: 'description', after: 'short' },
		]);
	});

	test('a field the previous run did not watch is not a change', () => {
		expect(changedFields({ title: 'Acme' }, { title: 'Acme', slogan: 'New' })).toEqual([]);
		expect(changedFields({}, { slogan: 'New' })).toEqual([]);
	});
});

describe('URLs as people compare them', () => {
	test.each([
		['HTTPS://X.com:443/Acme?Q=1#Top', 'https://x.com/Acme?Q=1#Top'],
		['http://Acme.com:80', 'http://acme.com'],
		['http://acme.com:8080/a', 'http://acme.com:8080/a'],
		['  https://acme.com/a  ', 'https://acme.com/a'],
		['acme.com/Logo.svg', 'acme.com/Logo.svg'],
		['', ''],
		['HTTPS://X.com/a b', 'https://x.com/a b'],
		['S3://Bucket/Key', 's3://bucket/Key'],
		['see HTTPS://X.com/a', 'see HTTPS://X.com/a'],
		[null, null],
		[5, 5],
	])('%j is %j', (url, same) => {
		expect(sameUrl(url)).toBe(same);
	});

	test('a long hostile text is read in linear time', () => {
		const hostile = `https://a${' '.repeat(200_000)}x${'/'.repeat(200_000)}`;
		const started = performance.now();
		sameUrl(hostile);
		expect(performance.now() - started).toBeLessThan(1000);
	});

	test('fingerprints kept before URLs were compared this way still match URLs already in that form', () => {
		const logos = ['https://cdn.acme.com/b.svg', 'https://cdn.acme.com/a.svg'];
		// The fingerprint the previous version kept: the sorted list, as written.
		const kept = { '#': { logos: digest(JSON.stringify([...logos].sort())) } };
		expect(changedFields(kept, { logos })).toEqual([]);
	});
});

describe('the kept state', () => {
	test(`values of at most ${KEPT_VALUE_BYTES} bytes of JSON are kept whole, larger ones as fingerprints`, () => {
		const fits = 'a'.repeat(KEPT_VALUE_BYTES - 2); // with its quotes
		const over = 'a'.repeat(KEPT_VALUE_BYTES - 1);
		expect(jsonBytes(fits)).toBe(KEPT_VALUE_BYTES);
		const state = compactState({ title: fits, description: over });
		expect(state.title).toBe(fits);
		expect(state.description).toBeUndefined();
		expect(state['#']).toEqual({ description: expect.stringMatching(/^[\w-]{16}$/) });
	});

	test(`whole values of one lookup add up to at most ${KEPT_BYTES_PER_LOOKUP} bytes, in field order`, () => {
		const value = 'a'.repeat(KEPT_VALUE_BYTES - 2); // 64 bytes each: three fit in 192
		const state = compactState({ a: value, b: value, c: value, d: value, e: 'x' });
		expect(Object.keys(state)).toEqual(['a', 'b', 'c', '#']);
		expect(Object.keys(state['#'] as object)).toEqual(['d', 'e']);
		// A small value after the room is used up is fingerprinted, not squeezed in.
		const nearlyFull = compactState({ a: value, b: value, c: 'a'.repeat(61), d: 'xy' });
		expect(Object.keys(nearlyFull)).toEqual(['a', 'b', 'c', '#']);
		const exactlyFull = compactState({ a: value, b: value, c: 'a'.repeat(60), d: '' });
		expect(Object.keys(exactlyFull)).toEqual(['a', 'b', 'c', 'd']);
	});

	test('fingerprints kept from before stay; no fingerprint key when none is needed', () => {
		expect(compactState({ '#': { description: 'f1' }, title: 'Acme' })).toEqual({
			title: 'Acme',
			'#': { description: 'f1' },
		});
		expect(compactState({ title: 'Acme' })).toEqual({ title: 'Acme' });
		expect(compactState({})).toEqual({});
	});

	// Fingerprints live in saved workflows' static data: a release that computed them otherwise
	// would report every fingerprinted field as changed once (fixed vectors, computed apart).
	test('a fingerprint kept by an earlier release still matches the same value', () => {
		expect(digest('abc')).toBe('ungWv48Bz-pBQUDe');
		const state = compactState({ description: 'd'.repeat(100) });
		expect(state['#']).toEqual({ description: 'pfMthQS-XauVToMm' });
		const saved = { '#': { description: 'pfMthQS-XauVToMm' } };
		expect(changedFields(saved, { description: 'd'.repeat(100) })).toEqual([]);
		expect(changedFields(saved, { description: 'e'.repeat(100) })).toHaveLength(1);
		// Bytes as the database counts them: UTF-8.
		expect(jsonBytes('é')).toBe(4);
	});
});
