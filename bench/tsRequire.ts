/**
 * Lets the compiled bench require the TypeScript test harness (test/helpers/) from its source
 * folder, transpiled on the fly with the project's TypeScript, so the bench runs our nodes
 * through exactly the n8n-core harness the tests use (and the harness finds the checkout from
 * its own location, as it does under jest).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

let registered = false;

export function registerTypeScript(): void {
	if (registered) return;
	registered = true;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const ts = require('typescript') as typeof import('typescript');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const Module = require('node:module') as {
		_extensions: Record<
			string,
			(
				module: NodeJS.Module & { _compile: (code: string, file: string) => void },
				file: string,
			) => void
		>;
	};
	Module._extensions['.ts'] = (module, file) => {
		const source = fs.readFileSync(file, 'utf8');
		const { outputText } = ts.transpileModule(source, {
			fileName: file,
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2022,
				esModuleInterop: true,
				useUnknownInCatchVariables: false,
				sourceMap: false,
			},
		});
		module._compile(outputText, file);
	};
}

/** The checkout: the folder above dist-dev/bench (compiled) or bench (source) with package.json. */
export function repoRoot(from = __dirname): string {
	let dir = from;
	for (;;) {
		if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'nodes')))
			return dir;
		const parent = path.dirname(dir);
		if (parent === dir) throw new Error(`cannot find the checkout above ${from}`);
		dir = parent;
	}
}
