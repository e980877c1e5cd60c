import { actionNode } from '../shared/actionNode';
import { brand } from '../shared/endpoints';

export const WebDataBrand = actionNode(brand);
