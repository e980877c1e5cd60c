import { actionNode } from '../shared/actionNode';
import { brand } from '../shared/operations';

export const WebDataBrand = actionNode(brand);
