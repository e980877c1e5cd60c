/**
 * A module of the built package (dist/), the very instance the nodes that loadPackage loaded
 * (devkit/package.ts) use: jest's module registry is shared with n8n-core's loader. For a test
 * that reaches a node's own module state (the trigger's token memory, the accounts' pacers);
 * importing the source instead would make a second instance the node never sees. Typed by its
 * source: `fromDist<typeof Accounts>('nodes/shared/transport/accounts')` with
 * `import type * as Accounts from '../../nodes/shared/transport/accounts'`.
 */
import * as path from 'node:path';

import { ROOT } from '../../devkit/root';

export function fromDist<Module>(sourcePath: string): Module {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(path.join(ROOT, 'dist', `${sourcePath}.js`)) as Module;
}
