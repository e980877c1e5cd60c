/**
 * The API key in any form an answer may carry, through n8n-core's engine: an error body, a
 * header or a successful answer holding the key as is, JSON-escaped, percent-encoded, or in
 * base64 / base64url at any offset (alone or as `Bearer <key>`). Nothing the node outputs, throws
 * (message, description, stack, errorResponse, cause, context) or logs holds the key in any of
 * those forms. A property test over random keys and contexts (seeded: the same cases every run),
 * and the two findings of issue 28 by name.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import nock from 'nock';

import { base64Cores } from '../../nodes/shared/transport/errors';
import { ACCOUNT_BODY, mockApi, useNock } from '../helpers/http';
import { random, type Random } from '../helpers/random';
import { API_KEY, BASE_URL, runNode, type RunNodeResult } from '../helpers/runNode';

useNock();

// The logger is made at its first use: at level debug, so that no level is an unwatchable no-op.
beforeAll(() => {
	process.env.N8N_LOG_LEVEL = 'debug';
	expect(Object.hasOwn(Container.get(Logger), 'debug')).toBe(false);
});

const PROFILE = { operation: 'getProfile', url: 'https://acme.com' };

const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** Every string in `value`, names included; an Error's message and stack. */
function stringsIn(value: unknown, into: string[] = [], seen = new Set<unknown>()): string[] {
	if (typeof value === 'string') into.push(value);
	if (typeof value !== 'object' || value === null || seen.has(value)) return into;
	seen.add(value);
	if (value instanceof Error) into.push(value.message, value.stack ?? '');
	for (const name of Object.getOwnPropertyNames(value)) {
		into.push(name);
		stringsIn((value as Record<string, unknown>)[name], into, seen);
	}
	return into;
}

/** `text` with every run of %XX decoded as UTF-8. */
const percentDecoded = (text: string) =>
	text.replace(/(?:%[0-9a-f]{2})+/gi, (run) =>
		Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8'),
	);

