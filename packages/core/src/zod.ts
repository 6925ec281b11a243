/**
 * `z` for core's schemas, imported after the browser's `jitless` setting (zod-jitless.ts says
 * why). Core modules take `z` from here, never from 'zod' itself: with `sideEffects` declared
 * (package.json) the bundler may split core into chunks, and a chunk that imports 'zod' directly
 * can build its schemas before the setting runs (seen: three CSP 'script-src eval' reports).
 */
import './zod-jitless.ts';

export { z } from 'zod';
