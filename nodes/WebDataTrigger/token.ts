/**
 * The secret in the webhook URL the trigger registers (`?token=`).
 *
 * The spec does not show how the service signs deliveries (nor their headers), so the trigger
 * does not check a signature: it gives the service a URL that carries a secret, and a delivery
 * without it is refused. The token is `<nonce>.<mac>`:
 *
 * - `nonce` is random (crypto.randomBytes) and new at every activation;
 * - `mac` is an HMAC-SHA256, keyed with the credential's API key, of the nonce and what the URL
 *   is for: test or production URL, workflow id, node id and webhook id.
 *
 * The whole token is kept in the node's static data, and a delivery must carry exactly that
 * token. The MAC is only there for the moments when n8n has not attached that static data yet:
 * n8n saves a production activation's static data after every webhook of the workflow is
 * created, and attaches a test registration's static data only after create() returns. A
 * delivery in such a moment is checked by recomputing the MAC, which needs the API key, so the
 * token still cannot be made up by anyone who does not hold the key or the URL.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type TokenScope = 'test' | 'live';

export interface TokenBinding {
	apiKey: string;
	scope: TokenScope;
	workflowId: string;
	nodeId: string;
	webhookId: string;
}

const DOMAIN = 'n8n-nodes-webdata/webDataTrigger/v1';

function mac(binding: TokenBinding, nonce: string): string {
	return createHmac('sha256', binding.apiKey)
		.update(
			[DOMAIN, binding.scope, binding.workflowId, binding.nodeId, binding.webhookId, nonce].join(
				'\n',
			),
		)
		.digest('base64url');
}

/** A new token for one activation. URL-safe: base64url and a dot. */
export function newToken(binding: TokenBinding): string {
	const nonce = randomBytes(18).toString('base64url');
	return `${nonce}.${mac(binding, nonce)}`;
}

/**
 * Constant-time equality of two secrets. Both sides are hashed first, so the buffers compared
 * always have the same length and the time taken says nothing about either value.
 */
export function sameSecret(presented: string | undefined, expected: string): boolean {
	const a = createHash('sha256')
		.update(presented ?? '')
		.digest();
	const b = createHash('sha256').update(expected).digest();
	return timingSafeEqual(a, b) && presented !== undefined && expected !== '';
}

/** Whether `presented` is a token this binding issued (at any activation). */
export function tokenIssuedFor(presented: string | undefined, binding: TokenBinding): boolean {
	if (presented === undefined || binding.apiKey === '') return false;
	const dot = presented.indexOf('.');
	if (dot <= 0) return false;
	const nonce = presented.slice(0, dot);
	return sameSecret(presented, `${nonce}.${mac(binding, nonce)}`);
}

/** The `token` query parameter, if there is exactly one. */
export function presentedToken(query: unknown): string | undefined {
	if (typeof query !== 'object' || query === null) return undefined;
	const value = (query as Record<string, unknown>).token;
	return typeof value === 'string' && value !== '' ? value : undefined;
}
