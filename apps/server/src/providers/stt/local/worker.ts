/**
 * Entry of the local speech engine's worker process (./engine.ts): receives one job over IPC,
 * answers stages, progress and one outcome, then exits. Started by ./local-provider.ts through
 * `setpriv --pdeathsig KILL`, so it dies with the server; it also exits when the server closes
 * the channel. Bundled as dist/stt-local-worker.js (scripts/build-server.mjs).
 */
import { AudioProbeError } from '../../../audio/ffmpeg.ts';
import { runLocalJob, type LocalJob, type WorkerMessage } from './engine.ts';

const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send || !process.connected) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });

process.on('disconnect', () => process.exit(1));
process.once('message', (job: LocalJob) => {
  void (async () => {
    try {
      const result = await runLocalJob(job, (m) => void send(m));
      await send({ type: 'result', result });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await send({
        type: 'error',
        kind: err instanceof AudioProbeError ? 'audio' : 'failed',
        message,
      });
    }
    process.exit(0);
  })();
});
