/**
 * The account's plan limits, read with GET /account once per execution and credential (not
 * per item) and turned into a Pacer. One item needs no pacing, so it costs no extra request.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { WebDataClient } from './client';
import { Pacer, type PacerLimits } from './pacer';

/** Concurrency when the plan cannot be read; 429s tune it down from here. */
export const FALLBACK_CONCURRENCY = 5;
const CACHE_TTL_MS = 10 * 60 * 1000;

const planCache = new Map<string, { limits: Promise<PacerLimits>; at: number }>();

function readPlanLimits(ctx: IExecuteFunctions): Promise<PacerLimits> {
	const probe = new WebDataClient(ctx);
	return probe
		.request<{ data?: { plan?: IDataObject } }>({ method: 'GET', path: '/account', maxAttempts: 2 })
		.then(({ data }) => {
			const concurrency = Number(data?.plan?.concurrency);
			const perMinute = Number(data?.plan?.rateLimitPerMinute);
			return {
				concurrency: concurrency > 0 ? concurrency : FALLBACK_CONCURRENCY,
				perMinute: perMinute > 0 ? perMinute : undefined,
			};
		})
		.catch(() => ({ concurrency: FALLBACK_CONCURRENCY }));
}

async function planLimits(ctx: IExecuteFunctions): Promise<PacerLimits> {
	const credential = ctx.getNode().credentials?.webDataApi?.id ?? ctx.getNode().credentials?.webDataApi?.name ?? '';
	const key = `${ctx.getExecutionId()}:${credential}`;
	const now = Date.now();
	for (const [cachedKey, entry] of planCache) if (now - entry.at > CACHE_TTL_MS) planCache.delete(cachedKey);
	let entry = planCache.get(key);
	if (!entry) {
		entry = { limits: readPlanLimits(ctx), at: now };
		planCache.set(key, entry);
	}
	return await entry.limits;
}

/**
 * A client for one node run. `maxConcurrent` (the node's option) overrides the plan's
 * concurrency; the plan's rate limit still applies. Items start one at a time while the plan
 * is read, so the read costs no waiting and nothing can exceed any plan meanwhile.
 */
export function createClient(ctx: IExecuteFunctions, itemCount: number, maxConcurrent?: number): WebDataClient {
	if (itemCount <= 1) return new WebDataClient(ctx, new Pacer({ concurrency: maxConcurrent ?? 1 }));
	const pacer = new Pacer({ concurrency: 1 });
	void planLimits(ctx).then((limits) => pacer.setLimits({ ...limits, concurrency: maxConcurrent ?? limits.concurrency }));
	return new WebDataClient(ctx, pacer);
}
