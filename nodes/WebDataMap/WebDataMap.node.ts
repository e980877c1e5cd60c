import { actionNode } from '../shared/actionNode';
import { map } from '../shared/operations';

export const WebDataMap = actionNode(map);
