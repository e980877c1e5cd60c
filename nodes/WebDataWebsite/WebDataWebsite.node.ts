import { actionNode } from '../shared/actionNode';
import { website } from '../shared/endpoints';

export const WebDataWebsite = actionNode(website);
