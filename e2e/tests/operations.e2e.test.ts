/**
 * Every action operation of the operations table inside real n8n, and the bad-parameter check. Runs
 * against the pinned n8n 2.x and, with WEBDATA_N8N_LINE=1 (`npm run test:e2e` does both), n8n 1.x.
 *   1. every operation as one workflow through `n8n import:workflow` + `n8n execute --id`;
 *   2. an out-of-bounds parameter from an expression fails the execution and sends nothing;
 *   3. examples/brand-monitoring.json (Watch for Changes, Download Logo) runs once;
 *   4. Download Logo refuses a logo on loopback unless Allow Private Logo Hosts is on.
 *   5. an API answer redirecting to another origin is not followed: the key stays home.
 *   6. a refused node option under Continue On Fail: every item carries it, the next node runs.
 * Step timings go to timings-operations.json in the artifacts folder.
 */
import { NODES } from '../../nodes/shared/operations';
import { nodeItems, nodeTask, type ExecuteResult, type RunItem } from '../../devkit/n8n';
import { tail } from '../../devkit/proc';
import type { RecordedRequest } from '../../devkit/sandbox';
import { loadExamples } from '../../devkit/setup';
import { Suite, runError, serveLogos } from './suite';
import { OP_CASES, isJobPoll, onTheWire, requestsByCase } from './operations';
import {
	BAD_OPTION_DOMAINS,
	BAD_OPTION_NEXT,
	BAD_OPTION_NODE,
	BAD_OPTION_WORKFLOW_ID,
	BAD_PARAM_WORKFLOW_ID,
	BRAND_RETRIEVE_BOUND,
	OPS_WORKFLOW_ID,
	PRIVATE_LOGO_NODE,
	PRIVATE_LOGO_WORKFLOW_ID,
	badOptionWorkflow,
	badParameterWorkflow,
	operationsWorkflow,
	privateLogoWorkflow,
} from './workflows';

const suite = new Suite('operations');

beforeAll(async () => {
	await suite.setUp({ workflows: [operationsWorkflow(), badParameterWorkflow()] });
});

afterAll(async () => {
	await suite.tearDown();
});

describe('1. every action operation runs inside n8n (import:workflow + execute --id)', () => {
	let result: ExecuteResult;
	let requests: RecordedRequest[] = [];
	/** The requests the nodes sent: all but the plan read, the first GET /account of the n8n process. */
	let sent: RecordedRequest[] = [];
	/** Each case's own requests, in order (see requestsByCase). */
	let own = new Map<string, RecordedRequest[]>();
	const outputs = new Map<string, Array<Record<string, unknown>>>();

	beforeAll(async () => {
		const { sandbox, n8n } = suite;
		await sandbox.reset();
		await sandbox.configure({ jobDurationMs: 500, latencyMs: 0 });
		await sandbox.clearRequests();
		result = await suite.time('execute: every operation', () => n8n.execute(OPS_WORKFLOW_ID));
		suite.saveRun('operations', result);
		requests = await sandbox.requests();
		const planRead = requests.findIndex((r) => r.method === 'GET' && r.path === '/account');
		sent = requests.filter((_, i) => i !== planRead);
		for (const c of OP_CASES) outputs.set(c.title, nodeItems(result.run, c.title));
		own = requestsByCase(OP_CASES, sent, outputs);
	});

	test('every request sent is one a case expects, or a status poll of a job it waits for', () => {
		const expected = new Set([...own.values()].flat());
		const others = sent.filter((r) => !expected.has(r));
		expect(others.filter((r) => !isJobPoll(r))).toEqual([]);
	});

	test('the cases cover every operation of the operations table', () => {
		const table = NODES.flatMap((r) => r.operations.map((o) => `${r.node}.${o.value}`)).sort();
		const covered = [...new Set(OP_CASES.map((c) => `${c.node}.${c.operation}`))].sort();
		expect(covered).toEqual(table);
	});

	test('the workflow ran to the end in n8n', () => {
		if (!result.run) {
			throw new Error(
				`n8n execute printed no run data (exit ${result.code}):\n${tail(result.stdout + result.stderr, 40)}`,
			);
		}
		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
			status: 'success',
			error: '',
		});
	});

	test.each(OP_CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
		const task = nodeTask(result.run, c.title);
		if (!task)
			throw new Error(
				`node "${c.title}" did not run (the run stopped at ${result.run?.data.resultData.lastNodeExecuted})`,
			);
		const output = outputs.get(c.title) ?? [];
		const failures = output.filter((item) => item.error !== undefined && item.jobId === undefined);
		if (task.error || failures.length > 0) {
			throw new Error(
				`n8n reported an error: ${task.error?.message ?? ''} ${JSON.stringify(failures).slice(0, 500)}`,
			);
		}
		const mine = own.get(c.title) ?? [];
		expect(mine.length).toBeGreaterThan(0);
		// What went on the wire is what the parameters say: query and body, request by request.
		expect(mine.map(onTheWire)).toEqual(c.sends.map(onTheWire));
		await c.check({ output, outputs, requests: mine, sandbox: suite.sandbox });
	});
});

