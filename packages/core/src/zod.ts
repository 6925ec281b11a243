/**
 * `z` for core's schemas, imported after the browser's `jitless` setting (zod-jitless.ts says
 * why). Core modules take `z` from here, never from 'zod' itself, so wherever the bundler puts a
 * module its schemas are built after the setting. package.json lists this file and zod-jitless.ts
 * as core's only side effects: the bundler drops a bare import from a side-effect-free module (it
 * dropped `import './zod-jitless.ts'` from the index, and the security e2e spec saw three CSP
 * 'script-src eval' reports), and shakes out the core modules a route does not use.
 */
import './zod-jitless.ts';

export { z } from 'zod';
