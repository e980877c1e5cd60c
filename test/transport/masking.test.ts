/**
 * The key's masks, exactly: every spelling maskSecret masks (as is, URL-encoded, base64 and
 * base64url of the key and of `Bearer <key>` at each of the 3 offsets), what maskParsed does to a
 * parsed answer, and every field maskError masks. The property test that runs the nodes is
 * keyForms.test.ts.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	base64Cores,
	maskError,
	maskParsed,
	maskSecret,
} from '../../nodes/shared/transport/errors';
import { ERROR_NODE as NODE } from '../helpers/runNode';

const KEY = 'bc_test_0123456789abcdef';
/** A key whose base64 holds `+` and `/`, so its base64url differs. */
const SYMBOL_KEY = 'bc_>>>???~~~';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');

describe('base64Cores', () => {
	test('each core is in the base64 of any text holding the key at that offset modulo 3', () => {
		const cores = base64Cores(KEY);
		for (let offset = 0; offset < 9; offset++) {
			const whole = b64(`${'#'.repeat(offset)}${KEY}${'?'.repeat(offset % 4)}`);
			expect(whole).toContain(cores[offset % 3]);
		}
	});
});

describe('maskSecret', () => {
	// The pattern of a key is built once per file and cached: each key's spellings are checked
	// in one test, so that the test which builds it sees every form.
	const SPELLINGS: Array<[string, string, string]> = [
		['as is', `key ${KEY}!`, 'key bc_***!'],
		['in another letter case', `key ${KEY.toUpperCase()}`, 'key bc_***'],
		['percent-encoded, any case', 'k=bc%5ftest%5F0123456789abcdef&x', 'k=bc_***&x'],
		['base64, alone', b64(KEY), 'bc_***'],
		['base64 at offset 0 of a longer text', b64(`${KEY}!`), 'bc_***IQ=='],
		['base64 at offset 1', b64(`x${KEY}!`), 'eGbc_***iE='],
		['base64 at offset 2', b64(`xy${KEY}!`), 'eHlbc_***Yh'],
		['Bearer <key> in base64, alone', b64(`Bearer ${KEY}`), 'bc_***'],
		['Bearer <key> at offset 0', b64(`Bearer ${KEY}!`), 'bc_***iE='],
		['Bearer <key> at offset 1', b64(`xBearer ${KEY}!`), 'eEbc_***Yh'],
		['Bearer <key> at offset 2', b64(`xyBearer ${KEY}!`), 'eHlbc_***IQ=='],
		['Bearer <key> in base64url at offset 1', b64url(`xBearer ${KEY}?>`), 'eEbc_***Y_Pg'],
	];

	test('every spelling of the key', () => {
		for (const [name, text, masked] of SPELLINGS)
			expect([name, maskSecret(text, KEY)]).toEqual([name, masked]);
	});

	const SYMBOL_SPELLINGS: Array<[string, string, string]> = [
		['base64 at offset 0', b64(`${SYMBOL_KEY}!`), 'bc_***IQ=='],
		['base64url at offset 0', b64url(`${SYMBOL_KEY}!`), 'bc_***IQ'],
		['base64 at offset 1', b64(`x${SYMBOL_KEY}!`), 'eGbc_***iE='],
		['base64url at offset 1', b64url(`x${SYMBOL_KEY}!`), 'eGbc_***iE'],
		['base64 at offset 2', b64(`xy${SYMBOL_KEY}!`), 'eHlbc_***4h'],
		['base64url at offset 2', b64url(`xy${SYMBOL_KEY}!`), 'eHlbc_***4h'],
		['base64url, alone', b64url(SYMBOL_KEY), 'bc_***'],
		['base64url of Bearer <key>, alone', b64url(`Bearer ${SYMBOL_KEY}`), 'bc_***'],
	];

	test('a key whose base64 has + and /: every spelling', () => {
		for (const [name, text, masked] of SYMBOL_SPELLINGS)
			expect([name, maskSecret(text, SYMBOL_KEY)]).toEqual([name, masked]);
	});

	test('the widest form is masked: the padding of a whole base64 and the Bearer prefix go too', () => {
		const key = 'bc_test_0123456789abcde';
		expect(b64(key).endsWith('=')).toBe(true);
		expect(maskSecret(`[${b64(key)}]`, key)).toBe('[bc_***]');
		expect(maskSecret(b64(`Bearer ${key}`), key)).toBe('bc_***');
	});

	test('a whole base64 without its padding is masked to its last character', () => {
		const key = 'bc_test_0123456789abcd';
		expect(b64(key).endsWith('==')).toBe(true);
		expect(maskSecret(`[${b64(key).replace(/=/g, '')}]`, key)).toBe('[bc_***]');
		expect(maskSecret(`[${b64url(`Bearer ${key}`)}]`, key)).toBe('[bc_***]');
	});

	test('two keys in one process: each masks its own spellings', () => {
		const other = 'bc_other_9876543210';
		expect(maskSecret(`${KEY} ${other}`, other)).toBe(`${KEY} bc_***`);
		expect(maskSecret(`${KEY} ${other}`, KEY)).toBe(`bc_*** ${other}`);
	});

	test('a one-character key masks that character only', () => {
		expect(maskSecret('a b c', 'b')).toBe('a bc_*** c');
	});

	test('every occurrence, and nothing else', () => {
		expect(maskSecret(`${KEY} and ${b64(KEY)}, not bc_test`, KEY)).toBe(
			'bc_*** and bc_***, not bc_test',
		);
		expect(maskSecret('nothing here', KEY)).toBe('nothing here');
		expect(maskSecret(`x ${KEY}`, '')).toBe(`x ${KEY}`);
	});
});

