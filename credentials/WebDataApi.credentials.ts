import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

export class WebDataApi implements ICredentialType {
	name = 'webDataApi';

	displayName = 'Web Data API';

	icon: Icon = { light: 'file:../icons/webdata.svg', dark: 'file:../icons/webdata.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-webdata#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			placeholder: 'e.g. bc_...',
			description: 'Your Web Data Service API key. It starts with bc_.',
		},
		{
			displayName: 'This does not look like a Web Data API key: keys start with bc_',
			name: 'keyPrefixNotice',
			type: 'notice',
			default: '',
			// Shown only for a key typed now. Reopening a saved credential, n8n 2.x gives this
			// condition a placeholder (`__n8n_BLANK_VALUE_...`, `__n8n_EMPTY_VALUE_...`) instead of
			// the saved key, and an expression (`={{ ... }}`) is not the key either: neither can be
			// judged here. The nodes refuse a key without bc_ before any request.
			displayOptions: {
				hide: {
					apiKey: [
						'',
						{ _cnd: { startsWith: 'bc_' } },
						{ _cnd: { startsWith: '__n8n_' } },
						{ _cnd: { startsWith: '=' } },
					],
				},
			},
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://api.example.com/v1',
			description:
				'The address of the Web Data Service API your account uses, as given with your API key',
		},
	];

	// The key goes only to the Web Data API, only through this package's nodes: they set the
	// header themselves, and without a generic `authenticate` n8n's HTTP Request node neither
	// offers the credential nor sends the key if a workflow names it. No `restrictToSupportedNodes`:
	// n8n 2.x fills the supported nodes only for packages in .n8n/nodes, so from .n8n/custom,
	// `n8n-node dev` or N8N_CUSTOM_EXTENSIONS it refused our own nodes. See docs/security.md.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/account',
			method: 'GET',
			headers: { Authorization: '=Bearer {{$credentials.apiKey}}' },
			// The key goes to the Base URL only: a redirect fails the test instead of being followed.
			disableFollowRedirect: true,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message: 'The Web Data API refused the key',
				},
			},
		],
	};
}
