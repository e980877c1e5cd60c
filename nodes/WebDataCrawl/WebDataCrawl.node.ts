import { actionNode } from '../shared/actionNode';
import { crawl } from '../shared/operations';

export const WebDataCrawl = actionNode(crawl);
