/**
 * The behaviours an operation can add, in the order they wrap its request (the first is
 * innermost) and their switches appear in the editor. Adding one is a module and a line here.
 */
import { logoDownload } from './logoDownload';
import { paging } from './paging';
import { simplify } from './simplify';
import type { Behaviour } from './types';
import { waiting } from './waiting';
import { watching } from './watching';

// Watching filters the brands and Download Logo runs on what is left.
export const BEHAVIOURS: readonly Behaviour[] = [waiting, paging, simplify, watching, logoDownload];

export { maxConcurrentOption, readMaxConcurrent } from './pacing';
export type { ItemParameters, OutputRecord, Step, StepContext, Wrap } from './types';
export { asRecords, mapJson } from './types';
export { DEFAULT_MAX_WAIT_S, DEFAULT_POLL_INTERVAL_S } from './waiting';
