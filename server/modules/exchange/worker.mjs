// The worker's entry, in JavaScript: it teaches the thread TypeScript (as tsx does for the server) before loading
// the reader, which a worker cannot be told through its command-line options.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
