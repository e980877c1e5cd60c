import { actionNode } from '../shared/actionNode';
import { brandAi } from '../shared/operations';

export const WebDataBrandAi = actionNode(brandAi);
