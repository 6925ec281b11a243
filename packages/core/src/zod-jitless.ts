/**
 * Turns off zod's just-in-time parsers in browsers; imported first by index.ts, before any schema
 * is built (zod decides when an object schema is created). To know whether it may compile parsers,
 * zod probes `new Function('')`, and under Summy's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') the browser reports that probe as a violation even though zod catches the error.
 * With `jitless` zod skips the probe (zod/v4/core/util.js `allowsEval`) and uses its interpreter.
 * Set here rather than in the web app's entry: the bundler runs the chunk holding zod and these
 * schemas before the entry's own code. The server keeps the compiled parsers.
 */
import { config } from 'zod';

if ('document' in globalThis) config({ jitless: true });
