import { actionNode } from '../shared/actionNode';
import { brandAi } from '../shared/endpoints';

export const WebDataBrandAi = actionNode(brandAi);
