/**
 * The transport's answers to a faulty world, through real n8n-core with nock: 429 (Retry-After,
 * bounded retries, a clear error), 5xx and resets on GET retried, job-creating POSTs never
 * blindly repeated, malformed bodies as a clear NodeApiError, and the API key in no error.
 */
import nock from 'nock';

import { onFakeClock } from '../helpers/clock';
import { API_KEY, BASE_URL, type RunNodeOptions, runNode, everythingIn } from '../helpers/runNode';
import { replyWith, resetNock, Recorder, answer, created } from '../helpers/http';

afterEach(resetNock);

/** Runs the node on the fake clock: backoffs and Retry-After waits take no real time. */
async function runFaked(options: RunNodeOptions) {
	return (await onFakeClock(() => runNode(options))).result;
}

/** A transport failure as Node's HTTP stack reports it: a message and an error code. */
function networkFailure(code: string, message: string): Error {
	return Object.assign(new Error(message), { code });
}

const brandRecord = {
	success: true,
	data: { status: 'ok', code: 200, brand: { domain: 'acme.com', title: 'Acme' } },
};
const retrieve = {
	type: 'webDataBrand',
	parameters: { operation: 'retrieve', domain: 'acme.com' },
};
const batch = {
	type: 'webDataScrape',
	parameters: { operation: 'batchScrape', urls: 'https://a.example/1', waitForCompletion: false },
};

