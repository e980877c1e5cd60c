/**
 * The sandbox's HTTP server and its programmatic API. An API request goes through: auth (401),
 * the plan's rate and concurrency limits (429), latency, failure injection, routing (404/405),
 * validation with the nodes' table (400), then its handler (which spends credits: 402).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { EndpointId } from '../contract';

import { createAdminJob, ADMIN_PREFIX, handleAdmin } from './admin';
import type { AdminJobInput } from './admin';
import { authenticate } from './auth';
import { defaultConfig, mergeConfig } from './config';
import type { SandboxConfig, SandboxConfigOverrides } from './config';
import { SandboxCore } from './core';
import { injectedFailure } from './faults';
import { HANDLERS } from './handlers';
import { delay, errorReply, HttpError, parseJsonBody, queryObject, readBody, send } from './http';
import type { Reply } from './http';
import { requestKind } from './limits';
import { matchRoute } from './router';
import { RESPONSE_SCHEMAS } from '../contract/schemas';
import type { Job, RequestRecord, SandboxState } from './state';
import { validateRequest } from './validate';

export const HOST = '127.0.0.1';
const MAX_REQUEST_LOG = 10000;

export interface SandboxHandle {
	/** `http://127.0.0.1:PORT`, without a trailing slash. */
	baseUrl: string;
	port: number;
	/** The first configured key (the demo key unless configured otherwise). */
	apiKey: string;
	/** The live state: account, jobs, webhooks, request log, deliveries. */
	state: SandboxState;
	readonly config: SandboxConfig;
	core: SandboxCore;
	/** Back to the seeds and the starting config, with `overrides` applied (like POST /__sandbox/reset). */
	reset(overrides?: SandboxConfigOverrides): void;
	/** Changes knobs now (like PATCH /__sandbox/config). */
	setConfig(overrides: SandboxConfigOverrides): SandboxConfig;
	/** Starts a job that runs to its terminal state (like POST /__sandbox/jobs). */
	createJob(input: AdminJobInput): Job;
	/** Resolves when every webhook delivery started so far has finished. */
	settled(): Promise<void>;
	close(): Promise<void>;
}

/**
 * Starts a sandbox on 127.0.0.1. `config.port` defaults to 0 here (a free port), so parallel
 * test files never collide; the CLI defaults to 5680.
 */
export async function startSandbox(config: SandboxConfigOverrides = {}): Promise<SandboxHandle> {
	const core = new SandboxCore(mergeConfig({ ...defaultConfig(), port: 0 }, config));
	const server = http.createServer((req, res) => {
		handle(core, req, res).catch((error) => {
			if (!res.headersSent)
				send(res, errorReply(500, `Sandbox error: ${(error as Error).message}`));
			else res.destroy();
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(core.config.port, HOST, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	let closing: Promise<void> | undefined;
	return {
		baseUrl: `http://${HOST}:${port}`,
		port,
		apiKey: core.config.apiKeys[0],
		state: core.state,
		get config() {
			return core.config;
		},
		core,
		reset: (overrides) => core.reset(overrides),
		setConfig: (overrides) => core.setConfig(overrides),
		createJob: (input) => createAdminJob(core, input),
		settled: () => core.settled(),
		close: () => {
			closing ??= new Promise<void>((resolve) => {
				core.close();
				server.close(() => resolve());
				server.closeAllConnections();
			});
			return closing;
		},
	};
}

async function handle(
	core: SandboxCore,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<void> {
	const url = new URL(req.url ?? '/', `http://${HOST}`);
	const method = (req.method ?? 'GET').toUpperCase();
	const bodyRead = await readBody(req);
	const parsed = bodyRead.ok ? parseJsonBody(bodyRead.text) : undefined;

	if (url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`)) {
		let reply: Reply;
		if (!parsed) reply = errorReply(413, 'The request body is too large');
		else if (!parsed.ok) reply = errorReply(400, parsed.error);
		else
			reply = tryReply(() =>
				handleAdmin(core, method, url.pathname.slice(ADMIN_PREFIX.length) || '/', parsed.value),
			);
		return send(res, reply);
	}

	const query = queryObject(url.searchParams);
	const record: RequestRecord = {
		method,
		path: url.pathname,
		query,
		body: parsed?.ok ? (parsed.value ?? null) : bodyRead.ok ? bodyRead.text : '(too large)',
		status: 0,
		at: new Date().toISOString(),
		ms: 0,
	};
	const log = core.state.requests;
	log.push(record);
	if (log.length > MAX_REQUEST_LOG) log.shift();
	const respond = (reply: Reply) => {
		record.status = reply.status;
		record.ms = Date.now() - Date.parse(record.at);
		send(res, reply);
	};

	const auth = authenticate(req.headers.authorization, core.config.apiKeys);
	if (!auth.ok) return respond(errorReply(401, auth.message, { 'www-authenticate': 'Bearer' }));

	const admission = core.limiter.admit(core.config, requestKind(method, url.pathname));
	if (!admission.ok)
		return respond(
			errorReply(429, admission.message, { 'retry-after': String(admission.retryAfterS) }),
		);
	try {
		await admission.started;
		const usageAtArrival = core.config.usageAt === 'arrival' ? core.usage() : undefined;
		if (core.config.latencyMs > 0) await delay(core.config.latencyMs);
		const injected = injectedFailure(core, url.pathname, Math.random, query);
		if (injected) return respond(injected);
		if (!parsed) return respond(errorReply(413, 'The request body is too large'));
		const match = matchRoute(method, url.pathname);
		if (!match.found) {
			return respond(
				match.status === 405
					? errorReply(
							405,
							`Method ${method} is not allowed on ${url.pathname} (allowed: ${match.allowed?.join(', ')})`,
							{ allow: match.allowed?.join(', ') ?? '' },
						)
					: errorReply(404, `No endpoint ${method} ${url.pathname}`),
			);
		}
		if (!parsed.ok) return respond(errorReply(400, parsed.error));
		const { route, params } = match;
		respond(
			tryReply(() => {
				const values = validateRequest(route.endpoint, params, query, parsed.value);
				const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
				const input = { params, query, body: parsed.value, values, origin, usageAtArrival };
				const reply = HANDLERS[route.id](core, input);
				return core.config.checkResponses ? checked(route.id, reply) : reply;
			}),
		);
	} finally {
		admission.release();
	}
}

function tryReply(fn: () => Reply): Reply {
	try {
		return fn();
	} catch (error) {
		if (error instanceof HttpError) return error.toReply();
		return errorReply(500, `Sandbox error: ${(error as Error).message}`);
	}
}

/** With `checkResponses`, a success that does not parse with its schema becomes a 500. */
function checked(id: EndpointId, reply: Reply): Reply {
	const schema = RESPONSE_SCHEMAS[id];
	if (reply.status >= 300) return reply;
	const result = schema.safeParse(reply.body);
	if (result.success) return reply;
	const issue = result.error.issues[0];
	return errorReply(
		500,
		`Sandbox response of ${id} does not match its schema: ${issue.path.join('.')} ${issue.message}`,
	);
}
