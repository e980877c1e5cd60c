/**
 * `npm run bench:memory`: builds (WEBDATA_SKIP_BUILD=1 skips it), then runs bench/n8n/memory.ts
 * (what it measures, its targets and WEBDATA_BENCH_SIZES: bench/README.md).
 */
import { runBench } from './bench-n8n';

export const run = () => runBench('memory.js');
