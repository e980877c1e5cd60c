import { actionNode } from '../shared/actionNode';
import { webhook } from '../shared/endpoints';

export const WebDataWebhook = actionNode(webhook);
