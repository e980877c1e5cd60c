import { actionNode } from '../shared/actionNode';
import { youtube } from '../shared/endpoints';

export const WebDataYouTube = actionNode(youtube);
