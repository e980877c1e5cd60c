/**
 * The trigger's token, exactly (nodes/WebDataTrigger/token.ts from its source, one process's
 * memory per test): its shape, what its MAC binds (scope, workflow, node, webhook, API key and
 * token key), its age window and clock skew, the latest-token memory and revocation, and the
 * query parameter it is read from. The deliveries through n8n-core are in webhook.test.ts.
 */
import {
	CLOCK_SKEW_MS,
	FRESH_MS,
	REMEMBERED_BINDINGS,
	forgetIssuedTokens,
	mintToken,
	newToken,
	newTokenKey,
	presentedToken,
	revokeToken,
	sameSecret,
	tokenIssuedFor,
	type TokenBinding,
} from '../../nodes/WebDataTrigger/token';

const NOW = 1_800_000_000_000;

const BINDING: TokenBinding = {
	apiKey: 'bc_token_test_key',
	scope: 'live',
	workflowId: 'wf-1',
	nodeId: 'node-1',
	webhookId: 'wh_1',
	tokenKey: 'k'.repeat(43),
};

afterEach(forgetIssuedTokens);

/**
 * Tokens whose MAC over BINDING is right, computed outside this package (openssl dgst -sha256
 * -hmac over the documented fields, base64url) so a change to the MAC fails them: the first
 * is a token an earlier release saved, the others have parts the module never mints.
 */
const SAVED = 'RZBjOxVrAsfgC8YmTI-SQ0BR.1800000000.lJkDrhKqz3SlkKdsH-5bTffoP2M3xD3ILYCSVryateQ';
const VALID_MAC = 'n.1800000000.6krZrj0uSOuzstju0cKxR26rFL5wfCxi-1FaC8epqRo';