describe('429 Too Many Requests', () => {
	test('waits for Retry-After (seconds), then succeeds', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(_, i) =>
				i === 0
					? [429, { success: false, error: 'Too many requests' }, { 'Retry-After': '1' }]
					: [200, brandRecord],
			{
				times: 2,
			},
		);

		const { items, error } = await runFaked(retrieve);

		expect(error).toBeUndefined();
		expect(items[0].json).toEqual(brandRecord);
		const [first, second] = rec.to('/brand/retrieve');
		expect(second.at - first.at).toBeGreaterThanOrEqual(950);
		expect(second.at - first.at).toBeLessThan(2500);
	});

	test('waits for Retry-After given as an HTTP date', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(_, i) =>
				i === 0
					? [
							429,
							{ success: false, error: 'slow down' },
							{ 'Retry-After': new Date(Date.now() + 2000).toUTCString() },
						]
					: [200, brandRecord],
			{ times: 2 },
		);
		const { error } = await runFaked(retrieve);
		expect(error).toBeUndefined();
		const [first, second] = rec.to('/brand/retrieve');
		// An HTTP date has whole seconds: between 1 and 2 s from now.
		expect(second.at - first.at).toBeGreaterThanOrEqual(900);
		expect(second.at - first.at).toBeLessThan(2600);
	});

	test.each(['-3600', '-5', '.5', 'in 5'])(
		'an unusable Retry-After (%s) is ignored: the usual backoff, neither minutes nor none',
		async (retryAfter) => {
			const rec = new Recorder();
			answer(
				rec,
				'get',
				'/brand/retrieve',
				(_, i) =>
					i === 0
						? [429, { success: false, error: 'slow down' }, { 'Retry-After': retryAfter }]
						: [200, brandRecord],
				{ times: 2 },
			);
			const { error } = await runFaked(retrieve);
			expect(error).toBeUndefined();
			const [first, second] = rec.to('/brand/retrieve');
			expect(second.at - first.at).toBeGreaterThanOrEqual(100);
			expect(second.at - first.at).toBeLessThan(1000);
		},
	);

	test('a 429 on a job-creating POST is retried: the server did no work', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'post',
			'/batch/scrape',
			(_, i) =>
				i === 0
					? [429, { success: false, error: 'Too many requests' }, { 'Retry-After': '0' }]
					: [200, created('job-1')],
			{
				times: 3,
			},
		);
		const { items, error } = await runFaked(batch);
		expect(error).toBeUndefined();
		expect(rec.to('/batch/scrape')).toHaveLength(2);
		expect(items[0].json).toEqual(created('job-1'));
	});

	test('429 forever: a bounded number of attempts, then a NodeApiError about the plan rate limit', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/brand/retrieve',
			() => [
				429,
				{ success: false, error: 'Rate limit exceeded: 60 requests per minute' },
				{ 'Retry-After': '0' },
			],
			{
				times: 50,
			},
		);

		const { items, error } = await runFaked(retrieve);

		expect(items).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toMatch(/rate limit/i);
		expect(error!.message).toMatch(/plan/i);
		expect(error!.message).toContain('429');
		expect(error!.httpCode).toBe('429');
		const attempts = rec.to('/brand/retrieve').length;
		expect(attempts).toBeGreaterThanOrEqual(3);
		expect(attempts).toBeLessThanOrEqual(10);
		expect(`${error!.message} ${error!.description}`).toContain(`${attempts} attempts`);
	});

	test('under Continue On Fail, 429 forever becomes an error item', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/brand/retrieve',
			() => [429, { success: false, error: 'Too many' }, { 'Retry-After': '0' }],
			{ times: 50 },
		);
		const { items, error } = await runFaked({ ...retrieve, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(String(items[0].json.error)).toMatch(/rate limit/i);
		expect(items[0].json.httpCode).toBe('429');
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('server errors and network faults', () => {
	test('500 then success on a GET: retried', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(_, i) =>
				i === 0 ? [500, { success: false, error: 'upstream exploded' }] : [200, brandRecord],
			{ times: 2 },
		);
		const { items, error } = await runFaked(retrieve);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual(brandRecord);
		expect(rec.to('/brand/retrieve')).toHaveLength(2);
	});

	test('503 forever on a GET: the error says how many attempts it took', async () => {
		const rec = new Recorder();
		answer(rec, 'get', '/brand/retrieve', () => [503, { error: 'maintenance' }], { times: 20 });
		const { error } = await runFaked(retrieve);
		const attempts = rec.to('/brand/retrieve').length;
		expect(attempts).toBeGreaterThan(1);
		expect(error!.httpCode).toBe('503');
		expect(`${error!.message} ${error!.description}`).toContain(
			`gave up after ${attempts} attempts`,
		);
	});

	test('503 with Retry-After on a GET: waits as asked, then succeeds', async () => {
		const rec = new Recorder();
		answer(
			rec,
			'get',
			'/brand/retrieve',
			(_, i) =>
				i === 0 ? [503, { error: 'maintenance' }, { 'Retry-After': '0' }] : [200, brandRecord],
			{ times: 2 },
		);
		const { error } = await runFaked(retrieve);
		expect(error).toBeUndefined();
		expect(rec.to('/brand/retrieve')).toHaveLength(2);
	});

	test('500 on a job-creating POST is not retried (a duplicate job costs credits)', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [500, { success: false, error: 'internal error' }], {
			times: 3,
		});
		const { error } = await runFaked(batch);
		expect(rec.to('/batch/scrape')).toHaveLength(1);
		expect(error?.name).toBe('NodeApiError');
		expect(error!.httpCode).toBe('500');
		expect(error!.message).toContain('internal error');
	});

	test('a connection reset on the job-creating POST is not retried: exactly one request', async () => {
		let posts = 0;
		const scope = nock(BASE_URL);
		scope.on('request', () => posts++);
		scope
			.post('/batch/scrape')
			.times(3)
			.replyWithError(networkFailure('ECONNRESET', 'socket hang up'));

		const { error } = await runFaked(batch);

		expect(posts).toBe(1);
		expect(error?.name).toBe('NodeApiError');
		expect(`${error!.message} ${error!.description}`).toMatch(
			/ECONNRESET|socket hang up|connection/i,
		);
		expect(`${error!.message} ${error!.description}`).toMatch(/not retried|duplicate/i);
	});

	test('a connection reset on a GET is retried', async () => {
		let gets = 0;
		const scope = nock(BASE_URL);
		scope.on('request', () => gets++);
		scope
			.get('/brand/retrieve')
			.query(true)
			.replyWithError(networkFailure('ECONNRESET', 'socket hang up'));
		scope.get('/brand/retrieve').query(true).reply(200, brandRecord);

		const { items, error } = await runFaked(retrieve);

		expect(error).toBeUndefined();
		expect(gets).toBe(2);
		expect(items[0].json).toEqual(brandRecord);
	});
});

