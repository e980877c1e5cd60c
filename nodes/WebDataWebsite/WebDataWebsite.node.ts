import { actionNode } from '../shared/actionNode';
import { website } from '../shared/operations';

export const WebDataWebsite = actionNode(website);
