// `npm run soak`: a mixed workload against one node for 10 minutes, memory and p99 flat (bench/soak.ts).
import { runBuilt } from './run-built.mjs';

runBuilt('bench/soak.ts');
