// Bundles the server and the CLI into apps/server/dist with esbuild, so `npm start` runs plain
// Node: running the TypeScript sources through tsx costs about 40 MB of memory at rest
// (docs/decisions/008-server-bundle.md). npm packages stay external; workspace packages
// (@summy/*) are bundled, since they ship TypeScript sources.
// `node scripts/build-server.mjs [OUTDIR]`: OUTDIR (default apps/server/dist) two folders below the
// repository root, as apps/server/dist is, so that the bundle finds the npm packages the same way;
// the tests' spawned servers run a bundle of their own (apps/server/test/server-bundle.ts).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'apps/server/src/main.ts',
    summy: 'apps/server/src/cli/summy.ts',
    // The local speech engine's worker process (providers/stt/local/local-provider.ts starts
    // dist/stt-local-worker.js beside the chunk that holds it). sherpa-onnx-node, a native
    // addon, stays external like every npm package and is required at run time.
    'stt-local-worker': 'apps/server/src/providers/stt/local/worker.ts',
    // The live transcript's local engine process (live/local-live-recognizer.ts starts
    // dist/live-stt-worker.js beside the chunk that holds it).
    'live-stt-worker': 'apps/server/src/live/local-live-worker.ts',
    // The local language model's worker process (providers/llm/local/engine.ts starts
    // dist/llm-local-worker.js beside the chunk that holds it); node-llama-cpp stays external.
    'llm-local-worker': 'apps/server/src/providers/llm/local/worker.ts',
    // The offline text model's worker thread (providers/llm/offline/text-pool.ts starts
    // dist/offline-text-worker.js beside the chunk that holds it).
    'offline-text-worker': 'apps/server/src/providers/llm/offline/text-worker.ts',
    // The export threads (services/export/export-threads.ts starts dist/export-worker.js beside
    // the chunk that holds it; docs/decisions/066-documents-off-the-event-loop.md).
    'export-worker': 'apps/server/src/services/export/export-worker.ts',
    // PGlite's thread (packages/db/src/pglite-thread.ts starts dist/pglite-worker.js beside the
    // chunk that holds it; docs/decisions/041-pglite-on-a-worker-thread.md).
    'pglite-worker': 'packages/db/src/pglite-worker.ts',
  },
  outdir: process.argv[2] ?? 'apps/server/dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@summy/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
