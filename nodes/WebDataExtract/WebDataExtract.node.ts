import { actionNode } from '../shared/actionNode';
import { extract } from '../shared/operations';

export const WebDataExtract = actionNode(extract);