describe('network faults that may have reached the service, and one that cannot have', () => {
	/** Counts every request nock sees for this scope. */
	function counted(): { scope: nock.Scope; count: () => number } {
		let n = 0;
		const scope = nock(BASE_URL);
		scope.on('request', () => n++);
		return { scope, count: () => n };
	}

	// A timeout or a broken pipe says nothing about whether the service got the request: a
	// job-creating POST must not be repeated (a duplicate job costs credits).
	test.each(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'EPIPE'])(
		'%s on the job-creating POST: sent exactly once, and surfaces as an error',
		async (code) => {
			const { scope, count } = counted();
			scope
				.post('/batch/scrape')
				.times(6)
				.replyWithError(networkFailure(code, `request failed: ${code}`));

			const { items, error } = await runFaked(batch);

			expect(count()).toBe(1);
			expect(items).toEqual([]);
			expect(error?.name).toBe('NodeApiError');
			// n8n words some codes itself ("The connection was aborted"); the code stays on the error.
			expect(everythingIn(error)).toContain(code);
			expect(`${error!.message} ${error!.description}`).toMatch(/not retried/);
			expect(`${error!.message} ${error!.description}`).toContain('POST /batch/scrape');
		},
	);

	test.each(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'EPIPE', 'ECONNREFUSED'])(
		'%s on a GET is retried: a read is safe to repeat',
		async (code) => {
			const { scope, count } = counted();
			scope
				.get('/brand/retrieve')
				.query(true)
				.replyWithError(networkFailure(code, `request failed: ${code}`));
			scope.get('/brand/retrieve').query(true).reply(200, brandRecord);

			const { items, error } = await runFaked(retrieve);

			expect(error).toBeUndefined();
			expect(count()).toBe(2);
			expect(items[0].json).toEqual(brandRecord);
		},
	);

	// A refused connection proves nothing was sent: repeating it cannot duplicate anything.
	test('ECONNREFUSED on the job-creating POST is retried, and the job is created once', async () => {
		const { scope, count } = counted();
		scope
			.post('/batch/scrape')
			.times(2)
			.replyWithError(networkFailure('ECONNREFUSED', 'connect ECONNREFUSED'));
		scope.post('/batch/scrape').reply(200, created('job-refused'));

		const { items, error } = await runFaked(batch);

		expect(error).toBeUndefined();
		expect(count()).toBe(3);
		expect(items.map((i) => i.json)).toEqual([created('job-refused')]);
	});

	test('ECONNREFUSED forever on a POST: a bounded number of attempts, then an error naming the code', async () => {
		const { scope, count } = counted();
		scope
			.post('/batch/scrape')
			.times(20)
			.replyWithError(networkFailure('ECONNREFUSED', 'connect ECONNREFUSED'));

		const { error } = await runFaked(batch);

		expect(count()).toBeGreaterThan(1);
		expect(count()).toBeLessThanOrEqual(10);
		expect(error?.name).toBe('NodeApiError');
		expect(everythingIn(error)).toContain('ECONNREFUSED');
	});
});

