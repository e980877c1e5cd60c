/**
 * One Pacer per account (API key and base URL) in each n8n process, shared by every execution
 * and node that uses the account, so that together they stay inside its plan. The plan is read
 * once, kept, and read again in the background when it is a few minutes old, after an overload,
 * or when the pacer wants the account's usage; the read counts against the plan like any request
 * (see readPlanWhenDue).
 * Pacers idle for long are dropped and no timer is set, so this state stays small and never
 * keeps n8n alive.
 */
import { createHash } from 'node:crypto';

import { Pacer } from './pacer';
import type { PlanRead } from './plan';

/** A plan older than this is read again on the next request. */
export const PLAN_MAX_AGE_MS = 5 * 60_000;
/** After an overload the plan is read again, but not more often than this. */
const REREAD_AFTER_CUT_MS = 30_000;
/**
 * Until a read succeeds the plan is read again after this long, doubling up to
 * REREAD_AFTER_CUT_MS: a worker whose first read was refused (others ramping up) would otherwise
 * pace by 429s alone, outside the sharing, for half a minute.
 */
export const RETRY_FIRST_READ_MS = 1000;
/** A pacer with nothing in flight for this long is dropped (its account is read afresh later). */
export const IDLE_DROP_MS = 15 * 60_000;
/** At most this many accounts are kept; the longest idle go first. */
export const MAX_ACCOUNTS = 100;

interface Account {
	pacer: Pacer;
	planReadAt?: number;
	/** Reads that failed before one succeeded (the plan is then still a fallback). */
	failedReads: number;
	planKnown?: boolean;
	reading?: Promise<void>;
}

const accounts = new Map<string, Account>();

/** The key under which an account's pacer is kept: a hash, so the API key is not held in the map. */
export function accountKey(apiKey: string, baseUrl: string): string {
	return createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
}

function needsRead(account: Account, now: number): boolean {
	const readAt = account.planReadAt;
	if (readAt === undefined) return true;
	if (!account.planKnown) {
		const retryMs = RETRY_FIRST_READ_MS * 2 ** Math.min(5, account.failedReads - 1);
		return now - readAt >= Math.min(REREAD_AFTER_CUT_MS, retryMs);
	}
	if (now - readAt > PLAN_MAX_AGE_MS) return true;
	if (account.pacer.usageReadDue(now)) return true;
	return account.pacer.lastCutAt >= readAt && now - readAt > REREAD_AFTER_CUT_MS;
}

function dropIdle(now: number): void {
	for (const [key, { pacer }] of accounts) {
		if (pacer.idle && now - pacer.lastUsedAt > IDLE_DROP_MS) accounts.delete(key);
	}
	if (accounts.size < MAX_ACCOUNTS) return;
	const idle = [...accounts]
		.filter(([, { pacer }]) => pacer.idle)
		.sort(([, a], [, b]) => a.pacer.lastUsedAt - b.pacer.lastUsedAt);
	for (const [key] of idle.slice(0, accounts.size - MAX_ACCOUNTS + 1)) accounts.delete(key);
}

/** The account's pacer; until its plan is read, one request at a time goes out (the read first). */
export function accountPacer(key: string): Pacer {
	let account = accounts.get(key);
	if (!account) {
		dropIdle(Date.now());
		account = { pacer: new Pacer(), failedReads: 0 };
		accounts.set(key, account);
	}
	return account.pacer;
}

/**
 * Starts a read of the account's plan and usage (`readPlan`) when the plan is not known or due
 * again, or when the pacer wants the account's usage (Pacer.usageReadDue). The read counts
 * against the plan like any request: it takes the pacer's next free slot, ahead of waiting
 * requests, and gives it back once its answer applies, so it never adds one in flight past the
 * plan. Called before a request asks for its slot: the first request of an account waits for the
 * read (one round trip, while the limit is one request), later ones never do. A read stopped with
 * its run (`signal`) leaves the plan to the next request; a failed re-read keeps the plan known.
 */
export function readPlanWhenDue(
	key: string,
	readPlan: () => Promise<PlanRead | undefined>,
	signal?: AbortSignal,
): void {
	const account = accounts.get(key);
	const now = Date.now();
	if (!account || account.reading || !needsRead(account, now)) return;
	const { pacer } = account;
	const previousReadAt = account.planReadAt;
	// Until a read succeeds, each read is the first: it sets the limit from the plan and usage.
	const first = !account.planKnown;
	account.planReadAt = now;
	const read = async () => {
		await pacer.acquire(signal, { first: true });
		try {
			pacer.beginUsageRead();
			const plan = await readPlan();
			if (!plan) account.planReadAt = previousReadAt;
			else if (plan.failed) {
				// The fallback plan once; after that the limit the 429s left is kept.
				if (previousReadAt === undefined) pacer.onPlanRead(plan, undefined, { first: true });
				else pacer.usageReadFailed();
				if (first) account.failedReads++;
			} else {
				account.planKnown = true;
				pacer.onPlanRead(plan, plan.usage, { first });
			}
		} finally {
			pacer.release();
		}
	};
	account.reading = read()
		.catch(() => {
			account.planReadAt = previousReadAt;
		})
		.finally(() => (account.reading = undefined));
}

/** How many accounts this process keeps (for tests and the benchmark). */
export function accountCount(): number {
	return accounts.size;
}

/** Forgets every account once its plan reads are over: each test starts as a process that has read no plan. */
export async function forgetAccounts(): Promise<void> {
	await Promise.all([...accounts.values()].map(async ({ reading }) => await reading));
	accounts.clear();
}
