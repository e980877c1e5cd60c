import { actionNode } from '../shared/actionNode';
import { account } from '../shared/operations';

export const WebDataAccount = actionNode(account);
