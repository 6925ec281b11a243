/**
 * Installs the local engine's test models (packages/fakes tiny-models.ts: random weights, ids
 * `tiny-…`) into a models folder, to try the benchmark's test-model path on a machine where
 * real model files cannot be downloaded: `npx tsx bench/stt/install-tiny-models.ts <dir>`, then
 * run bench/stt/run.ts with the two settings it prints. The downloads are written into
 * `<dir>/source` and installed into `<dir>/models` by the model manager's own
 * `installDownload` (SHA-256 against the catalog, extraction, the `.summy-installed.json`
 * marker last), from the local files, without a network.
 */
import path from 'node:path';
import { writeTinyModels } from '@summy/fakes/models';
import { loadModelCatalog } from '../../apps/server/src/models/catalog.ts';
import { installDownload } from '../../apps/server/src/models/install.ts';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npx tsx bench/stt/install-tiny-models.ts <dir>');
    process.exit(2);
  }
  const root = path.resolve(dir);
  const written = await writeTinyModels(path.join(root, 'source'));
  const env = { modelsDir: path.join(root, 'models'), modelsCatalogFile: written.catalogFile };
  for (const entry of loadModelCatalog(env)) {
    const installed = await installDownload(env, entry, path.join(written.archivesDir, entry.url), {
      keepFile: true,
    });
    console.error(`installed ${entry.id} in ${installed.dir}`);
  }
  console.log(`SUMMY_MODELS_DIR=${env.modelsDir} MODELS_CATALOG=${env.modelsCatalogFile}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
