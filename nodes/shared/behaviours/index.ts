/**
 * The behaviours an operation can add, in the order their sends are built around its request (the
 * first is innermost, nearest the API) and their parameters appear in the editor. Adding one is a
 * module and a line here.
 */
import { agentBudget } from './agentBudget';
import { fileOutput } from './fileOutput';
import { logoDownload } from './logoDownload';
import { output } from './output';
import { paging } from './paging';
import { schemaFromExample } from './schemaFromExample';
import { simplify } from './simplify';
import type { Behaviour } from './types';
import { waiting } from './waiting';
import { watching } from './watching';

// Paging reads its pages through the send below it (waiting's, or the API's), so it sits right
// above it; the items output splits what paging gathered into one record per page result, link
// or job result before Simplify (or the file output writes them to one file, page by page);
// watching filters the brands and Download Logo runs on what is left; a schema from an example
// goes into the request that starts the job (outside waiting); the answer budget, last, caps
// every record an AI agent receives. test/nodes/behaviourOrder.test.ts fails on an order that
// loses records.
export const BEHAVIOURS: readonly Behaviour[] = [
	waiting,
	paging,
	output,
	fileOutput,
	simplify,
	watching,
	logoDownload,
	schemaFromExample,
	agentBudget,
];

export type { ItemBehaviour, ItemParameters, OutputMode, OutputRecord, Send } from './types';
export { outputMode } from './output';
export { DEFAULT_AGENT_BUDGET, fitToBudget } from './agentBudget';
export { DEFAULT_MAX_WAIT_S, DEFAULT_POLL_INTERVAL_S } from './waiting';