describe('maskParsed', () => {
	const mask = (text: string) => maskSecret(text, KEY);

	test('every string, at any depth, names included; the rest as it was, in place', () => {
		const parsed = JSON.parse(
			`{"a":"\\u0062c_test_0123456789abcdef","n":1,"t":true,"z":null,"list":["x ${KEY}",[{"${KEY}":"${b64(KEY)}"}]],"ok":"fine"}`,
		) as Record<string, unknown>;
		const result = maskParsed(parsed, mask);
		expect(result).toBe(parsed);
		expect(result).toEqual({
			a: 'bc_***',
			n: 1,
			t: true,
			z: null,
			list: ['x bc_***', [{ 'bc_***': 'bc_***' }]],
			ok: 'fine',
		});
	});

	test('the masked answer stays ordinary data: its fields can be changed and removed', () => {
		const parsed = JSON.parse(`{"${KEY}":"v","list":["${KEY}"]}`) as Record<string, unknown>;
		maskParsed(parsed, mask);
		parsed['bc_***'] = 'changed';
		(parsed.list as unknown[])[0] = 'changed';
		expect(parsed).toEqual({ 'bc_***': 'changed', list: ['changed'] });
		delete parsed['bc_***'];
		expect(parsed).toEqual({ list: ['changed'] });
	});

	test('a string answer is masked; numbers and null pass', () => {
		expect(maskParsed(`"${KEY}"`, mask)).toBe('"bc_***"');
		expect(maskParsed(5, mask)).toBe(5);
		expect(maskParsed(null, mask)).toBeNull();
	});

	test('a key named __proto__ after masking stays a plain own property', () => {
		const parsed = JSON.parse(`{"__proto__":{"polluted":"${KEY}"}}`) as Record<string, unknown>;
		maskParsed(parsed, mask);
		expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
		expect(JSON.stringify(parsed)).toBe('{"__proto__":{"polluted":"bc_***"}}');
	});

	test('nesting deeper than the stack allows recursion', () => {
		const depth = 200_000;
		const parsed = JSON.parse(`${'['.repeat(depth)}"${KEY}"${']'.repeat(depth)}`) as unknown;
		maskParsed(parsed, mask);
		let inner = parsed;
		for (let i = 0; i < depth; i++) inner = (inner as unknown[])[0];
		expect(inner).toBe('bc_***');
	});
});

