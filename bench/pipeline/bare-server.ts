/**
 * The bare upload server as a process of its own, the memory reference of bench/pipeline:
 * `node --import tsx bench/pipeline/bare-server.ts <dir>` prints `listening <url>` and streams
 * every request body to a file in `<dir>` until SIGTERM.
 */
import { startBareUploadServer } from './upload.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: bare-server.ts <dir>');
  process.exit(2);
}
const server = await startBareUploadServer(dir);
console.log(`listening ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
