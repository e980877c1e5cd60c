import { actionNode } from '../shared/actionNode';
import { webhook } from '../shared/operations';

export const WebDataWebhook = actionNode(webhook);
