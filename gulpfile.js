/**
 * Build tasks.
 *
 *   gulp build      the package (dist/), then the dev tree (.dist-dev/: contract, sandbox, devkit, bench, e2e)
 *   gulp build:dist the package only: clean dist/, the schemas' declarations (tsc -b contract/schemas),
 *                   tsc -p tsconfig.json, icons, generated codex files
 *   gulp build:dev  the dev tree only: clean .dist-dev/, tsc -p tsconfig.dev.json
 *   gulp clean      remove dist/ and .dist-dev/
 *
 * `gulp build` ends by writing the digest of the sources it read (devkit/buildStamp.ts) into
 * .dist-dev/, so that the devkit rebuilds whenever the sources differ from the build's.
 *
 * The codex files (`<ClassName>.node.json`) are generated from the compiled operations table and
 * the trigger's codex.ts, so node type names, categories and search keywords have one source.
 * The editor subtitle (an operation's label under the node) is generated from the same table,
 * before compiling: n8n's scanner reads it as a literal in nodes/shared/description.ts, so the
 * build writes that literal (`subtitleOf(NODES)`) into the source.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { series, parallel } = require('gulp');

const ROOT = __dirname;
const DIST = path.join(ROOT, 'dist');
const DIST_DEV = path.join(ROOT, '.dist-dev');
const PACKAGE_NAME = require('./package.json').name;
const DOCS_URL = `https://www.npmjs.com/package/${PACKAGE_NAME}`;
const CREDENTIALS_DOCS_URL = `${DOCS_URL}#credentials`;

function log(message) {
	console.log(`[build] ${message}`);
}

function className(nodeType) {
	return nodeType.charAt(0).toUpperCase() + nodeType.slice(1);
}

function tsc(args) {
	return new Promise((resolve, reject) => {
		const bin = require.resolve('typescript/bin/tsc');
		const child = spawn(process.execPath, [bin, ...args], {
			cwd: ROOT,
			stdio: 'inherit',
		});
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve();
			else {
				const error = new Error(
					`tsc ${args.join(' ')} failed (exit code ${code}); see the errors above`,
				);
				error.showStack = false;
				reject(error);
			}
		});
	});
}

/** devkit/buildStamp.ts, through tsx (a devDependency): one definition of what a build reads. */
function buildStamp() {
	return require('tsx/cjs/api').require('./devkit/buildStamp.ts', __filename);
}

let digestAtStart;

/** Before anything is built: a source edited during the build leaves the build stale. */
async function readSourcesDigest() {
	digestAtStart = buildStamp().sourcesDigest(ROOT);
}

async function writeStamp() {
	await fs.promises.writeFile(buildStamp().stampPath(ROOT), `${digestAtStart}\n`);
}

async function cleanDist() {
	await fs.promises.rm(buildStamp().stampPath(ROOT), { force: true });
	await fs.promises.rm(DIST, { recursive: true, force: true });
}

async function cleanDev() {
	await fs.promises.rm(DIST_DEV, { recursive: true, force: true });
	// Its old name: n8n's custom loader read nodes there in a checkout linked by `n8n-node dev`.
	await fs.promises.rm(path.join(ROOT, 'dist-dev'), { recursive: true, force: true });
}

/**
 * The response schemas' declarations first (into .dist-dev/schema-types/): the package reads the
 * types inferred from them through a project reference, so no schema is compiled into dist/.
 */
async function compileDist() {
	await tsc(['-b', 'contract/schemas']);
	await tsc(['-p', 'tsconfig.json']);
}

function compileDev() {
	return tsc(['-p', 'tsconfig.dev.json']);
}

async function copyIcons() {
	await fs.promises.cp(path.join(ROOT, 'icons'), path.join(DIST, 'icons'), { recursive: true });
}

function codexFor({ node, categories, searchKeywords }) {
	return {
		node: `${PACKAGE_NAME}.${node}`,
		nodeVersion: '1.0',
		codexVersion: '1.0',
		categories: [...categories],
		alias: [...new Set(searchKeywords)],
		resources: {
			primaryDocumentation: [{ url: DOCS_URL }],
			credentialDocumentation: [{ url: CREDENTIALS_DOCS_URL }],
		},
	};
}

