/** The account's plan limits, read with GET /account, for the account's pacer. */
import type { IDataObject } from 'n8n-workflow';

import { endpointRequest } from './apiRequest';
import type { WebDataClient } from './client';
import type { PacerLimits } from './pacer';

/** Concurrency when the plan cannot be read; 429s tune it down from here. */
export const FALLBACK_CONCURRENCY = 5;

/** Never fails: a plan that cannot be read gives a cautious default. */
export async function readPlanLimits(client: WebDataClient): Promise<PacerLimits> {
	try {
		const { data } = await client.request<{ data?: { plan?: IDataObject } }>(
			endpointRequest('account', {}, { maxAttempts: 2, unpaced: true }),
		);
		const concurrency = Number(data?.plan?.concurrency);
		const perMinute = Number(data?.plan?.rateLimitPerMinute);
		return {
			concurrency: concurrency > 0 ? concurrency : FALLBACK_CONCURRENCY,
			perMinute: perMinute > 0 ? perMinute : undefined,
		};
	} catch {
		return { concurrency: FALLBACK_CONCURRENCY };
	}
}
