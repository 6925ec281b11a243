/**
 * What the live draft transcript costs: a real recording (jfk.wav six times, about 66 s) as
 * MediaRecorder-like WebM chunks through the live decoder (ffmpeg, streaming speech detector) and
 * PocketSphinx per stretch of speech, fed as fast as it goes. Prints CPU seconds (this process and
 * its children) per minute of audio, beside the reference measured in the same run: PocketSphinx
 * over the whole file at once (the offline provider's engine), as a ratio. Also the time from a
 * chunk's arrival to the text of the speech that ended in it (decode + recognition).
 *
 *   bash scripts/use-node.sh node --import tsx bench/live/run.ts
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { webmChunksOf } from '@summy/fakes/audio';
import { concatToWav16k } from '../../apps/server/src/audio/ffmpeg.ts';
import { openLiveDecoder } from '../../apps/server/src/live/live-decoder.ts';
import { pocketsphinxRecognizer } from '../../apps/server/src/live/live-recognizer.ts';
import { recognizeWav } from '../../apps/server/src/providers/stt/offline/pocketsphinx.ts';
import { testdataPath } from '../../testdata/index.ts';

/** CPU seconds of this process and its reaped children, from /proc/self/stat. */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of proc(5) (utime, stime, cutime, cstime) are 11-14 after the state field.
  const ticks = fields.slice(11, 15).reduce((s, v) => s + Number(v), 0);
  return ticks / 100;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'summy-bench-live-'));
try {
  const jfk = testdataPath('audio', 'jfk', 'jfk.wav');
  const wav = path.join(dir, 'long.wav');
  await concatToWav16k(Array(6).fill(jfk), wav);
  const chunks = await webmChunksOf(wav, path.join(dir, 'long.webm'));
  const audioS = chunks.length; // one chunk per second

  let cpu = cpuSeconds();
  let wall = Date.now();
  await recognizeWav(wav);
  const batchCpu = cpuSeconds() - cpu;
  const batchWall = (Date.now() - wall) / 1000;

  cpu = cpuSeconds();
  wall = Date.now();
  const decoder = await openLiveDecoder({ channels: 1 });
  const recognizer = pocketsphinxRecognizer({ dataDir: dir });
  const delays: number[] = [];
  let segments = 0;
  for (const chunk of [...chunks, undefined]) {
    const arrived = Date.now();
    if (chunk) {
      await decoder.write(chunk);
      await decoder.settle();
    }
    for (const s of chunk ? decoder.take() : await decoder.end()) {
      await recognizer.recognize(s.samples);
      segments++;
      delays.push(Date.now() - arrived);
    }
  }
  await recognizer.close();
  const liveCpu = cpuSeconds() - cpu;
  const liveWall = (Date.now() - wall) / 1000;
  const perMin = (x: number) => ((x / audioS) * 60).toFixed(1);
  delays.sort((a, b) => a - b);
  console.log(`audio: ${audioS} s, ${segments} live segments`);
  console.log(`live:  ${perMin(liveCpu)} CPU s per audio minute (wall ${liveWall.toFixed(1)} s)`);
  console.log(`batch: ${perMin(batchCpu)} CPU s per audio minute (wall ${batchWall.toFixed(1)} s)`);
  console.log(`ratio live/batch CPU: ${(liveCpu / batchCpu).toFixed(2)}`);
  console.log(
    `chunk arrival to text: median ${delays[delays.length >> 1]} ms, max ${delays.at(-1)} ms`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
