/**
 * A name service for unit tests: n8n 2.x's egress filter (getSecureEgressFilter) resolves names
 * with node:dns's promises.lookup, answered here from a table. nock intercepts the requests
 * themselves before any look-up, so only the filter's look-ups come here.
 */
import * as dns from 'node:dns';

/** A public address (not in any of n8n's blocked ranges); nothing connects to it in the tests. */
export const PUBLIC_ADDRESS = '93.184.215.14';

/**
 * Installs the table before each test (every `*.test` name resolves to PUBLIC_ADDRESS unless set
 * otherwise; other names fail with ENOTFOUND) and restores node:dns after it.
 */
export function useFakeDns() {
	const table = new Map<string, string>();
	const fake = {
		lookups: [] as string[],
		set: (name: string, address: string) => void table.set(name, address),
	};
	let spy: jest.SpyInstance | undefined;
	beforeEach(() => {
		fake.lookups = [];
		table.clear();
		spy = jest.spyOn(dns.promises, 'lookup').mockImplementation((async (
			name: string,
			options?: { all?: boolean },
		) => {
			fake.lookups.push(name);
			const address = table.get(name) ?? (name.endsWith('.test') ? PUBLIC_ADDRESS : '');
			if (!address)
				throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
			const record = { address, family: address.includes(':') ? 6 : 4 };
			return options?.all ? [record] : record;
		}) as unknown as typeof dns.promises.lookup);
	});
	afterEach(() => spy?.mockRestore());
	return fake;
}
