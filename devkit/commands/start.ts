/**
 * `npm start`: builds (WEBDATA_SKIP_BUILD=1 skips it), then runs the sandbox and the pinned n8n
 * 2.x with this package, the sandbox credential and the examples in .n8n-home/ (git-ignored);
 * prints the editor URL and the login; Ctrl-C stops both. Ports and listen address: devkit/paths.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { buildUnlessSkipped } from '../build';
import { N8n } from '../n8n';
import { MAIN_USER_FOLDER, N8N_LISTEN, N8N_PORT, N8N_VERSION, SANDBOX_PORT } from '../paths';
import { isPortFree } from '../loopback';
import { log, readText, tail } from '../proc';
import { Sandbox } from '../sandbox';
import {
	importExamples,
	isTriggerWorkflow,
	loadExamples,
	openAiPlaceholderCredential,
	sandboxCredential,
} from '../setup';

export async function run(): Promise<number> {
	await buildUnlessSkipped();

	const t0 = Date.now();
	const brokers = { 'n8n task broker': N8N_PORT + 1, 'n8n CLI task broker': N8N_PORT + 2 };
	for (const [what, port] of Object.entries({ n8n: N8N_PORT, ...brokers, sandbox: SANDBOX_PORT }))
		if (!(await isPortFree(port)))
			throw new Error(
				`port ${port} (${what}) is in use: is another \`npm start\` running? Set WEBDATA_N8N_PORT / WEBDATA_SANDBOX_PORT to use others.`,
			);
	fs.mkdirSync(MAIN_USER_FOLDER, { recursive: true });

	const sandbox = new Sandbox(SANDBOX_PORT, path.join(MAIN_USER_FOLDER, 'sandbox.log'));
	const n8n = new N8n({ userFolder: MAIN_USER_FOLDER, port: N8N_PORT, listenAddress: N8N_LISTEN });
	let stopping = false;
	const stopAll = async (code: number) => {
		if (stopping) return;
		stopping = true;
		log('stopping n8n and the sandbox ...');
		await n8n.stop().catch(() => undefined);
		await sandbox.stop().catch(() => undefined);
		log('stopped');
		process.exit(code);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

	// A failure leaves nothing running: stopAll ends the sandbox and n8n, and exits.
	try {
		let t = Date.now();
		await sandbox.start();
		log(`sandbox (local Web Data Service) at ${sandbox.baseUrl} (${Date.now() - t} ms)`);

		t = Date.now();
		n8n.installPackage();
		await n8n.importCredentials([
			sandboxCredential(sandbox.baseUrl, sandbox.apiKey),
			openAiPlaceholderCredential(),
		]);
		log(
			`package installed in ${path.relative(process.cwd(), MAIN_USER_FOLDER) || MAIN_USER_FOLDER}, credential "Web Data sandbox" set (${Date.now() - t} ms)`,
		);

		t = Date.now();
		const imported = await importExamples(n8n);
		log(
			imported > 0
				? `imported ${imported} example workflows from examples/ (${Date.now() - t} ms)`
				: 'example workflows unchanged since the last run: kept as they are in n8n',
		);

		t = Date.now();
		log(`starting n8n ${N8N_VERSION} (log: ${n8n.logFile}) ...`);
		await n8n.start();
		log(`n8n ready (${Date.now() - t} ms; ${((Date.now() - t0) / 1000).toFixed(1)} s in all)`);
	} catch (error) {
		log(String((error as Error).message));
		await stopAll(1);
		return 1;
	}

	// The sandbox starts fresh each run: have the published trigger workflows register again.
	const examples = loadExamples();
	for (const { workflow } of examples.filter((e) => isTriggerWorkflow(e.workflow))) {
		try {
			if (await n8n.republish(workflow.id))
				log(`"${workflow.name}" is active: its Web Data Trigger registered with the sandbox`);
		} catch (error) {
			log(`could not re-activate "${workflow.name}": ${(error as Error).message}`);
		}
	}
	const line = '-'.repeat(72);
	process.stdout.write(
		[
			'',
			line,
			`  n8n editor:   ${n8n.baseUrl}/home/workflows`,
			`  log in with:  ${n8n.owner.email}  /  ${n8n.owner.password}   (local demo owner)`,
			'',
			'  Example workflows (Overview page):',
			...examples.map((e) => `    - ${e.workflow.name}   ${n8n.baseUrl}/workflow/${e.workflow.id}`),
			'',
			`  Sandbox API:  ${sandbox.baseUrl}   key ${sandbox.apiKey}`,
			'  Fire the trigger example (a crawl job that completes and sends crawl.completed):',
			`    curl -s -X POST ${sandbox.baseUrl}/__sandbox/jobs -H 'content-type: application/json' -d '{"type":"crawl","durationMs":1000}'`,
			'  Brand monitoring example: publish it (a schedule of every minute shows results sooner;',
			'  manual runs save nothing), let it run once, then change a brand; the next run outputs only it:',
			`    curl -s -X POST ${sandbox.baseUrl}/__sandbox/brands -H 'content-type: application/json' -d '{"domain":"acme.com","title":"Acme Renamed","colors":["#123456","#abcdef"]}'`,
			'',
			'  Ctrl-C stops n8n and the sandbox.',
			line,
			'',
		].join('\n'),
	);

	// Stay up until Ctrl-C (stopAll exits), or until n8n dies.
	const code = await n8n.exited();
	if (!stopping) {
		log(
			`n8n stopped on its own (exit ${code}); last lines of ${n8n.logFile}:\n${tail(readText(n8n.logFile), 20)}`,
		);
		await stopAll(1);
	}
	return 1;
}
