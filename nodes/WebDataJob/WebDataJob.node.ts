import { actionNode } from '../shared/actionNode';
import { job } from '../shared/endpoints';

export const WebDataJob = actionNode(job);
