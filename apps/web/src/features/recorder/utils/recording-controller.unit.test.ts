/**
 * The recording controller against in-memory ports: record, pause, resume, stop and hand-over,
 * chunks kept locally before they are sent, a failed stop that keeps the copy for recovery, a
 * meeting ended elsewhere, the denied microphone, and actions refused in the wrong state.
 */
import { backupFileName, recordingTitle } from '@summy/core';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { createFakeWorld, type FakeWorld } from '../testing/recording-fakes';
import { RecordingController } from './recording-controller';

let world: FakeWorld;
let controller: RecordingController;
let host: { navigate: Mock<(path: string) => void>; kept: Mock<() => void> };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  world = createFakeWorld();
  controller = new RecordingController(world.ports);
  host = { navigate: vi.fn<(path: string) => void>(), kept: vi.fn<() => void>() };
  controller.configure({
    userId: 'user-1',
    navigate: host.navigate,
    meetingsChanged: () => world.log.push('meetings changed'),
    onLocalCopyKept: host.kept,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets the chain of IndexedDB writes run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RecordingController', () => {
  it('starts: microphone, meeting, lock, local copy, recorder, then opens the meeting', async () => {
    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.getSnapshot().state));
    await controller.start({ title: '  Weekly sync ' });

    expect(controller.getSnapshot()).toMatchObject({
      state: 'recording',
      meetingId: 'm1',
      title: 'Weekly sync',
      isStarting: false,
      elapsedMs: 0,
    });
    expect(controller.getSnapshot().analyser).not.toBeNull();
    expect(world.log).toEqual([
      'openInput microphone',
      'createMeeting Weekly sync',
      'lock summy-recording:m1',
      'putMeta m1',
      'setCurrent m1',
      'meetings changed',
    ]);
    expect(world.local.get('m1')?.meta).toMatchObject({ userId: 'user-1', durationMs: 0 });
    expect(world.recorder.state).toBe('recording');
    expect(host.navigate).toHaveBeenCalledWith('/meeting/m1');
    expect(seen).toContain('recording');
    expect(world.ticking()).toBe(true);
  });

  it('keeps each chunk in IndexedDB before sending it, and skips empty ones', async () => {
    await controller.start();
    world.log.length = 0;
    world.recorder.emit(100);
    world.recorder.emit(0);
    world.recorder.emit(50);
    await settle();
    expect(world.log).toEqual(['putChunk m1 0', 'enqueue 0', 'putChunk m1 1', 'enqueue 1']);
    expect(controller.getSnapshot().recordedBytes).toBe(150);
    expect(world.local.get('m1')?.chunks.size).toBe(2);
  });

  it('counts recorded time without pauses and hands the recording over on stop', async () => {
    await controller.start();
    world.recorder.emit(10);
    await settle();
    world.time.now = 3500;
    controller.pause();
    expect(controller.getSnapshot()).toMatchObject({ state: 'paused', elapsedMs: 3500 });
    expect(world.recorder.state).toBe('paused');
    expect(world.ticking()).toBe(false);
    world.time.now = 10_000;
    controller.resume();
    expect(world.recorder.state).toBe('recording');
    world.time.now = 12_000;
    world.recorder.pendingBytes = 20;
    world.log.length = 0;
    await controller.stop();
    await settle();

    // The recorder's last chunk may be written before or after the media are released.
    const media = ['meter closed microphone', 'input released'];
    expect(world.log.filter((entry) => media.includes(entry))).toEqual(media);
    expect(world.log.filter((entry) => !media.includes(entry))).toEqual([
      'putChunk m1 1',
      'enqueue 1',
      'flush',
      'stop m1 5500',
      'deleteRecording m1',
      'clearCurrent m1',
      'unlock summy-recording:m1',
      'meetings changed',
    ]);
    expect(controller.getSnapshot()).toMatchObject({ state: 'idle', meetingId: null });
    expect(host.kept).not.toHaveBeenCalled();
  });

  it('marks the meeting paused and resumed on the server', async () => {
    await controller.start();
    world.log.length = 0;
    controller.pause();
    controller.resume();
    await settle();
    expect(world.log).toEqual([
      'updateFlags m1 {"isPaused":true}',
      'updateFlags m1 {"isPaused":false}',
    ]);
  });

  it('refreshes the timer once per whole second while recording', async () => {
    await controller.start();
    const before = controller.getSnapshot();
    world.time.now = 800;
    world.tick();
    expect(controller.getSnapshot()).toBe(before);
    world.time.now = 1100;
    world.tick();
    expect(controller.getSnapshot().elapsedMs).toBe(1100);
  });

  it('offline at stop: flags cleared, local copy kept, recovery offered', async () => {
    await controller.start();
    world.recorder.emit(64);
    await settle();
    world.flushError.value = new ApiRequestError('Network error', 0, 'offline');
    await controller.stop();

    expect(world.local.get('m1')?.chunks.size).toBe(1);
    expect(world.log).not.toContain('deleteRecording m1');
    expect(world.log).not.toContain('clearCurrent m1');
    expect(world.log).toContain(
      'updateFlags m1 {"isRecording":false,"isProcessing":false,"isPaused":false}',
    );
    expect(world.log).toContain(
      'error Recording failed: Network error: offline. A copy is kept in this browser; recover it to try again.',
    );
    expect(world.log).toContain('unlock summy-recording:m1');
    expect(host.kept).toHaveBeenCalledOnce();
    expect(controller.getSnapshot().state).toBe('idle');
  });

  it('the server finding no audio is not a copy worth recovering', async () => {
    await controller.start();
    world.recorder.emit(64);
    world.stopError.value = new ApiRequestError(
      'Recording failed',
      400,
      'No audio data was recorded',
    );
    await controller.stop();
    expect(host.kept).not.toHaveBeenCalled();
    expect(world.log.filter((entry) => entry.startsWith('updateFlags'))).toEqual([]);
    expect(world.log).toContain('error Recording failed: No audio data was recorded');
  });

  it('an empty recording is dropped without asking the server to process it', async () => {
    await controller.start();
    await controller.stop();
    expect(world.log).not.toContain('flush');
    expect(world.log.some((entry) => entry.startsWith('stop '))).toBe(false);
    expect(world.log).toContain('deleteRecording m1');
    expect(world.log).toContain('error Recording failed: No audio data was recorded');
  });

  it('refuses actions in the wrong state', async () => {
    controller.pause();
    controller.resume();
    await controller.stop();
    await controller.save();
    expect(world.log).toEqual([]);

    await controller.start();
    controller.resume();
    await controller.start();
    expect(world.log.filter((entry) => entry === 'openInput microphone')).toHaveLength(1);

    world.recorder.emit(8);
    const stopping = controller.stop();
    const again = controller.stop();
    controller.pause();
    await Promise.all([stopping, again]);
    expect(world.log.filter((entry) => entry.startsWith('stop '))).toHaveLength(1);
    // Neither the resume while recording nor the pause while stopping reached the server.
    expect(world.log).not.toContain('updateFlags m1 {"isPaused":true}');
    expect(world.log).not.toContain('updateFlags m1 {"isPaused":false}');
  });

  it('a second start while one is under way does nothing', async () => {
    const first = controller.start();
    const second = controller.start();
    await Promise.all([first, second]);
    expect(world.log.filter((entry) => entry === 'openInput microphone')).toHaveLength(1);
  });

  it('a refused microphone shows denied and its toast; a later grant returns to idle', async () => {
    world.denyMicrophone.value = true;
    await controller.start();
    expect(controller.getSnapshot()).toMatchObject({ state: 'denied', isStarting: false });
    expect(world.log).toEqual([
      'openInput microphone',
      'error Recording failed: Could not access microphone. Please check permissions.',
    ]);

    await controller.checkPermission();
    expect(controller.getSnapshot().state).toBe('denied');
    world.denyMicrophone.value = false;
    await controller.checkPermission();
    expect(controller.getSnapshot().state).toBe('idle');
    expect(world.log.at(-1)).toBe('input released');
  });

  it('a recorder the browser cannot create releases the microphone and the meeting', async () => {
    world.recorderFails.value = true;
    await controller.start();
    expect(controller.getSnapshot()).toMatchObject({ state: 'idle', isStarting: false });
    expect(world.log).toContain('input released');
    expect(world.log).toContain('updateFlags m1 {"isRecording":false}');
    expect(world.log.at(-1)).toBe('error Recording failed: Failed to start recording');
  });

  it('the meeting deleted elsewhere ends the recording and drops the local copy', async () => {
    await controller.start();
    world.recorder.emit(8);
    await settle();
    world.senderStops('gone');
    expect(controller.getSnapshot().state).toBe('idle');
    expect(world.recorder.state).toBe('inactive');
    expect(world.log).toContain('unlock summy-recording:m1');
    expect(world.log).toContain('deleteRecording m1');
  });

  it('the meeting stopped elsewhere ends the recording but keeps the local copy', async () => {
    await controller.start();
    world.senderStops('stopped');
    expect(controller.getSnapshot().state).toBe('idle');
    expect(world.log).not.toContain('deleteRecording m1');
  });

  it('an unplugged microphone finishes what was recorded', async () => {
    await controller.start();
    world.recorder.emit(8);
    world.unplug();
    await settle();
    expect(world.log.some((entry) => entry.startsWith('stop m1'))).toBe(true);
    expect(controller.getSnapshot().state).toBe('idle');
  });

  it('a closed tab leaves its copy for recovery: disposal keeps chunks and frees the lock', async () => {
    await controller.start();
    world.recorder.emit(32);
    await settle();
    controller.dispose();
    expect(controller.hasRecording).toBe(false);
    expect(controller.getSnapshot().state).toBe('idle');
    expect(world.local.get('m1')?.chunks.size).toBe(1);
    expect(world.log).toContain('sender disposed');
    expect(world.log).toContain('input released');
    // Recovery offers only recordings whose lock nobody holds.
    expect(world.log.at(-1)).toBe('unlock summy-recording:m1');
  });

  it('saves the audio so far, flushing the current second first', async () => {
    await controller.start();
    world.recorder.emit(10);
    world.recorder.pendingBytes = 5;
    await controller.save();
    expect(world.recorder.requests).toBe(1);
    const date = world.ports.clock.date();
    expect(world.log).toContain(`download ${backupFileName(recordingTitle(date), date)} 15`);
    expect(world.log.at(-1)).toBe('toast Recording saved');
  });

  it('page hide pushes the current second to IndexedDB', async () => {
    controller.flushForPageHide();
    await controller.start();
    controller.flushForPageHide();
    expect(world.recorder.requests).toBe(1);
  });
});