describe('maskError', () => {
	const mask = (text: string) => maskSecret(text, KEY);

	test('message, stack, description, messages, context, errorResponse and extra', () => {
		const error = new NodeApiError(
			NODE,
			{ message: `echo ${KEY}`, nested: { deep: [b64(KEY)] } },
			{ message: `failed for ${KEY}`, description: `see ${KEY}`, httpCode: '400' },
		);
		error.messages = [`m ${KEY}`];
		error.context.key = KEY;
		(error as unknown as { extra: unknown }).extra = { key: KEY };
		expect(error.stack).toContain(KEY);

		const masked = maskError(error, mask);

		expect(masked).toBe(error);
		expect(masked.message).toBe('failed for bc_***');
		expect(masked.stack?.split('\n')[0]).toBe('NodeApiError: failed for bc_***');
		expect(masked.stack).not.toContain(KEY);
		expect(masked.description).toBe('see bc_***');
		expect(masked.messages).toEqual(['m bc_***']);
		expect(masked.context.key).toBe('bc_***');
		expect(masked.errorResponse).toEqual({
			message: 'echo bc_***',
			nested: { deep: ['bc_***'] },
		});
		expect((masked as unknown as { extra: unknown }).extra).toEqual({ key: 'bc_***' });
	});

	test('a stack that holds the key though the message does not', () => {
		const error = new Error('plain');
		error.stack = `Error: plain\n    at call (${KEY}.js:1:1)`;
		expect(maskError(error, mask).stack).toBe('Error: plain\n    at call (bc_***.js:1:1)');
	});

	test('an Error cause keeps its name and masked message only; another cause is masked JSON', () => {
		const cause = Object.assign(new TypeError(`bad ${KEY}`), { config: { key: KEY } });
		const wrapped = maskError(new NodeOperationError(NODE, cause), mask);
		expect(wrapped.cause).toBeInstanceOf(Error);
		expect((wrapped.cause as Error).name).toBe('TypeError');
		expect((wrapped.cause as Error).message).toBe('bad bc_***');
		expect(JSON.stringify(wrapped.cause)).not.toContain('config');
		expect(wrapped.message).toBe('bad bc_***');

		const plain = maskError(new Error('x', { cause: { key: [KEY] } }), mask);
		expect(plain.cause).toEqual({ key: ['bc_***'] });
	});

	test('a body with other values: numbers, booleans and null as they are, an Error as name and message, other objects as masked text', () => {
		class Signed {
			toString() {
				return `signed with ${KEY}`;
			}
		}
		const bare = Object.assign(Object.create(null) as Record<string, unknown>, { key: KEY });
		const error = new NodeApiError(NODE, { message: 'x' }, { message: 'y' });
		(error as unknown as { extra: unknown }).extra = {
			n: 1,
			t: true,
			z: null,
			failure: new TypeError(`no ${KEY}`),
			signer: new Signed(),
			bare,
		};
		expect((maskError(error, mask) as unknown as { extra: unknown }).extra).toEqual({
			n: 1,
			t: true,
			z: null,
			failure: { name: 'TypeError', message: 'no bc_***' },
			signer: 'signed with bc_***',
			bare: { key: 'bc_***' },
		});
	});

	test('a body nested deeper than 8 levels is cut there', () => {
		const error = new NodeApiError(NODE, { message: 'x' }, { message: 'y' });
		let nested: unknown = KEY;
		for (let i = 0; i < 9; i++) nested = i % 2 === 0 ? [nested] : { a: nested };
		(error as unknown as { extra: unknown }).extra = nested;
		// Eight levels are kept; what is below them is not walked.
		expect((maskError(error, mask) as unknown as { extra: unknown }).extra).toEqual([
			{ a: [{ a: [{ a: [{ a: '[nested too deep]' }] }] }] },
		]);
	});

	test('an error without a stack keeps none', () => {
		const error = new Error(`x ${KEY}`);
		delete error.stack;
		expect(maskError(error, mask).stack).toBeUndefined();
	});

	test('the masked cause can still be replaced or removed, as any Error cause', () => {
		const error = maskError(new Error('x', { cause: new Error(KEY) }), mask);
		error.cause = 'other';
		expect(error.cause).toBe('other');
		delete error.cause;
		expect('cause' in error).toBe(false);
	});

	test('fields it does not hold are not added', () => {
		const error = maskError(new Error(`x ${KEY}`), mask) as Error & Record<string, unknown>;
		expect(error.message).toBe('x bc_***');
		for (const field of ['description', 'messages', 'context', 'errorResponse', 'extra', 'cause'])
			expect(field in error).toBe(false);
	});
});
