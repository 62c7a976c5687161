// `npm run cluster`: two API nodes behind a balancer under a live auction's load (bench/cluster.ts).
import { runBuilt } from './run-built.mjs';

runBuilt('bench/cluster.ts');
