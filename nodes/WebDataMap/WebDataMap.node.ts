import { actionNode } from '../shared/actionNode';
import { map } from '../shared/endpoints';

export const WebDataMap = actionNode(map);
