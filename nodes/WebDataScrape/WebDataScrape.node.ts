import { actionNode } from '../shared/actionNode';
import { scrape } from '../shared/operations';

export const WebDataScrape = actionNode(scrape);
