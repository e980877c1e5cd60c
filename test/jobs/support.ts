/**
 * Shared pieces of the job, paging and transport tests: nock replies that record what arrived
 * (and when), the account body, and a way to cancel a running execution the way n8n does.
 */
import { inspect } from 'node:util';

import { WorkflowExecute } from 'n8n-core';
import type { IRun } from 'n8n-workflow';
import nock from 'nock';

import { BASE_URL } from '../helpers/runNode';
import { sleep } from '../../devkit/wait';
import { account, replyWith, type NockedRequest, type NockReply } from '../helpers/http';

/** A poll interval small enough to keep the suite fast (seconds, as the node option takes it). */
export const FAST_POLL_S = 0.05;

/** A request as nock saw it, and Date.now() then. */
export type Seen = NockedRequest & { at: number };

/** Every request the interceptors of `answer` saw. */
export class Recorder {
	readonly seen: Seen[] = [];

	to(path: string, method?: string): Seen[] {
		return this.seen.filter((s) => s.path === path && (!method || s.method === method));
	}
}

/**
 * A nock interceptor answering from a function of the request, recording it first (with the
 * time it arrived); `delayMs` holds the answer back, the request counting as in flight meanwhile.
 */
export function answer(
	recorder: Recorder,
	method: 'get' | 'post' | 'patch' | 'delete',
	path: string | RegExp,
	reply: (seen: Seen, index: number) => NockReply,
	{ times = 1, delayMs }: { times?: number; delayMs?: (seen: Seen, index: number) => number } = {},
): nock.Scope {
	let index = 0;
	return nock(BASE_URL)
		[method](path)
		.query(true)
		.times(times)
		.reply(
			replyWith(async (request) => {
				const seen = { ...request, at: Date.now() };
				recorder.seen.push(seen);
				const i = index++;
				const result = reply(seen, i);
				const delay = delayMs?.(seen, i) ?? 0;
				if (delay > 0) await sleep(delay);
				return result;
			}),
		);
}
/** Answers GET /account with `plan`, recording each read. */
export function accountScope(
	recorder: Recorder,
	plan: Parameters<typeof account>[0] = {},
	times = 1,
): nock.Scope {
	return answer(recorder, 'get', '/account', () => [200, account(plan)], { times });
}

/** GET /jobs/{id} body in a status, with results and per-URL errors. */
export function jobDetail(
	status: string,
	given: {
		results?: object[];
		errors?: object[];
		page?: number;
		totalPages?: number;
		total?: number;
	} = {},
) {
	const { results = [], errors = [], page = 1, totalPages = 1 } = given;
	const resultPagination = { limit: 100, page, total: given.total ?? results.length, totalPages };
	return { success: true, data: { status, errors, result: null, results, resultPagination } };
}

export function created(id: string) {
	return { id, status: 'PENDING', url: `/jobs/${id}` };
}

/** Every string of an error as n8n recorded it, for "the key never leaks" checks. */
export function everythingIn(value: unknown): string {
	const unbounded = { maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity };
	return inspect(value, { depth: 8, showHidden: true, getters: true, ...unbounded });
}

/**
 * Watches WorkflowExecute so a test can cancel the execution the way n8n does when a user
 * stops it: the PCancelable that processRunExecutionData returns is cancelled, which aborts
 * the execution's AbortController, i.e. the signal nodes get from getExecutionCancelSignal().
 */
export function watchExecutions(): { cancelLatest: () => void; restore: () => void } {
	const spy = jest.spyOn(WorkflowExecute.prototype, 'processRunExecutionData');
	return {
		cancelLatest: () => {
			const results = spy.mock.results;
			const latest = results[results.length - 1]?.value as
				| (Promise<IRun> & { cancel: () => void })
				| undefined;
			if (!latest) throw new Error('no execution is running');
			latest.cancel();
		},
		restore: () => spy.mockRestore(),
	};
}
