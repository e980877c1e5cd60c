import { actionNode } from '../shared/actionNode';
import { extract } from '../shared/endpoints';

export const WebDataExtract = actionNode(extract);
