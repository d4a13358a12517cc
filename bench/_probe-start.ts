import { startBenchPlatform } from './bench-platform';
const child = await startBenchPlatform(8390, 'probe', 1_000_000, { timeoutMs: 30 * 60_000 });
console.log('up', child.pid);
child.unref();
process.exit(0);
