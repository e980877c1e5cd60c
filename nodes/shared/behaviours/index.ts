/**
 * The behaviours an operation can add, in the order they wrap its request (the first is
 * innermost) and their switches appear in the editor. Adding one is a module and a line here.
 */
import { paging } from './paging';
import { records } from './records';
import { simplify } from './simplify';
import type { Behaviour } from './types';
import { waiting } from './waiting';

export const BEHAVIOURS: readonly Behaviour[] = [waiting, paging, records, simplify];

export { maxConcurrentOption, readMaxConcurrent } from './pacing';
export type { ItemParameters, OutputRecord, Step, StepContext, Wrap } from './types';
export { asRecords, mapJson } from './types';
export { DEFAULT_MAX_WAIT_S, DEFAULT_POLL_INTERVAL_S } from './waiting';
