/**
 * The node versions of the action nodes (n8n's typeVersion); the last is the default for new
 * nodes. A module of its own: types.ts holds only types and is left out of the package.
 */
export const NODE_VERSIONS = [1, 2] as const;
export type NodeVersion = (typeof NODE_VERSIONS)[number];
export const LATEST_VERSION: NodeVersion = 2;
