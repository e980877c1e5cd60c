/**
 * `npm run bench:budget [runs]`: the time fitToBudget takes to fit a 40 MB crawl record (2,000
 * pages of markdown with escapes, links and metadata) into the default budget and into the
 * largest one, beside the target (under 1 s for one record: n8n's event loop waits for it).
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_AGENT_BUDGET, fitToBudget } from '../nodes/shared/behaviours';

const TARGET_MS = 1000;
const RECORD_MB = 40;

/** A crawl status record of about `megabytes` MB of JSON. */
function largeRecord(megabytes: number): IDataObject {
	const paragraph =
		'## A heading\n\nSome "quoted" text, a path C:\\data\\x, and a [link](https://example.com/a?b=1&c=2).\t😀\n';
	const markdown = paragraph.repeat(Math.ceil(20_000 / paragraph.length));
	const page = (i: number) => ({
		url: `https://example.com/page/${i}`,
		markdown: `# Page ${i}\n${markdown}`,
		links: Array.from({ length: 40 }, (_, j) => `https://example.com/page/${i}/link/${j}`),
		metadata: { title: `Page ${i}`, statusCode: 200, language: 'en' },
	});
	const pages: IDataObject[] = [];
	let size = 0;
	for (let i = 0; size < megabytes * 1_000_000; i++) {
		const entry = page(i);
		size += JSON.stringify(entry).length;
		pages.push(entry);
	}
	return { success: true, status: 'completed', total: pages.length, data: pages, next: null };
}

const runs = Number(process.argv[2] ?? 3);
const record = largeRecord(RECORD_MB);
const megabytes = (JSON.stringify(record).length / 1_000_000).toFixed(1);
console.log(
	`Answer Budget on one record of ${megabytes} MB (${(record.data as unknown[]).length} pages), median of ${runs} runs:`,
);
for (const budget of [DEFAULT_AGENT_BUDGET, 1_000_000]) {
	const times: number[] = [];
	let length = 0;
	for (let run = 0; run < runs; run++) {
		const started = process.hrtime.bigint();
		const fitted = fitToBudget(record, budget);
		times.push(Number(process.hrtime.bigint() - started) / 1e6);
		length = JSON.stringify(fitted).length;
	}
	if (length > budget) throw new Error(`budget ${budget}: the result has ${length} characters`);
	const ms = times.sort((a, b) => a - b)[Math.floor(runs / 2)];
	const what = `budget ${budget.toLocaleString('en')} characters`;
	console.log(
		`  ${what.padEnd(32)} ${ms.toFixed(0).padStart(6)} ms   target < ${TARGET_MS} ms   ${ms < TARGET_MS ? 'met' : 'NOT MET'}   (result: ${length} characters)`,
	);
}
