/**
 * A stop reaches requests in flight, through real n8n-core against a loopback server that holds
 * its answers: cancelling the execution, or one item failing without Continue On Fail, aborts
 * every request still waiting for its answer at once, and the server sees their connections close.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { API_KEY, runNode, watchExecutions } from '../helpers/runNode';
import { sleep, waitFor } from '../../devkit/wait';
import { ACCOUNT_BODY } from '../helpers/http';

/** How long the server holds an answer: a run that waits for it has not stopped. */
const HOLD_MS = 10_000;
/** "At once": the run ends this long after the stop at most (n8n's own bookkeeping included). */
const PROMPT_MS = 1_500;

interface Held {
	domain: string;
	closedEarly: boolean;
}

let server: Server;
let baseUrl: string;
let held: Held[] = [];
/** Domains answered 400 at once, as soon as `failWhenHeld` other requests are held. */
let failing = new Set<string>();
let failWhenHeld = 0;
let timers: NodeJS.Timeout[] = [];
let holdMs = HOLD_MS;

function onRequest(req: IncomingMessage, res: ServerResponse): void {
	const url = new URL(req.url ?? '/', 'http://x');
	if (url.pathname === '/account') {
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(ACCOUNT_BODY));
		return;
	}
	const domain = url.searchParams.get('domain') ?? '';
	if (failing.has(domain)) {
		const answer = () => {
			if (held.length < failWhenHeld) return void timers.push(setTimeout(answer, 5));
			res.writeHead(400, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ success: false, error: `no brand for ${domain}` }));
		};
		answer();
		return;
	}
	const entry: Held = { domain, closedEarly: false };
	held.push(entry);
	res.on('close', () => {
		if (!res.writableFinished) entry.closedEarly = true;
	});
	timers.push(
		setTimeout(() => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ success: true, data: { brand: { domain } } }));
		}, holdMs),
	);
}

beforeAll(async () => {
	server = createServer(onRequest);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
	for (const timer of timers) clearTimeout(timer);
	timers = [];
	held = [];
	failing = new Set();
	failWhenHeld = 0;
	holdMs = HOLD_MS;
	server.closeAllConnections();
});

afterAll(async () => await new Promise((resolve) => server.close(resolve)));

function retrieveEach(domains: string[], continueOnFail = false) {
	return {
		type: 'webDataBrand',
		parameters: { operation: 'retrieve', domain: '={{ $json.domain }}' },
		items: domains.map((domain) => ({ domain })),
		credentials: { apiKey: API_KEY, baseUrl },
		continueOnFail,
	};
}

const SLOW = ['a.example', 'b.example', 'c.example', 'd.example'];

test('cancelling the execution aborts the requests in flight at once', async () => {
	const executions = watchExecutions();
	try {
		const started = Date.now();
		const running = runNode(retrieveEach(SLOW));
		await waitFor(() => held.length === SLOW.length, { timeoutMs: 5000 });
		const cancelledAt = Date.now();
		executions.cancelLatest();
		const { run } = await running;
		const endedAt = Date.now();

		expect(run.status).toBe('canceled');
		expect(endedAt - cancelledAt).toBeLessThan(PROMPT_MS);
		expect(endedAt - started).toBeLessThan(HOLD_MS / 2);
		// Every held request's connection was closed by the node, not answered.
		await waitFor(() => held.every((h) => h.closedEarly), { timeoutMs: PROMPT_MS });
		expect(held.map((h) => h.domain).sort()).toEqual(SLOW);
	} finally {
		executions.restore();
	}
});

test('one item failing without Continue On Fail aborts the others in flight at once', async () => {
	failing = new Set(['fail.example']);
	failWhenHeld = SLOW.length;
	const started = Date.now();
	const { items, error } = await runNode(retrieveEach([...SLOW, 'fail.example']));
	const endedAt = Date.now();

	expect(items).toEqual([]);
	expect(error?.message).toContain('no brand for fail.example');
	expect(error?.context?.itemIndex).toBe(4);
	expect(endedAt - started).toBeLessThan(HOLD_MS / 2);
	await waitFor(() => held.every((h) => h.closedEarly), { timeoutMs: PROMPT_MS });
	expect(held).toHaveLength(SLOW.length);
});

test('with Continue On Fail the failure stops nothing: the others get their answers', async () => {
	failing = new Set(['fail.example']);
	failWhenHeld = SLOW.length;
	holdMs = 1_500;
	const running = runNode(retrieveEach([...SLOW, 'fail.example'], true));
	await waitFor(() => held.length === SLOW.length, { timeoutMs: 5000 });
	// The failure has been answered; the others are still held and still open.
	await sleep(300);
	expect(held.some((h) => h.closedEarly)).toBe(false);
	const { items } = await running;
	expect(items).toHaveLength(SLOW.length + 1);
	expect(items[4].json.error).toBeDefined();
	expect(held.some((h) => h.closedEarly)).toBe(false);
});
