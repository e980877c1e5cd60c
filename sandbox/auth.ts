/** Bearer API keys: `Authorization: Bearer bc_...`, checked against the configured keys. */
import { timingSafeEqual } from 'node:crypto';

export type AuthResult = { ok: true; key: string } | { ok: false; message: string };

function sameKey(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(header: string | undefined, keys: readonly string[]): AuthResult {
	if (!header)
		return {
			ok: false,
			message: 'Missing API key: send the header Authorization: Bearer <API key>',
		};
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
	if (!match)
		return {
			ok: false,
			message: 'Unsupported Authorization header: use Authorization: Bearer <API key>',
		};
	const key = match[1];
	if (!key.startsWith('bc_')) return { ok: false, message: 'Invalid API key: keys start with bc_' };
	if (!keys.some((known) => sameKey(known, key))) return { ok: false, message: 'Invalid API key' };
	return { ok: true, key };
}
