import { actionNode } from '../shared/actionNode';
import { youtube } from '../shared/operations';

export const WebDataYouTube = actionNode(youtube);