/** The codex is matched to a node by type name: the built class must carry the table's. */
function checkNodeType(nodeFile, name, nodeType) {
	const NodeClass = require(nodeFile)[name];
	if (typeof NodeClass !== 'function') {
		throw new Error(`codex: ${path.relative(ROOT, nodeFile)} does not export class ${name}`);
	}
	const actual = new NodeClass().description?.name;
	if (actual !== nodeType) {
		throw new Error(
			`codex: ${name} has description.name ${actual}, the operations table says ${nodeType}`,
		);
	}
}

/** Writes `dist/nodes/<ClassName>/<ClassName>.node.json` for every built node of the table. */
async function writeCodex() {
	const tablePath = path.join(DIST, 'nodes', 'shared', 'operations', 'index.js');
	if (!fs.existsSync(tablePath)) {
		throw new Error(
			`codex: the operations table was not built (${path.relative(ROOT, tablePath)})`,
		);
	}
	const { NODES } = require(tablePath);
	if (!Array.isArray(NODES) || NODES.length === 0) {
		throw new Error('codex: NODES of the operations table is empty');
	}

	const { TRIGGER_CODEX } = require(path.join(DIST, 'nodes', 'WebDataTrigger', 'codex.js'));
	const entries = [...NODES, TRIGGER_CODEX];
	const seen = new Set();
	const missing = [];
	let written = 0;
	for (const entry of entries) {
		if (seen.has(entry.node)) throw new Error(`codex: node type ${entry.node} is listed twice`);
		seen.add(entry.node);

		const name = className(entry.node);
		const dir = path.join(DIST, 'nodes', name);
		const nodeFile = path.join(dir, `${name}.node.js`);
		if (!fs.existsSync(nodeFile)) {
			missing.push(name);
			continue;
		}
		checkNodeType(nodeFile, name, entry.node);
		await fs.promises.writeFile(
			path.join(dir, `${name}.node.json`),
			`${JSON.stringify(codexFor(entry), null, '\t')}\n`,
		);
		written++;
	}
	log(`codex: wrote ${written} of ${entries.length} *.node.json files`);
	if (missing.length > 0) {
		log(`codex: skipped, node not built yet: ${missing.join(', ')}`);
	}
}

const DESCRIPTION_SOURCE = path.join(ROOT, 'nodes', 'shared', 'description.ts');
const SUBTITLE_LITERAL = /(\n\t\tsubtitle:\s*)'(?:[^'\\\n]|\\.)*'/;

/** Writes the subtitle literal of description.ts from the operations table, when it differs. */
async function writeSubtitle() {
	const load = (file) => require('tsx/cjs/api').require(file, __filename);
	const { NODES } = load('./nodes/shared/operations/index.ts');
	const { subtitleOf } = load('./nodes/shared/description.ts');
	const quoted = `'${subtitleOf(NODES).replace(/[\\']/g, (c) => `\\${c}`)}'`;
	const source = await fs.promises.readFile(DESCRIPTION_SOURCE, 'utf8');
	if (!SUBTITLE_LITERAL.test(source)) {
		throw new Error(`subtitle: no \`subtitle: '...'\` literal in ${DESCRIPTION_SOURCE}`);
	}
	const written = source.replace(SUBTITLE_LITERAL, (_, head) => `${head}${quoted}`);
	if (written === source) return;
	await fs.promises.writeFile(DESCRIPTION_SOURCE, written);
	log(
		'subtitle: wrote the operation labels of the operations table into nodes/shared/description.ts',
	);
}

const buildDist = series(cleanDist, compileDist, parallel(copyIcons, writeCodex));
const buildDev = series(cleanDev, compileDev);

exports.clean = parallel(cleanDist, cleanDev);
exports['build:dist'] = series(writeSubtitle, buildDist);
exports['build:dev'] = buildDev;
// In series: the two projects share credentials/ and nodes/, so a type error there is reported
// once, and on two cores this takes about as long as running them side by side.
exports.build = series(writeSubtitle, readSourcesDigest, buildDist, buildDev, writeStamp);
exports.default = exports.build;
