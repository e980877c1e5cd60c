/**
 * Waiting for jobs through real n8n-core: Batch Scrape, Extract and Brand AI Products poll their
 * job until COMPLETED / FAILED / CANCELLED, give up past Max Wait, stop on the execution's cancel
 * signal, and return the creation response when told not to wait.
 */

import { onFakeClock } from '../helpers/clock';
import { runNode, FAST_POLL_S, watchExecutions } from '../helpers/runNode';
import { resetNock, accountScope, Recorder, answer, created, jobDetail } from '../helpers/http';
import { sleep, waitFor } from '../../devkit/wait';

afterEach(resetNock);

const URLS = ['https://a.example/1', 'https://a.example/2', 'https://a.example/bad'];

function batchScrape(extra: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
	return {
		type: 'webDataScrape',
		parameters: {
			operation: 'batchScrape',
			urls: URLS.join('\n'),
			...extra,
			options: { pollInterval: FAST_POLL_S, ...options },
		},
	};
}

describe('Batch Scrape waits for its job', () => {
	test('PENDING -> RUNNING -> COMPLETED over several polls: one item per page, per-URL errors as items, pairedItem', async () => {
		const rec = new Recorder();
		const creation = answer(rec, 'post', '/batch/scrape', () => [200, created('job-1')]);
		const statuses = ['PENDING', 'PENDING', 'RUNNING', 'RUNNING', 'COMPLETED'];
		const completed = jobDetail('COMPLETED', {
			results: [
				{ url: URLS[0], markdown: '# One' },
				{ url: URLS[1], markdown: '# Two' },
			],
			errors: [{ url: URLS[2], error: 'DNS lookup failed' }],
		});
		const polls = answer(
			rec,
			'get',
			'/jobs/job-1',
			(_, i) => [200, i < statuses.length - 1 ? jobDetail(statuses[i]) : completed],
			{
				times: 10,
			},
		);

		// On the fake clock: the poll times below are the node's schedule, not the machine's speed.
		const { items, error } = (
			await onFakeClock(() => runNode(batchScrape({}, { pollInterval: 0.1 })))
		).result;

		expect(error).toBeUndefined();
		expect(creation.isDone()).toBe(true);
		expect(rec.to('/batch/scrape')[0].body).toMatchObject({ urls: URLS });
		const statusPolls = rec.to('/jobs/job-1');
		// Five polls reach COMPLETED; the node may read the results once more (page 1 of the results).
		expect(statusPolls.length).toBeGreaterThanOrEqual(statuses.length);
		expect(statusPolls.length).toBeLessThanOrEqual(statuses.length + 1);
		// Never polled past COMPLETED: the answers given were exactly the statuses (plus that one
		// read of the results), and the double still had answers left.
		expect(polls.pendingMocks().length).toBeGreaterThan(0);
		// The COMPLETED poll's body is page 1 of the results (totalPages 1): nothing is read after it.
		expect(statusPolls).toHaveLength(statuses.length);

		// What the service feels: no poll sooner than Poll Interval after the one before, and the
		// gaps grow while the job runs (so a long job is asked less often), the first poll included.
		const start = rec.to('/batch/scrape')[0].at;
		const times = [start, ...statusPolls.map((poll) => poll.at)];
		const gaps = times.slice(1).map((at, k) => at - times[k]);
		for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100 - 2);
		for (let k = 1; k < gaps.length; k++) expect(gaps[k]).toBeGreaterThan(gaps[k - 1]);
		expect(gaps.at(-1)).toBeGreaterThan(3 * gaps[0]);

		expect(items.map((i) => i.json)).toEqual([
			{ url: URLS[0], markdown: '# One', jobId: 'job-1', status: 'COMPLETED' },
			{ url: URLS[1], markdown: '# Two', jobId: 'job-1', status: 'COMPLETED' },
			{
				jobId: 'job-1',
				status: 'COMPLETED',
				url: URLS[2],
				error: 'DNS lookup failed',
				success: false,
			},
		]);
		for (const item of items) expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('a job detail without `status` (as the spec shows it) ends the wait once its results are there', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-ns')]);
		const bare = (results: object[]) => {
			const { data } = jobDetail('', { results });
			const { status: _status, ...rest } = data;
			return { success: true, data: rest };
		};
		answer(
			rec,
			'get',
			'/jobs/job-ns',
			(_, i) => [200, i < 2 ? bare([]) : bare([{ url: URLS[0], markdown: '# One' }])],
			{ times: 5 },
		);

		const { items, error } = await runNode(batchScrape());

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-ns')).toHaveLength(3);
		expect(items.map((i) => i.json)).toEqual([
			{ url: URLS[0], markdown: '# One', jobId: 'job-ns', status: 'COMPLETED' },
		]);
	});

	test('without `status`, a job whose results are still coming is not ended early', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-fill')]);
		const bare = (count: number) => {
			const results = URLS.slice(0, count).map((url) => ({ url }));
			const { status: _status, ...data } = jobDetail('', { results, total: 3 }).data;
			return { success: true, data };
		};
		answer(rec, 'get', '/jobs/job-fill', (_, i) => [200, bare(Math.min(i + 1, 3))], { times: 5 });

		const { items, error } = await runNode(batchScrape());

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-fill')).toHaveLength(3);
		expect(items.map((i) => i.json.url)).toEqual(URLS);
	});

	test('without `status`, a job whose every URL failed ends the wait with its failed URLs', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-down')]);
		const bare = (failed: number) => {
			const errors = URLS.slice(0, failed).map((url) => ({ url, error: 'blocked' }));
			const { status: _status, ...data } = jobDetail('', { errors, total: 2 }).data;
			return { success: true, data };
		};
		answer(rec, 'get', '/jobs/job-down', (_, i) => [200, bare(Math.min(i + 1, 2))], {
			times: 100,
		});

		const { items, error } = await runNode(batchScrape({}, { maxWait: 2 }));

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-down')).toHaveLength(2);
		expect(items.map((i) => i.json)).toEqual(
			URLS.slice(0, 2).map((url) => ({
				jobId: 'job-down',
				status: 'COMPLETED',
				url,
				error: 'blocked',
				success: false,
			})),
		);
	});

	test('a status of null reads as none; answers missing their data or paging keep the wait going', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-odd')]);
		const done = jobDetail('', { results: [{ url: URLS[0] }] });
		const odd = [
			{ success: true },
			{ success: true, data: { results: [] } },
			{ success: true, data: { ...done.data, status: null } },
		];
		answer(rec, 'get', '/jobs/job-odd', (_, i) => [200, odd[i]], { times: 3 });

		const { items, error } = await runNode(batchScrape());

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-odd')).toHaveLength(3);
		expect(items.map((i) => i.json.url)).toEqual([URLS[0]]);
	});

	test('two input items: each job result is paired to the item that started it', async () => {
		const rec = new Recorder();
		accountScope(rec, { concurrency: 5, rateLimitPerMinute: 6000 });
		answer(
			rec,
			'post',
			'/batch/scrape',
			(seen) => [
				200,
				created((seen.body as { urls: string[] }).urls[0].endsWith('a') ? 'job-a' : 'job-b'),
			],
			{
				times: 2,
			},
		);
		answer(
			rec,
			'get',
			'/jobs/job-a',
			(_, i) => [
				200,
				i < 2
					? jobDetail('RUNNING')
					: jobDetail('COMPLETED', { results: [{ n: 'a1' }, { n: 'a2' }] }),
			],
			{
				times: 4,
			},
		);
		answer(
			rec,
			'get',
			'/jobs/job-b',
			() => [200, jobDetail('COMPLETED', { results: [{ n: 'b1' }] })],
			{ times: 2 },
		);

		const { items, error } = await runNode({
			type: 'webDataScrape',
			parameters: {
				operation: 'batchScrape',
				urls: '={{ $json.url }}',
				options: { pollInterval: FAST_POLL_S },
			},
			items: [{ url: 'https://x.example/a' }, { url: 'https://x.example/b' }],
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.n, i.pairedItem])).toEqual([
			['a1', { item: 0 }],
			['a2', { item: 0 }],
			['b1', { item: 1 }],
		]);
	});

	test('a completed job with nothing to show still yields one item', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-empty')]);
		answer(rec, 'get', '/jobs/job-empty', () => [200, jobDetail('COMPLETED')], { times: 2 });
		const { items, error } = await runNode(batchScrape());
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ jobId: 'job-empty', status: 'COMPLETED' });
	});

	test('a start answer without a job ID fails at once, naming the operation; nothing is polled', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, { success: true, data: { jobId: 'job-x' } }], {
			times: 2,
		});
		answer(rec, 'get', /^\/jobs/, () => [200, jobDetail('RUNNING')], { times: 100 });

		const { items, error } = await runNode(batchScrape({}, { maxWait: 1 }));

		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'The Web Data API returned no job ID for the started Batch Scrape job',
		);
		expect(rec.seen.filter((s) => s.method === 'GET')).toEqual([]);

		const failed = await runNode({ ...batchScrape({}, { maxWait: 1 }), continueOnFail: true });
		expect(failed.items.map((i) => [i.json.error, i.pairedItem])).toEqual([
			[error!.message, { item: 0 }],
		]);
		expect(rec.seen.filter((s) => s.method === 'GET')).toEqual([]);
	});

	test('FAILED: NodeApiError naming the job ID and each of its errors', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-f')]);
		answer(
			rec,
			'get',
			'/jobs/job-f',
			(_, i) => [
				200,
				i === 0
					? jobDetail('RUNNING')
					: jobDetail('FAILED', {
							errors: [
								{ url: URLS[0], error: 'blocked by robots.txt' },
								{ error: 'quota exceeded' },
							],
						}),
			],
			{ times: 2 },
		);

		const { items, error } = await runNode(batchScrape());

		expect(items).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toMatch(/\bjob-f\b.*\bFAILED\b/);
		expect(error!.message).toMatch(
			new RegExp(`FAILED: ${URLS[0]} blocked by robots\\.txt; quota exceeded$`),
		);
		expect(error!.description).toContain('job-f');
		expect(error!.description).toContain('2 error(s)');
	});

	test('FAILED with odd errors: entries that are not objects skipped, an object error as its message or JSON', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-fx')]);
		const errors = [
			null,
			'quota exceeded',
			{ url: URLS[0], error: { message: 'blocked by robots.txt' } },
			{ url: URLS[1], error: { code: 'E_QUOTA' } },
			{ url: URLS[2], error: { trace: 'x'.repeat(10_000) } },
		];
		answer(rec, 'get', '/jobs/job-fx', () => [
			200,
			{ success: true, data: { status: 'FAILED', errors, results: [], result: null } },
		]);

		const { error } = await runNode(batchScrape());

		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toMatch(
			new RegExp(
				`^Job job-fx ended FAILED: ${URLS[0]} blocked by robots\\.txt; ${URLS[1]} \\{"code":"E_QUOTA"\\}; ${URLS[2]} \\{"trace":"x+$`,
			),
		);
		expect(error!.message.length).toBeLessThan(1000);
		expect(error!.description).toContain('3 error(s)');
	});

	test('FAILED without errors listed: nothing made up after the status', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-f0')]);
		answer(rec, 'get', '/jobs/job-f0', () => [200, { success: true, data: { status: 'FAILED' } }]);

		const { error } = await runNode(batchScrape());

		expect(error!.message).toMatch(/\bjob-f0\b.*\bFAILED$/);
		expect(error!.description).toContain('0 error(s)');
	});

	test('FAILED under Continue On Fail: an error item paired to the input item', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-f2')]);
		answer(rec, 'get', '/jobs/job-f2', () => [
			200,
			jobDetail('FAILED', { errors: [{ url: URLS[1], error: 'timeout' }] }),
		]);

		const { items, error } = await runNode({ ...batchScrape(), continueOnFail: true });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(String(items[0].json.error)).toContain('job-f2');
		expect(String(items[0].json.error)).toContain('timeout');
		// The job's state in a field of its own: no HTTP code was involved (every poll was a 200).
		expect(items[0].json.jobStatus).toBe('failed');
		expect(items[0].json).not.toHaveProperty('httpCode');
	});

	test('CANCELLED under Continue On Fail: jobStatus "cancelled", no httpCode', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-c2')]);
		answer(rec, 'get', '/jobs/job-c2', () => [200, jobDetail('Cancelled')]);

		const { items } = await runNode({ ...batchScrape(), continueOnFail: true });

		expect(items.map((i) => [i.json.jobStatus, i.json.httpCode])).toEqual([
			['cancelled', undefined],
		]);
	});

	test('CANCELED, as American English spells it, ends the wait as CANCELLED', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-us')]);
		answer(rec, 'get', '/jobs/job-us', () => [200, jobDetail('canceled')], { times: 100 });

		const { items } = await runNode({ ...batchScrape({}, { maxWait: 1 }), continueOnFail: true });

		expect(rec.to('/jobs/job-us')).toHaveLength(1);
		expect(items.map((i) => [i.json.error, i.json.jobStatus])).toEqual([
			['Job job-us ended CANCELLED', 'cancelled'],
		]);
	});

	test('CANCELLED: NodeApiError naming the job ID, and nothing after when no error was given', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-c')]);
		answer(rec, 'get', '/jobs/job-c', () => [200, jobDetail('CANCELLED')]);

		const { error } = await runNode(batchScrape());

		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toMatch(/\bjob-c\b.*\bCANCELLED$/);
		expect(error!.httpCode ?? undefined).toBeUndefined();
		expect(error!.context).toMatchObject({ jobStatus: 'cancelled' });
	});

	test('past Max Wait: an error that names the job ID and points to Job > Get', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-slow')]);
		answer(rec, 'get', '/jobs/job-slow', () => [200, jobDetail('RUNNING')], { times: 100 });

		const {
			result: { error },
			elapsed: took,
		} = await onFakeClock(() => runNode(batchScrape({}, { maxWait: 0.4 })));

		expect(error).toBeDefined();
		expect(error!.message).toContain('job-slow');
		expect(error!.message).toMatch(/still RUNNING after \d+ s \(Max Wait\)/);
		expect(`${error!.message} ${error!.description}`).toMatch(/Job > Get/);
		expect(took).toBeGreaterThanOrEqual(380);
		expect(took).toBeLessThan(2000);
		// Exactly at Max Wait: the last sleep is cut to what is left of it.
		expect(took).toBeLessThan(400 + 50);
		expect(rec.to('/jobs/job-slow').length).toBeGreaterThanOrEqual(2);
	});

	test('a poll failing past Max Wait is not retried beyond it: its error comes at Max Wait', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-down')]);
		answer(rec, 'get', '/jobs/job-down', () => [503, { error: 'busy' }, { 'Retry-After': '120' }], {
			times: 10,
		});

		const {
			result: { error },
			elapsed,
		} = await onFakeClock(() => runNode(batchScrape({}, { maxWait: 10, pollInterval: 1 })));

		expect(error!.message).toMatch(/HTTP 503.*busy/);
		// Six attempts two minutes apart would end after ten minutes.
		expect(elapsed).toBeLessThanOrEqual(10_000);
		expect(rec.to('/jobs/job-down')).toHaveLength(1);
	});

	test('a poll failing within Max Wait is retried as any read is', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-blip')]);
		answer(
			rec,
			'get',
			'/jobs/job-blip',
			(_, i) =>
				i === 0 ? [503, { error: 'busy' }, { 'Retry-After': '2' }] : [200, jobDetail('COMPLETED')],
			{ times: 3 },
		);

		const {
			result: { error, items },
		} = await onFakeClock(() => runNode(batchScrape({}, { maxWait: 10, pollInterval: 1 })));

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ jobId: 'job-blip', status: 'COMPLETED' });
	});

	test('a long job is polled at least every 10 s, and not much more often late on', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-long')]);
		answer(rec, 'get', '/jobs/job-long', () => [200, jobDetail('RUNNING')], { times: 1000 });

		const { error } = (
			await onFakeClock(() => runNode(batchScrape({}, { pollInterval: 1, maxWait: 300 })))
		).result;

		expect(error!.message).toMatch(/after 300 s \(Max Wait\)/);
		const times = [rec.to('/batch/scrape')[0].at, ...rec.to('/jobs/job-long').map((p) => p.at)];
		const gaps = times.slice(1).map((at, k) => at - times[k]);
		expect(Math.max(...gaps)).toBeLessThanOrEqual(10_000 + 2);
		// Five minutes: most of it at the 10 s ceiling, not at the 1 s Poll Interval.
		expect(gaps.length).toBeLessThan(45);
		expect(gaps.length).toBeGreaterThan(25);
	});

	test('a Poll Interval above 10 s is kept: the job is never polled sooner', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-calm')]);
		answer(rec, 'get', '/jobs/job-calm', () => [200, jobDetail('RUNNING')], { times: 100 });

		await onFakeClock(() => runNode(batchScrape({}, { pollInterval: 30, maxWait: 200 })));

		const times = [rec.to('/batch/scrape')[0].at, ...rec.to('/jobs/job-calm').map((p) => p.at)];
		const gaps = times.slice(1).map((at, k) => at - times[k]);
		expect(gaps.length).toBeGreaterThanOrEqual(4);
		// The last poll may come early: Max Wait cuts the sleep before it.
		for (const gap of gaps.slice(0, -1)) expect(gap).toBeGreaterThanOrEqual(30_000 - 2);
	});

	test('a status the service writes in lower case ends the wait as well', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-lc')]);
		answer(
			rec,
			'get',
			'/jobs/job-lc',
			(_, i) => [
				200,
				i === 0
					? jobDetail('running')
					: jobDetail('completed', { results: [{ url: URLS[0], markdown: '# One' }] }),
			],
			{ times: 5 },
		);

		const { items, error } = await runNode(batchScrape());

		expect(error).toBeUndefined();
		expect(rec.to('/jobs/job-lc')).toHaveLength(2);
		expect(items.map((i) => i.json.url)).toEqual([URLS[0]]);
	});

	test('Wait for Completion off: returns the creation response and never polls', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-nowait')]);
		const polls = answer(rec, 'get', '/jobs/job-nowait', () => [200, jobDetail('COMPLETED')]);

		// A minute passes on the fake clock after the run: a poll scheduled by then would have fired.
		const { items, error } = (
			await onFakeClock(async () => {
				const result = await runNode(batchScrape({ waitForCompletion: false }));
				await sleep(60_000);
				return result;
			})
		).result;

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([created('job-nowait')]);
		expect(polls.isDone()).toBe(false);
		expect(rec.to('/jobs/job-nowait')).toHaveLength(0);
	});

	test('a per-job webhook object is passed through as given', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-w')]);
		const webhook = {
			url: 'https://hooks.example/x',
			headers: { 'x-token': 't' },
			metadata: { run: 7 },
			events: ['completed'],
		};
		await runNode(batchScrape({ waitForCompletion: false }, { webhook: JSON.stringify(webhook) }));
		expect(rec.to('/batch/scrape')[0].body).toMatchObject({ urls: URLS, webhook });
	});
});

