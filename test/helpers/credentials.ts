/**
 * The credentials side of n8n for tests: hands out decrypted test credentials and applies a
 * credential type's generic `authenticate` (headers, query string, body) the way n8n's own
 * CredentialsHelper does, resolving `{{$credentials.*}}` with n8n-workflow's expression engine.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';
import { Expression, ICredentialsHelper } from 'n8n-workflow';

/** Resolves one value of a generic authenticate: `=...{{$credentials.x}}...` or a plain value. */
export function resolveCredentialValue(
	value: unknown,
	credentials: ICredentialDataDecryptedObject,
): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return Expression.resolveWithoutWorkflow(value.slice(1), { $credentials: credentials });
}

/** Applies a credential type's generic authenticate to request options, as n8n does. */
export function applyGenericAuth(
	type: ICredentialType,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
): IHttpRequestOptions {
	const auth = type.authenticate;
	if (auth === undefined) return options;
	if (typeof auth === 'function')
		throw new Error(`${type.name}: the tests expect a generic authenticate`);
	const out: IHttpRequestOptions = { ...options };
	const resolveAll = (from: Record<string, unknown> | undefined): IDataObject =>
		Object.fromEntries(
			Object.entries(from ?? {}).map(([key, value]) => [
				key,
				resolveCredentialValue(value, credentials),
			]),
		) as IDataObject;
	const { headers, qs, body } = auth.properties as {
		headers?: Record<string, unknown>;
		qs?: Record<string, unknown>;
		body?: Record<string, unknown>;
	};
	if (headers) out.headers = { ...(options.headers ?? {}), ...resolveAll(headers) };
	if (qs) out.qs = { ...(options.qs ?? {}), ...resolveAll(qs) };
	if (body) out.body = { ...((options.body as object | undefined) ?? {}), ...resolveAll(body) };
	return out;
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

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		if (!type) throw new Error(`Unknown credential type ${typeName}`);
		return applyGenericAuth(type, credentials, requestOptions as IHttpRequestOptions);
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

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
