import { actionNode } from '../shared/actionNode';
import { crawl } from '../shared/endpoints';

export const WebDataCrawl = actionNode(crawl);