describe('the execution cancel signal', () => {
	test('stopping the execution aborts the wait at once: no poll after it', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/batch/scrape', () => [200, created('job-stop')]);
		answer(rec, 'get', '/jobs/job-stop', () => [200, jobDetail('RUNNING')], { times: 100 });
		const executions = watchExecutions();
		try {
			// On the fake clock: "at once" means no time passes between the cancel and the end.
			await onFakeClock(async () => {
				const started = Date.now();
				// Poll every 0.3 s (growing), Max Wait 30 s: without the signal this runs for 30 s.
				const running = runNode(batchScrape({}, { pollInterval: 0.3, maxWait: 30 }));
				await waitFor(() => rec.to('/jobs/job-stop').length === 1, { intervalMs: 5 });
				executions.cancelLatest();
				const cancelledAt = Date.now();
				const { run } = await running;
				const finishedAt = Date.now();
				expect(run.status).toBe('canceled');
				await sleep(600); // a poll that was still scheduled would arrive by now (next gap: 450 ms)

				expect(finishedAt - cancelledAt).toBeLessThan(250);
				expect(finishedAt - started).toBeLessThan(2000);
				expect(rec.to('/jobs/job-stop')).toHaveLength(1);
			});
		} finally {
			executions.restore();
		}
	});
});

