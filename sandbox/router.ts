/** Finds the contract endpoint of a request by method and path template. */
import { ENDPOINTS } from '../contract';
import type { Endpoint, EndpointId, HttpMethod } from '../contract';

export interface Route {
	/** The endpoint's one name: the key of handlers and response schemas. */
	id: EndpointId;
	method: HttpMethod;
	template: string;
	endpoint: Endpoint;
}

export const ROUTES: readonly Route[] = (
	Object.entries(ENDPOINTS) as Array<[EndpointId, Endpoint]>
).map(([id, endpoint]) => ({ id, method: endpoint.method, template: endpoint.path, endpoint }));

export type RouteMatch =
	| { found: true; route: Route; params: Record<string, string> }
	| { found: false; status: 404 | 405; allowed?: string[] };

function matchTemplate(template: string, path: string): Record<string, string> | null {
	const want = template.split('/');
	const got = path.split('/');
	if (want.length !== got.length) return null;
	const params: Record<string, string> = {};
	for (let i = 0; i < want.length; i++) {
		const name = /^\{(\w+)\}$/.exec(want[i])?.[1];
		if (name) {
			if (got[i] === '') return null;
			try {
				params[name] = decodeURIComponent(got[i]);
			} catch {
				return null;
			}
		} else if (want[i] !== got[i]) {
			return null;
		}
	}
	return params;
}

export function matchRoute(method: string, rawPath: string): RouteMatch {
	const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
	const allowed: string[] = [];
	for (const route of ROUTES) {
		const params = matchTemplate(route.template, path);
		if (!params) continue;
		if (route.method === method) return { found: true, route, params };
		allowed.push(route.method);
	}
	return allowed.length > 0
		? { found: false, status: 405, allowed }
		: { found: false, status: 404 };
}