/** The forms of `key` that must never come out, lower-cased (the masks ignore letter case). */
function forbiddenForms(key: string): string[] {
	const cores = [...base64Cores(key), ...base64Cores(`Bearer ${key}`)];
	const forms = [key, ...cores, ...cores.map((c) => c.replace(/\+/g, '-').replace(/\//g, '_'))];
	return forms.map((form) => form.toLowerCase());
}

/** The strings in `text` that hold `key` in a forbidden form (none, we expect). */
function leaks(strings: string[], key: string): string[] {
	const forms = forbiddenForms(key);
	return strings.filter((text) => {
		const lower = text.toLowerCase();
		const decoded = percentDecoded(text).toLowerCase();
		return forms.some((form) => lower.includes(form) || decoded.includes(form));
	});
}

/** What the node threw, output and logged, as strings. */
function everything(result: RunNodeResult, logged: unknown[]): string[] {
	const { error } = result;
	return [
		...stringsIn(result.items),
		...stringsIn(
			error && {
				message: error.message,
				description: error.description,
				stack: error.stack,
				errorResponse: (error as { errorResponse?: unknown }).errorResponse,
				cause: error.cause,
				context: error.context,
				messages: (error as { messages?: unknown }).messages,
			},
		),
		...stringsIn(logged),
	];
}

/** Every call of n8n's logger during the test, at any level (the file runs at level debug). */
const logged: unknown[] = [];

beforeEach(() => {
	logged.length = 0;
	const logger = Container.get(Logger);
	for (const level of ['debug', 'info', 'warn', 'error'] as const)
		jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
			logged.push(args);
		});
});

afterEach(() => jest.restoreAllMocks());

// ---- the generated cases --------------------------------------------------------------------

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.~+/=!*"\\';
const CONTEXT_CHARS = 'abcXYZ019 _-+/=:{}[]"\\\n\té€😀';

function text(rng: Random, chars: string, min: number, max: number): string {
	const glyphs = [...chars];
	return Array.from({ length: rng.int(min, max) }, () => rng.pick(glyphs)).join('');
}

const hex = (char: string, upper: boolean) =>
	[...Buffer.from(char)]
		.map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
		.map((code) => (upper ? code.toUpperCase() : code))
		.join('');

const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A form of the key: the text placed, and its spelling inside a JSON string (escapes kept). */
interface Form {
	name: string;
	plain: string;
	json: string;
}

const asJson = (plain: string) => JSON.stringify(plain).slice(1, -1);

function keyForm(rng: Random, key: string): Form {
	const kind = rng.pick([
		'raw',
		'json \\u escapes',
		'some json escapes',
		'percent-encoded',
		'base64',
		'base64url',
	] as const);
	if (kind === 'raw') return { name: kind, plain: key, json: asJson(key) };
	if (kind === 'json \\u escapes')
		return { name: kind, plain: key, json: [...key].map(unicodeEscape).join('') };
	if (kind === 'some json escapes') {
		const json = [...key].map((c) => (rng.next() < 0.4 ? unicodeEscape(c) : asJson(c))).join('');
		return { name: kind, plain: key, json };
	}
	if (kind === 'percent-encoded') {
		const upper = rng.next() < 0.5;
		const plain = [...key]
			.map((c) => (/[a-z0-9]/i.test(c) && rng.next() < 0.5 ? c : hex(c, upper)))
			.join('');
		return { name: kind, plain, json: asJson(plain) };
	}
	const secret = rng.next() < 0.5 ? `Bearer ${key}` : key;
	const wrapped = `${text(rng, CONTEXT_CHARS, 0, 5)}${secret}${text(rng, CONTEXT_CHARS, 0, 5)}`;
	const plain = kind === 'base64' ? b64(wrapped) : b64url(wrapped);
	return { name: `${kind} of ${secret === key ? 'key' : 'Bearer key'}`, plain, json: plain };
}

type Reply = [status: number, body: string, headers: Record<string, string>];

const PLACEMENTS = {
	'JSON error body': (f: Form, status: number): Reply => [
		status,
		`{"success":false,"error":"Refused ${f.json} here","detail":{"${f.json}":["${f.json}"]}}`,
		{ 'content-type': 'application/json' },
	],
	'text error body': (f: Form, status: number): Reply => [
		status,
		`Denied: ${f.plain}`,
		{ 'content-type': 'text/plain' },
	],
	'successful answer': (f: Form): Reply => [
		200,
		`{"success":true,"data":{"status":"ok","code":200,"echo":"x ${f.json}","${f.json}":{"list":["${f.json}",1]}}}`,
		{ 'content-type': 'application/json' },
	],
	'2xx answer with success false': (f: Form): Reply => [
		200,
		`{"success":false,"error":{"message":"${f.json}"}}`,
		{ 'content-type': 'application/json' },
	],
	'answer that is not JSON': (f: Form): Reply => [200, `<html>${f.plain}</html>`, {}],
	'redirect to it': (f: Form): Reply => [
		302,
		'',
		{ location: `https://${encodeURIComponent(f.plain)}.example/${f.plain}?k=${f.plain}` },
	],
} as const;

const STATUSES = [400, 401, 402, 403, 404, 409, 422, 500, 502, 503];

describe('the key in any form, anywhere in an answer (property)', () => {
	const CASES = 300;

	test(`${CASES} random keys, forms and places: nothing output, thrown or logged holds the key`, async () => {
		const rng = random(28);
		const failures: string[] = [];
		for (let n = 0; n < CASES; n++) {
			const key = `bc_${text(rng, KEY_CHARS, 8, 40)}`;
			const form = keyForm(rng, key);
			const placement = rng.pick(Object.keys(PLACEMENTS) as Array<keyof typeof PLACEMENTS>);
			const [status, body, headers] = PLACEMENTS[placement](form, rng.pick(STATUSES));
			const inHeader = rng.next() < 0.5;
			const continueOnFail = rng.next() < 0.5;
			const api = mockApi((request) =>
				request.path === '/account'
					? [200, ACCOUNT_BODY]
					: [status, body, { ...headers, ...(inHeader ? { 'x-echo': form.plain } : {}) }],
			);
			logged.length = 0;
			const result = await runNode({
				type: 'webDataBrand',
				parameters: PROFILE,
				credentials: { apiKey: key, baseUrl: BASE_URL },
				continueOnFail,
			});
			const sent = api.apiRequests()[0]?.headers.authorization;
			const found = leaks(everything(result, logged), key);
			if (sent !== `Bearer ${key}` || found.length > 0)
				failures.push(
					`#${n} ${JSON.stringify(key)} as ${form.name} in ${placement} (HTTP ${status}${inHeader ? ', header' : ''}): ${sent === `Bearer ${key}` ? found.join(' | ').slice(0, 300) : `sent ${sent}`}`,
				);
			nock.cleanAll();
			nock.emitter.removeAllListeners('no match');
		}
		expect(failures).toEqual([]);
	});
});

describe('the findings of issue 28', () => {
	test('an error body holding the key as JSON \\u escapes: masked in message and errorResponse', async () => {
		const escaped = [...API_KEY].map(unicodeEscape).join('');
		mockApi((request) =>
			request.path === '/account'
				? [200, ACCOUNT_BODY]
				: [403, `{"success":false,"error":"Key ${escaped} may not do this"}`],
		);
		const { error } = await runNode({ type: 'webDataBrand', parameters: PROFILE });
		expect(error?.message).toBe(
			'The Web Data API key may not do this (HTTP 403): Key bc_*** may not do this',
		);
		expect((error as { errorResponse?: unknown }).errorResponse).toEqual({
			success: false,
			error: 'Key bc_*** may not do this',
		});
		expect(error?.stack).not.toContain(API_KEY);
	});

	test('base64("Bearer " + key) at offset 1 of an answer: masked in the output', async () => {
		const echo = b64(`xBearer ${API_KEY}!`);
		mockApi((request) =>
			request.path === '/account'
				? [200, ACCOUNT_BODY]
				: [200, { success: true, data: { status: 'ok', code: 200, echo } }],
		);
		const { items, error } = await runNode({ type: 'webDataBrand', parameters: PROFILE });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			success: true,
			data: { status: 'ok', code: 200, echo: 'eEbc_***Yh' },
		});
	});

	test('an answer without the key comes out exactly as sent, escapes decoded', async () => {
		mockApi((request) =>
			request.path === '/account'
				? [200, ACCOUNT_BODY]
				: [200, '{"success":true,"data":{"a":"line\\nbreak \\u00e9","bc_":["\\"q\\""]}}'],
		);
		const { items } = await runNode({ type: 'webDataBrand', parameters: PROFILE });
		expect(items[0].json).toEqual({
			success: true,
			data: { a: 'line\nbreak é', bc_: ['"q"'] },
		});
	});
});