describe('bodies that are not JSON', () => {
	test('malformed JSON in a 200 answer: a clear NodeApiError, not a crash', async () => {
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.reply(200, '{"success": true, "data": {', { 'Content-Type': 'application/json' });
		const { error } = await runFaked(retrieve);
		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toMatch(/not valid JSON/);
		expect(error!.message).toContain('GET /brand/retrieve');
		expect(String(error!.description)).toContain('{"success": true');
	});

	test('an HTML error page with a 4xx status: NodeApiError with the status', async () => {
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.reply(404, '<html><body>Not Found</body></html>', { 'Content-Type': 'text/html' });
		const { error } = await runFaked(retrieve);
		expect(error?.name).toBe('NodeApiError');
		expect(error!.httpCode).toBe('404');
		expect(error!.message).toContain('404');
	});

	test("a proxy's HTML error page: its title in the message, no markup", async () => {
		const page =
			'<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>';
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.times(20)
			.reply(502, page, { 'Content-Type': 'text/html' });
		const { error } = await runFaked(retrieve);
		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toBe('The Web Data API failed (HTTP 502): 502 Bad Gateway');
	});

	test('a JSON answer after a UTF-8 byte order mark is read', async () => {
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.reply(200, `\uFEFF${JSON.stringify(brandRecord)}`, {
				'Content-Type': 'application/json; charset=utf-8',
			});
		const { items, error } = await runFaked(retrieve);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual(brandRecord);
	});

	test.each([
		['null', 'null'],
		['a list', '[1,2]'],
		['a text', '"ok"'],
		['a number', '42'],
	])(
		"a 200 answer of JSON %s, where the spec has an object, is the item's error",
		async (_, body) => {
			nock(BASE_URL)
				.get('/brand/retrieve')
				.query(true)
				.reply(200, body, { 'Content-Type': 'application/json' });
			const { items, error } = await runFaked({ ...retrieve, continueOnFail: true });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(items[0].json.error).toMatch(/GET \/brand\/retrieve .*not a JSON object/);
			expect(items[0].pairedItem).toEqual({ item: 0 });
		},
	);

	test('an empty 200 body is an empty object, not an error', async () => {
		nock(BASE_URL).get('/brand/retrieve').query(true).reply(200, '');
		const { items, error } = await runFaked(retrieve);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({});
	});
});

describe('the API key never appears in an error', () => {
	const failures: Array<[string, () => void, RunNodeOptions]> = [
		[
			'401',
			() =>
				nock(BASE_URL)
					.get('/brand/retrieve')
					.query(true)
					.reply(401, { success: false, error: 'Invalid API key' }),
			retrieve,
		],
		[
			'429 forever',
			() =>
				nock(BASE_URL)
					.get('/brand/retrieve')
					.query(true)
					.times(20)
					.reply(429, { error: 'slow down' }, { 'Retry-After': '0' }),
			retrieve,
		],
		[
			'500 forever',
			() =>
				nock(BASE_URL)
					.get('/brand/retrieve')
					.query(true)
					.times(20)
					.reply(500, { error: 'boom' }, { 'Retry-After': '0' }),
			retrieve,
		],
		[
			'malformed body',
			() => nock(BASE_URL).get('/brand/retrieve').query(true).reply(200, 'not json'),
			retrieve,
		],
		[
			'connection reset on POST',
			() =>
				nock(BASE_URL)
					.post('/batch/scrape')
					.replyWithError(networkFailure('ECONNRESET', 'socket hang up')),
			batch,
		],
	];

	test.each(failures)('%s', async (_, arrange, run) => {
		arrange();
		const { error, run: execution } = await runFaked(run);
		expect(error).toBeDefined();
		expect(everythingIn(error)).not.toContain(API_KEY);
		expect(everythingIn(execution.data.resultData)).not.toContain(API_KEY);
		expect(JSON.stringify(execution.data.resultData)).not.toContain(API_KEY);
	});

	test('even when the service puts the key in its error message', async () => {
		let echoed = '';
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.reply(
				replyWith((req) => {
					echoed = req.headers.authorization ?? '';
					return [401, { success: false, error: `Unknown key ${echoed.replace(/^Bearer /, '')}` }];
				}),
			);
		const { error, run } = await runFaked(retrieve);
		expect(echoed).toBe(`Bearer ${API_KEY}`);
		expect(error).toBeDefined();
		expect(JSON.stringify(run.data.resultData)).not.toContain(API_KEY);
	});

	test('nor when it is in a list of error messages', async () => {
		nock(BASE_URL)
			.get('/brand/retrieve')
			.query(true)
			.reply(400, { errors: [{ message: `Unknown key ${API_KEY}` }, `${API_KEY} is revoked`] });
		const { error, run } = await runFaked(retrieve);
		expect(error!.message).toBe(
			'The Web Data API rejected the request (HTTP 400): Unknown key bc_***; bc_*** is revoked',
		);
		expect(JSON.stringify(run.data.resultData)).not.toContain(API_KEY);
	});
});
