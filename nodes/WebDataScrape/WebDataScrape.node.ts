import { actionNode } from '../shared/actionNode';
import { scrape } from '../shared/endpoints';

export const WebDataScrape = actionNode(scrape);
