import { actionNode } from '../shared/actionNode';
import { job } from '../shared/operations';

export const WebDataJob = actionNode(job);
