import { actionNode } from '../shared/actionNode';
import { account } from '../shared/endpoints';

export const WebDataAccount = actionNode(account);
