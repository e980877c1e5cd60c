/** n8n's CredentialsHelper for tests: hands out the test credentials, counting how often. */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';
import { Expression, ICredentialsHelper } from 'n8n-workflow';

/** Resolves one value of a credential's request: `=...{{$credentials.x}}...` or a plain value. */
export function resolveCredentialValue(
	value: unknown,
	credentials: ICredentialDataDecryptedObject,
): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return Expression.resolveWithoutWorkflow(value.slice(1), { $credentials: credentials });
}

export class TestCredentialsHelper extends ICredentialsHelper {
	/** How often n8n asked for a decrypted credential (in real n8n: a database read and a decryption each). */
	decryptions = 0;

	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.types[name]?.extends ?? [];
	}

	isCredentialUsableByNode = () => true;

	/** n8n applies a credential's generic `authenticate` here; ours has none (the nodes set the header). */
	async authenticate(
		_credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		if (!type) throw new Error(`Unknown credential type ${typeName}`);
		if (type.authenticate) throw new Error(`${typeName}: the tests expect no authenticate`);
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(): Promise<undefined> {}

	async runPreAuthentication(): Promise<undefined> {}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('getCredentials is not used by these tests');
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: unknown,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		this.decryptions++;
		// A copy: n8n and the node may mutate what they get.
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}