describe('2. an out-of-bounds parameter', () => {
	let result: ExecuteResult;
	beforeAll(async () => {
		await suite.sandbox.reset();
		await suite.sandbox.clearRequests();
		result = await suite.time('execute: bad parameter', () =>
			suite.n8n.execute(BAD_PARAM_WORKFLOW_ID),
		);
		suite.saveRun('bad-parameter', result);
	});

	test('fails the execution with our error message', () => {
		expect(result.ok).toBe(false);
		expect(result.run?.status).toBe('error');
		const message = runError(result.run);
		expect(message).toContain('"Max Age"');
		expect(message).toContain(String(BRAND_RETRIEVE_BOUND));
		expect(message).toContain(String(BRAND_RETRIEVE_BOUND + 1));
	});

	test('sends nothing to the service', async () => {
		expect(await suite.sandbox.requests()).toEqual([]);
	});
});

describe('3. examples/brand-monitoring.json, its nodes started from a Manual Trigger', () => {
	test('one run: every watched domain is new, with its logo and a summary line', async () => {
		const { sandbox, n8n } = suite;
		await sandbox.reset();
		const example = loadExamples().find((e) => e.file === 'brand-monitoring.json')!;
		const code = example.workflow.nodes.find((n) => n.name === 'Watched domains');
		const domains = [...String(code?.parameters.jsCode).matchAll(/'([a-z0-9.-]+)'/g)].map(
			(m) => m[1],
		);
		expect(domains.length).toBeGreaterThan(0);
		// The example downloads logos: they are served on loopback, so nothing leaves the machine,
		// and its Brand node is allowed private logo hosts here (the example itself keeps it off).
		const logos = await serveLogos();
		try {
			for (const domain of domains)
				await sandbox.admin('POST', '/brands', { domain, logos: [`${logos.url}/${domain}.png`] });
			// `n8n execute` needs a Manual Trigger: the example's own nodes, started from one.
			const manual = {
				...example.workflow,
				id: 'wdE2eBrandMonitor',
				name: 'e2e: brand-monitoring.json from a Manual Trigger',
				nodes: [
					...example.workflow.nodes.map((node) =>
						node.name === 'Brand changes'
							? { ...node, parameters: { ...node.parameters, allowPrivateLogoHosts: true } }
							: node,
					),
					{
						id: 'bm-manual',
						name: 'Run now',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 300],
						parameters: {},
					},
				],
				connections: {
					...example.workflow.connections,
					'Run now': { main: [[{ node: 'Watched domains', type: 'main', index: 0 }]] },
				},
			};
			await n8n.importWorkflows([manual]);
			const result = await suite.time('execute: example brand-monitoring.json', () =>
				n8n.execute(manual.id),
			);
			suite.saveRun('example-brand-monitoring', result);
			expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
				status: 'success',
				error: '',
			});
			expect(
				(nodeTask(result.run, 'Send notification')?.data?.main?.[0] ?? []).map(
					({ json, binary }: RunItem) => [json.domain, json.summary, binary?.logo?.fileName],
				),
			).toEqual(
				domains.map((domain) => [
					domain,
					expect.stringMatching(new RegExp(`^Now watching .+ \\(${domain}\\)$`)),
					`${domain}.png`,
				]),
			);
		} finally {
			await logos.close();
		}
	});
});