describe('the token', () => {
	test('is <nonce>.<issued seconds>.<mac>, URL-safe, new every time', () => {
		const token = mintToken(BINDING, NOW + 999);
		expect(token).toMatch(/^[\w-]{24}\.1800000000\.[\w-]{43}$/);
		expect(mintToken(BINDING, NOW)).not.toBe(mintToken(BINDING, NOW));
		expect(encodeURIComponent(token)).toBe(token);
	});

	test('is accepted for its binding within the window, at both ends', () => {
		const token = mintToken(BINDING, NOW);
		expect(tokenIssuedFor(token, BINDING, NOW)).toBe(true);
		expect(tokenIssuedFor(token, BINDING, NOW + FRESH_MS)).toBe(true);
		expect(tokenIssuedFor(token, BINDING, NOW + FRESH_MS + 1000)).toBe(false);
		expect(tokenIssuedFor(token, BINDING, NOW - CLOCK_SKEW_MS)).toBe(true);
		expect(tokenIssuedFor(token, BINDING, NOW - CLOCK_SKEW_MS - 1000)).toBe(false);
	});

	test.each([
		['scope', { scope: 'test' as const }],
		['workflow', { workflowId: 'wf-2' }],
		['node', { nodeId: 'node-2' }],
		['webhook', { webhookId: 'wh_2' }],
		['API key', { apiKey: 'bc_other' }],
		['token key', { tokenKey: 'j'.repeat(43) }],
		['no token key', { tokenKey: undefined }],
	])('is refused for another %s', (_, change) => {
		const token = mintToken(BINDING, NOW);
		expect(tokenIssuedFor(token, { ...BINDING, ...change }, NOW)).toBe(false);
	});

	test('no token key and an empty one make the same MAC', () => {
		const bare = { ...BINDING, tokenKey: undefined };
		expect(tokenIssuedFor(mintToken(bare, NOW), bare, NOW)).toBe(true);
		expect(tokenIssuedFor(mintToken(bare, NOW), { ...bare, tokenKey: '' }, NOW)).toBe(true);
	});

	test.each([
		['a changed nonce', (t: string) => `${t.startsWith('x') ? 'y' : 'x'}${t.slice(1)}`],
		['a changed issue time', (t: string) => t.replace('.1800000000.', '.1800000001.')],
		['a changed MAC', (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`],
		['a fourth part', (t: string) => `${t}.x`],
		['no nonce', (t: string) => t.slice(t.indexOf('.'))],
		['an issue time that is not digits', (t: string) => t.replace('.1800000000.', '.18e8.')],
		['an issue time of 13 digits', (t: string) => t.replace('.1800000000.', '.1800000000000.')],
	])('%s is refused', (_, change) => {
		const token = mintToken(BINDING, NOW);
		expect(tokenIssuedFor(change(token), BINDING, NOW)).toBe(false);
	});

	test('nothing presented, or no API key, is refused', () => {
		const token = mintToken(BINDING, NOW);
		expect(tokenIssuedFor(undefined, BINDING, NOW)).toBe(false);
		expect(tokenIssuedFor(token, { ...BINDING, apiKey: '' }, NOW)).toBe(false);
		// Without an API key anybody could compute the MAC.
		const keyless = { ...BINDING, apiKey: '' };
		expect(tokenIssuedFor(mintToken(keyless, NOW), keyless, NOW)).toBe(false);
	});

	test('a token saved by an earlier release still verifies after an upgrade', () => {
		expect(tokenIssuedFor(SAVED, BINDING, NOW)).toBe(true);
		expect(tokenIssuedFor(VALID_MAC, BINDING, NOW)).toBe(true);
	});

	test.each([
		['no nonce', '.1800000000.dSIxfM-rBvs9I956ZRdo0LMlrl6cNA29IfCNnOO5hFE'],
		['an issue time in another notation', 'n.18e8.EMihiNLp89W_VR9JZntTNbx3z6yPtUrPbU_p6nisKI0'],
		['an issue time after text', 'n.x1800000000.6fp1_cknCrfUcPh5iauOb-U29yWaiXFfb6U-oqZle3M'],
		['an issue time before text', 'n.1800000000x.Zp9_IbtbWRjoL1enIPQgu4eBEVqyXpyz2gWnaSi-XnY'],
		['no issue time', 'n.._xGjBsiGRszuJ1-gCPCce3h79H4MPPoRmnuYypnX930'],
	])('%s is refused even with a valid MAC', (_, token) => {
		expect(tokenIssuedFor(token, BINDING, NOW)).toBe(false);
	});
});

describe("this process's memory", () => {
	test('only the latest token of a binding passes; other bindings are not affected', () => {
		const first = newToken(BINDING, NOW);
		const other = newToken({ ...BINDING, webhookId: 'wh_2' }, NOW);
		const second = newToken(BINDING, NOW);
		expect(tokenIssuedFor(first, BINDING, NOW)).toBe(false);
		expect(tokenIssuedFor(second, BINDING, NOW)).toBe(true);
		expect(tokenIssuedFor(other, { ...BINDING, webhookId: 'wh_2' }, NOW)).toBe(true);
	});

	test('a revoked token, and every token of its binding, is refused until a new one', () => {
		const token = newToken(BINDING, NOW);
		const minted = mintToken(BINDING, NOW);
		revokeToken(token);
		expect(tokenIssuedFor(token, BINDING, NOW)).toBe(false);
		expect(tokenIssuedFor(minted, BINDING, NOW)).toBe(false);
		const next = newToken(BINDING, NOW);
		expect(tokenIssuedFor(next, BINDING, NOW)).toBe(true);
	});

	test('bindings whose IDs run together the same way are still told apart', () => {
		const one = { ...BINDING, workflowId: 'wf-1', nodeId: 'node-1' };
		const other = { ...BINDING, workflowId: 'wf-1node', nodeId: '-1' };
		const token = newToken(one, NOW);
		newToken(other, NOW);
		expect(tokenIssuedFor(token, one, NOW)).toBe(true);
	});

	test('revoking a token this process never issued changes nothing', () => {
		const token = newToken(BINDING, NOW);
		revokeToken(mintToken(BINDING, NOW));
		expect(tokenIssuedFor(token, BINDING, NOW)).toBe(true);
	});

	test(`remembers ${REMEMBERED_BINDINGS} bindings; the oldest is forgotten first`, () => {
		const first = newToken({ ...BINDING, webhookId: 'wh_first' }, NOW);
		const superseded = mintToken({ ...BINDING, webhookId: 'wh_first' }, NOW);
		expect(tokenIssuedFor(superseded, { ...BINDING, webhookId: 'wh_first' }, NOW)).toBe(false);
		for (let i = 1; i < REMEMBERED_BINDINGS; i++)
			newToken({ ...BINDING, webhookId: `wh_${i}` }, NOW);
		expect(tokenIssuedFor(superseded, { ...BINDING, webhookId: 'wh_first' }, NOW)).toBe(false);
		newToken({ ...BINDING, webhookId: 'wh_last' }, NOW);
		// Forgotten: the MAC and the age decide again, as in another process.
		expect(tokenIssuedFor(superseded, { ...BINDING, webhookId: 'wh_first' }, NOW)).toBe(true);
		expect(tokenIssuedFor(first, { ...BINDING, webhookId: 'wh_first' }, NOW)).toBe(true);
	});
});

describe('newTokenKey', () => {
	test('32 random bytes, base64url', () => {
		const key = newTokenKey();
		expect(key).toMatch(/^[\w-]{43}$/);
		expect(newTokenKey()).not.toBe(key);
	});
});

describe('sameSecret and presentedToken', () => {
	test('sameSecret: equal and non-empty only', () => {
		expect(sameSecret('abc', 'abc')).toBe(true);
		expect(sameSecret('abd', 'abc')).toBe(false);
		expect(sameSecret('abcd', 'abc')).toBe(false);
		expect(sameSecret(undefined, 'abc')).toBe(false);
		expect(sameSecret('', '')).toBe(false);
	});

	test.each([
		[{ token: 'a.1.b' }, 'a.1.b'],
		[{ token: '' }, undefined],
		[{ token: ['a', 'b'] }, undefined],
		[{ other: 'a' }, undefined],
		[null, undefined],
		[undefined, undefined],
		['token=a', undefined],
	])('%j gives %j', (query, expected) => {
		expect(presentedToken(query)).toBe(expected);
	});
});
