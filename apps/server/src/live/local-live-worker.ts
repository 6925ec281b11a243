/**
 * Entry of the live transcript's local engine process (./local-live-recognizer.ts): loads one
 * sherpa-onnx recognizer once, then recognises stretch after stretch sent over IPC. A bad model
 * can abort a process running sherpa-onnx, so this never runs in the server's. Started through
 * `setpriv --pdeathsig KILL`; it also exits when the server closes the channel. Bundled as
 * dist/live-stt-worker.js (scripts/build-server.mjs).
 */
import { createRequire } from 'node:module';
import type * as SherpaOnnx from 'sherpa-onnx-node';
import { SPEECH_SAMPLE_RATE } from '../audio/ffmpeg.ts';
import { recognizerConfig } from '../providers/stt/local/engine.ts';
import { wordsFromResult } from '../providers/stt/local/words.ts';
import type { LiveWorkerReply, LiveWorkerRequest } from './local-live-recognizer.ts';

type Sherpa = typeof SherpaOnnx;
let recognizer: SherpaOnnx.OfflineRecognizer | undefined;

const send = (reply: LiveWorkerReply) => {
  if (process.send && process.connected) process.send(reply);
};

process.on('disconnect', () => process.exit(1));
process.on('message', (m: LiveWorkerRequest) => {
  try {
    if (m.type === 'init') {
      const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as Sherpa;
      recognizer = new sherpa.OfflineRecognizer(recognizerConfig(m, m.threads));
      send({ type: 'ready' });
      return;
    }
    if (!recognizer) throw new Error('The recognizer is not loaded');
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: m.samples, sampleRate: SPEECH_SAMPLE_RATE });
    recognizer.decode(stream);
    // The words as the final pass reads them: special tokens dropped, word pieces joined.
    const words = wordsFromResult(recognizer.getResult(stream), 0, m.samples.length);
    send({ type: 'text', id: m.id, text: words.map((w) => w.word).join(' ') });
  } catch (err) {
    send({
      type: 'error',
      id: m.type === 'recognize' ? m.id : undefined,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
