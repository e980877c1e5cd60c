/**
 * The behaviours an operation can add, in the order they wrap its request (the first is
 * innermost) and their switches appear in the editor. Adding one is a module and a line here.
 */
import { agentBudget } from './agentBudget';
import { fileOutput } from './fileOutput';
import { logoDownload } from './logoDownload';
import { paging } from './paging';
import { records } from './records';
import { schemaFromExample } from './schemaFromExample';
import { simplify } from './simplify';
import type { Behaviour } from './types';
import { waiting } from './waiting';
import { watching } from './watching';

// Records splits a response into one record per page, link or result before Simplify (or the
// file output writes them to one file, page by page); watching filters the brands and Download
// Logo runs on what is left; a schema from an example goes into the request that starts the job
// (outside waiting); the answer budget, last,
// caps every record an AI agent receives.
export const BEHAVIOURS: readonly Behaviour[] = [
	waiting,
	paging,
	records,
	fileOutput,
	simplify,
	watching,
	logoDownload,
	schemaFromExample,
	agentBudget,
];

export type { OutputRecord, Step, Wrap } from './types';
export { DEFAULT_AGENT_BUDGET, fitToBudget } from './agentBudget';
export { DEFAULT_MAX_WAIT_S, DEFAULT_POLL_INTERVAL_S } from './waiting';
