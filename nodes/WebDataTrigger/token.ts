/**
 * The secret in the webhook URL the trigger registers (`?token=`).
 *
 * The spec does not show how the service signs deliveries (nor their headers), so the trigger
 * does not check a signature: it gives the service a URL that carries a secret, and a delivery
 * without it is refused. The token is `<nonce>.<issued>.<mac>`:
 *
 * - `nonce` is random (crypto.randomBytes) and new at every activation;
 * - `issued` is when the token was made, in whole seconds since 1970;
 * - `mac` is an HMAC-SHA256, keyed with the credential's API key, of the nonce, the issue time
 *   and what the URL is for: test or production URL, workflow id, node id and webhook id.
 *
 * - the MAC also covers the node's token key: a random secret in the node's static data
 *   (`tokenKey`), replaced at every deactivation. Absent until the first deactivation.
 *
 * The whole token is kept in the node's static data, and a delivery must carry exactly that
 * token. The MAC is only there for the moments when n8n has not attached that static data yet:
 * n8n saves a production activation's static data after every webhook of the workflow is
 * created, and attaches a test registration's static data only after create() returns. A
 * delivery in such a moment is accepted only if its MAC checks out with the API key and the
 * token key the static data holds, the token is at most FRESH_MS old, and, when this process
 * issued a token for the same binding, it is the latest one and no deactivation came after it.
 *
 * Another process (a queue-mode webhook process, or after a restart) reads the static data n8n
 * saved, which after a deactivation holds no registration and a new token key (n8n saves static
 * data after deleting a workflow's webhooks): every token issued before the deactivation fails
 * its MAC there. What it cannot tell apart: tokens of activations since the last deactivation,
 * up to FRESH_MS old, while the registration is not saved yet.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type TokenScope = 'test' | 'live';

export interface TokenBinding {
	apiKey: string;
	scope: TokenScope;
	workflowId: string;
	nodeId: string;
	webhookId: string;
	/** The node's token key (static data); undefined before the first deactivation. */
	tokenKey?: string;
}

/** How long after issue a token is accepted without static data: n8n saves it within seconds. */
export const FRESH_MS = 2 * 60_000;

/** How far ahead of this clock an issue time may be (another n8n process's clock). */
export const CLOCK_SKEW_MS = 30_000;

/** The bindings whose latest token this process remembers; beyond, the oldest is forgotten. */
export const REMEMBERED_BINDINGS = 1_000;

const DOMAIN = 'n8n-nodes-webdata/webDataTrigger/v3';

/** Binding key -> SHA-256 of the latest token issued, or null once deactivated. */
const latest = new Map<string, Buffer | null>();

function digest(text: string): Buffer {
	return createHash('sha256').update(text).digest();
}

function keyOf(binding: TokenBinding): string {
	return [binding.scope, binding.workflowId, binding.nodeId, binding.webhookId].join('\n');
}

function remember(key: string, value: Buffer | null): void {
	latest.delete(key);
	latest.set(key, value);
	if (latest.size > REMEMBERED_BINDINGS) latest.delete(latest.keys().next().value as string);
}

function mac(binding: TokenBinding, nonce: string, issued: string): string {
	return createHmac('sha256', binding.apiKey)
		.update(
			[
				DOMAIN,
				binding.scope,
				binding.workflowId,
				binding.nodeId,
				binding.webhookId,
				binding.tokenKey ?? '',
				nonce,
				issued,
			].join('\n'),
		)
		.digest('base64url');
}

/** A new token key: it makes every token of the binding issued before it fail its MAC. */
export function newTokenKey(): string {
	return randomBytes(32).toString('base64url');
}

/** A token for `binding` issued at `now`, without remembering it. URL-safe: base64url and dots. */
export function mintToken(binding: TokenBinding, now = Date.now()): string {
	const nonce = randomBytes(18).toString('base64url');
	const issued = String(Math.floor(now / 1000));
	return `${nonce}.${issued}.${mac(binding, nonce, issued)}`;
}

/** A new token for one activation; it supersedes every earlier one of the binding. */
export function newToken(binding: TokenBinding, now = Date.now()): string {
	const token = mintToken(binding, now);
	remember(keyOf(binding), digest(token));
	return token;
}

/** A deactivation: no token of the binding that issued `token` is accepted without static data. */
export function revokeToken(token: string): void {
	const hash = digest(token);
	for (const [key, value] of latest) if (value?.equals(hash)) latest.set(key, null);
}

/**
 * Constant-time equality of two secrets. Both sides are hashed first, so the buffers compared
 * always have the same length and the time taken says nothing about either value.
 */
export function sameSecret(presented: string | undefined, expected: string): boolean {
	if (presented === undefined || expected === '') return false;
	return timingSafeEqual(digest(presented), digest(expected));
}

/** Whether `presented` is the binding's latest token, issued at most FRESH_MS before `now`. */
export function tokenIssuedFor(
	presented: string | undefined,
	binding: TokenBinding,
	now = Date.now(),
): boolean {
	if (presented === undefined || binding.apiKey === '') return false;
	// A token with more or fewer parts fails the comparison with the token these parts make.
	const [nonce, issued] = presented.split('.');
	if (nonce === '' || !/^\d{1,12}$/.test(issued)) return false;
	if (!sameSecret(presented, `${nonce}.${issued}.${mac(binding, nonce, issued)}`)) return false;
	const age = now - Number(issued) * 1000;
	if (age > FRESH_MS || age < -CLOCK_SKEW_MS) return false;
	const remembered = latest.get(keyOf(binding));
	if (remembered === undefined) return true;
	return remembered !== null && timingSafeEqual(remembered, digest(presented));
}

/** What a new process knows of the tokens issued: nothing (tests start each as one). */
export function forgetIssuedTokens(): void {
	latest.clear();
}

/** The `token` query parameter, if there is exactly one. */
export function presentedToken(query: unknown): string | undefined {
	const value = (query as { token?: unknown } | null | undefined)?.token;
	return typeof value === 'string' && value !== '' ? value : undefined;
}