describe('Extract waits for its job', () => {
	test('returns data.extracted and tokenUsage after PENDING -> RUNNING -> COMPLETED', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/extract', () => [
			200,
			{ id: 'ex-1', status: 'PENDING', url: '/extract/ex-1' },
		]);
		const extracted = { company: 'Acme', tiers: ['Free', 'Pro'] };
		const tokenUsage = { inputTokens: 1200, outputTokens: 80 };
		answer(
			rec,
			'get',
			'/extract/ex-1',
			(_, i) => {
				if (i === 0) return [200, { id: 'ex-1', status: 'PENDING' }];
				if (i === 1)
					return [200, { id: 'ex-1', status: 'RUNNING', startedAt: '2026-01-01T00:00:00.000Z' }];
				return [
					200,
					{
						id: 'ex-1',
						status: 'COMPLETED',
						data: { extracted, tokenUsage },
						startedAt: '2026-01-01T00:00:00.000Z',
						completedAt: '2026-01-01T00:00:09.000Z',
					},
				];
			},
			{ times: 3 },
		);

		const { items, error } = await runNode({
			type: 'webDataExtract',
			parameters: {
				operation: 'extract',
				prompt: 'Company and pricing tiers',
				options: { urls: 'https://acme.example', pollInterval: FAST_POLL_S },
			},
		});

		expect(error).toBeUndefined();
		expect(rec.to('/extract/ex-1')).toHaveLength(3);
		expect(rec.to('/extract', 'POST')[0].body).toMatchObject({
			prompt: 'Company and pricing tiers',
			urls: ['https://acme.example'],
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: 'ex-1', status: 'COMPLETED', extracted, tokenUsage });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('FAILED extract: NodeApiError with the job ID', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/extract', () => [
			200,
			{ id: 'ex-f', status: 'PENDING', url: '/extract/ex-f' },
		]);
		answer(rec, 'get', '/extract/ex-f', () => [
			200,
			{ id: 'ex-f', status: 'FAILED', error: 'model overloaded' },
		]);
		const { error } = await runNode({
			type: 'webDataExtract',
			parameters: {
				operation: 'extract',
				prompt: 'x',
				// Extract needs URLs or Enable Web Search: it is refused before sending without.
				options: { urls: 'https://acme.example', pollInterval: FAST_POLL_S },
			},
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error!.message).toContain('ex-f');
		expect(error!.message).toContain('model overloaded');
	});

	test('FAILED extract with an error object: its message, not [object Object]', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/extract', () => [200, created('ex-o')]);
		answer(rec, 'get', '/extract/ex-o', () => [
			200,
			{ id: 'ex-o', status: 'FAILED', error: { message: 'model overloaded', code: 503 } },
		]);
		const { error } = await runNode({
			type: 'webDataExtract',
			parameters: {
				operation: 'extract',
				prompt: 'x',
				options: { urls: 'https://acme.example', pollInterval: FAST_POLL_S },
			},
		});
		expect(error!.message).toBe('Job ex-o ended FAILED: model overloaded');
	});
});

describe('Brand AI > Extract Products waits for its job', () => {
	test('polls GET /jobs/{id} with the id from data.id and returns one item per product', async () => {
		const rec = new Recorder();
		answer(rec, 'post', '/brand/ai/products', () => [
			200,
			{
				success: true,
				data: { success: true, id: 'prod-1', status: 'PENDING', domain: 'shop.example', limit: 2 },
			},
		]);
		answer(
			rec,
			'get',
			'/jobs/prod-1',
			(_, i) => [
				200,
				i === 0
					? jobDetail('RUNNING')
					: jobDetail('COMPLETED', {
							results: [
								{ name: 'Mug', price: 9 },
								{ name: 'Cap', price: 15 },
							],
						}),
			],
			{ times: 3 },
		);

		const { items, error } = await runNode({
			type: 'webDataBrandAi',
			parameters: {
				operation: 'extractProducts',
				domain: 'shop.example',
				options: { limit: 2, pollInterval: FAST_POLL_S },
			},
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ name: 'Mug', price: 9, jobId: 'prod-1', status: 'COMPLETED' },
			{ name: 'Cap', price: 15, jobId: 'prod-1', status: 'COMPLETED' },
		]);
	});
});
