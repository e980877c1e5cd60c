/**
 * The minimal node of `npm run bench:n8n`: for each item, GET `<Base URL>/brand/retrieve?domain=`
 * through n8n's own `this.helpers.httpRequestWithAuthentication` with n8n's Header Auth credential
 * holding the key (its generic `authenticate`, evaluated by n8n per request; the Web Data
 * credential is refused to nodes of other packages), `Concurrency` requests at once, the
 * domain read per item with getNodeParameter. No pacing, retries, validation or body cap: the
 * ceiling of n8n's own machinery, printed beside Web Data Brand. Not part of the package: the
 * benchmark installs it as a package of its own (bench/minimalNode/install.ts).
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	NodeConnectionType,
} from 'n8n-workflow';

export class BenchMinimal implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bench Minimal Brand',
		name: 'benchMinimal',
		group: ['transform'],
		version: 1,
		description: 'GET /brand/retrieve per item through httpRequestWithAuthentication',
		defaults: { name: 'Bench Minimal Brand' },
		// Strings, not NodeConnectionTypes: the node needs nothing of n8n-workflow at runtime.
		inputs: ['main' as NodeConnectionType],
		outputs: ['main' as NodeConnectionType],
		credentials: [{ name: 'httpHeaderAuth', required: true }],
		properties: [
			{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
			{ displayName: 'Domain', name: 'domain', type: 'string', default: '' },
			{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 10 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const baseUrl = this.getNodeParameter('baseUrl', 0) as string;
		const url = `${baseUrl.replace(/\/+$/, '')}/brand/retrieve`;
		const concurrency = this.getNodeParameter('concurrency', 0, 10) as number;
		const out: INodeExecutionData[] = new Array(items.length);
		let next = 0;
		// `concurrency` loops take the items in order, one request each at a time.
		const loop = async () => {
			while (next < items.length) {
				const i = next++;
				const pairedItem = { item: i };
				try {
					const domain = this.getNodeParameter('domain', i) as string;
					const json = (await this.helpers.httpRequestWithAuthentication.call(
						this,
						'httpHeaderAuth',
						{
							method: 'GET',
							url,
							qs: { domain },
							json: true,
						},
					)) as IDataObject;
					out[i] = { json, pairedItem };
				} catch (error) {
					if (!this.continueOnFail()) throw error;
					const { message, httpCode } = error as Error & { httpCode?: string };
					out[i] = { json: { error: message, httpCode }, pairedItem };
				}
			}
		};
		await Promise.all(Array.from({ length: Math.max(1, concurrency) }, loop));
		return [out];
	}
}