describe('4. Download Logo with Allow Private Logo Hosts off', () => {
	test('a logo on loopback is refused: the brand keeps logoError, the logo server hears nothing', async () => {
		const { sandbox, n8n } = suite;
		await sandbox.reset();
		const logos = await serveLogos();
		try {
			await sandbox.admin('POST', '/brands', {
				domain: 'acme.com',
				logos: [`${logos.url}/acme.com.png`],
			});
			await n8n.importWorkflows([privateLogoWorkflow('acme.com')]);
			const result = await suite.time('execute: private logo refused', () =>
				n8n.execute(PRIVATE_LOGO_WORKFLOW_ID),
			);
			suite.saveRun('private-logo-refused', result);

			expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
				status: 'success',
				error: '',
			});
			const items = nodeTask(result.run, PRIVATE_LOGO_NODE)?.data?.main?.[0] ?? [];
			expect(items).toHaveLength(1);
			expect(items[0].binary?.logo).toBeUndefined();
			expect(items[0].json.logoError).toBe(
				`Could not download the logo ${logos.url}/acme.com.png: refused: 127.0.0.1 is a ` +
					'loopback address; turn on Allow Private Logo Hosts to download from private hosts',
			);
			expect(logos.requests).toEqual([]);
		} finally {
			await logos.close();
		}
	});
});

describe('5. the API answers with a redirect to another origin', () => {
	test('the execution fails naming the redirect; the other origin hears nothing', async () => {
		const { sandbox, n8n } = suite;
		await sandbox.reset();
		const elsewhere = await serveLogos();
		try {
			await sandbox.configure({
				failure: { status: 302, location: `${elsewhere.url}/steal`, paths: ['/brand'] },
			});
			await n8n.importWorkflows([privateLogoWorkflow('acme.com')]);
			const result = await suite.time('execute: redirected API answer', () =>
				n8n.execute(PRIVATE_LOGO_WORKFLOW_ID),
			);
			suite.saveRun('api-redirect', result);

			expect(result.run?.status).toBe('error');
			expect(runError(result.run)).toContain(
				`redirect (HTTP 302) to ${elsewhere.url}; it was not followed`,
			);
			expect(elsewhere.requests).toEqual([]);
		} finally {
			await sandbox.configure({ failure: null });
			await elsewhere.close();
		}
	});
});

describe('6. Max Concurrent Requests -1 on a node set to On Error: Continue', () => {
	test('every item carries the refusal, nothing is sent, and the next node runs', async () => {
		const { sandbox, n8n } = suite;
		await sandbox.reset();
		await sandbox.clearRequests();
		await n8n.importWorkflows([badOptionWorkflow()]);
		const result = await suite.time('execute: refused option, continue on fail', () =>
			n8n.execute(BAD_OPTION_WORKFLOW_ID),
		);
		suite.saveRun('bad-option-continue', result);

		expect({ status: result.run?.status, error: runError(result.run) }).toEqual({
			status: 'success',
			error: '',
		});
		const message =
			'Enter a valid "Max Concurrent Requests": it must be a whole number from 1 to 50 (got -1) [item 0]';
		const items = nodeTask(result.run, BAD_OPTION_NODE)?.data?.main?.[0] ?? [];
		expect(items.map((item) => [item.json.error, item.pairedItem])).toEqual(
			BAD_OPTION_DOMAINS.map((_, i) => [message, { item: i }]),
		);
		expect(nodeItems(result.run, BAD_OPTION_NEXT).map((json) => json.error)).toEqual(
			BAD_OPTION_DOMAINS.map(() => message),
		);
		expect(await sandbox.requests()).toEqual([]);
	});
});
