#!/usr/bin/env node
// Writes README.md's operations table from the endpoint table (run `npm run docs` after `npm run build`).
// test/readme.test.ts fails when the README and the table drift apart.
'use strict';
const fs = require('fs');
const path = require('path');

const START = '<!-- operations:start -->';
const END = '<!-- operations:end -->';

function fieldList(fields, required) {
	const names = fields.filter((f) => Boolean(f.required) === required).map((f) => `\`${f.name}\``);
	return names.length > 0 ? names.join(', ') : '-';
}

function operationsMarkdown(resources) {
	const rows = [
		'| Node | Operation | Endpoint | Required | Options |',
		'| --- | --- | --- | --- | --- |',
	];
	for (const resource of resources) {
		for (const op of resource.operations) {
			rows.push(
				`| ${resource.displayName} | ${op.name} | \`${op.method} ${op.path}\` | ${fieldList(op.fields, true)} | ${fieldList(op.fields, false)} |`,
			);
		}
	}
	return rows.join('\n');
}

function replaceSection(readme, table) {
	const start = readme.indexOf(START);
	const end = readme.indexOf(END);
	if (start < 0 || end < start) throw new Error(`README.md needs ${START} and ${END} markers`);
	return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

function readSection(readme) {
	const start = readme.indexOf(START);
	const end = readme.indexOf(END);
	return start < 0 || end < start ? '' : readme.slice(start + START.length, end).trim();
}

module.exports = { operationsMarkdown, replaceSection, readSection };

if (require.main === module) {
	const root = path.resolve(__dirname, '..');
	const { RESOURCES } = require(path.join(root, 'dist/nodes/shared/endpoints'));
	const file = path.join(root, 'README.md');
	fs.writeFileSync(
		file,
		replaceSection(fs.readFileSync(file, 'utf8'), operationsMarkdown(RESOURCES)),
	);
	console.log('README.md operations table updated');
}
