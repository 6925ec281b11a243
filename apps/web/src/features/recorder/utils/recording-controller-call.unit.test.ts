/**
 * The recording controller recording a call against in-memory ports: the source chosen under
 * 'Record from', the meeting's two-channel layout, both level meters, a share refused or without
 * audio, and the share stopped mid-meeting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeWorld, type FakeWorld } from '../testing/recording-fakes';
import { RecordingController } from './recording-controller';

let world: FakeWorld;
let controller: RecordingController;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  world = createFakeWorld();
  controller = new RecordingController(world.ports);
  controller.configure({
    userId: 'user-1',
    navigate: () => undefined,
    meetingsChanged: () => undefined,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets the chain of IndexedDB writes run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The analyser of a fake meter is tagged with its source. */
const kindOf = (analyser: AnalyserNode | null) => (analyser as { kind?: string } | null)?.kind;

describe('RecordingController recording a call', () => {
  it('records the microphone and the call as a two-channel meeting with two meters', async () => {
    await controller.start({ title: 'Call', source: 'microphone-and-call' });
    expect(world.log.slice(0, 2)).toEqual([
      'openInput microphone-and-call',
      'createMeeting Call ["me","them"]',
    ]);
    const snapshot = controller.getSnapshot();
    expect(snapshot).toMatchObject({ state: 'recording', source: 'microphone-and-call' });
    expect(kindOf(snapshot.analyser)).toBe('microphone');
    expect(kindOf(snapshot.callAnalyser)).toBe('call');
    expect(world.recorder.state).toBe('recording');
  });

  it("starts from the user's remembered choice when the start names none", async () => {
    world.chosen.value = 'call';
    await controller.start({ title: 'Call' });
    expect(world.log.slice(0, 2)).toEqual(['openInput call', 'createMeeting Call ["me","them"]']);
    // Call audio only: channel 0 is silence, so there is no microphone meter.
    expect(controller.getSnapshot().analyser).toBeNull();
    expect(kindOf(controller.getSnapshot().callAnalyser)).toBe('call');
  });

  it('the microphone alone stays a one-channel meeting with one meter', async () => {
    await controller.start({ title: 'Solo', source: 'microphone' });
    expect(world.log[1]).toBe('createMeeting Solo');
    expect(controller.getSnapshot().callAnalyser).toBeNull();
  });

  it('a share without audio records nothing and says what to tick', async () => {
    world.callFailure.value = 'call-no-audio';
    await controller.start({ source: 'microphone-and-call' });
    expect(world.log).toEqual([
      'openInput microphone-and-call',
      "error The shared tab has no audio: Tick 'Share tab audio' in the browser's picker, or record the microphone alone.",
    ]);
    expect(controller.getSnapshot()).toMatchObject({ state: 'idle', isStarting: false });
    expect(controller.hasRecording).toBe(false);
  });

  it("a refused share offers the microphone alone, and 'Use microphone' records it", async () => {
    world.callFailure.value = 'call-refused';
    await controller.start({ title: 'Call', source: 'microphone-and-call' });
    expect(world.log).toEqual(['openInput microphone-and-call', 'offer Call audio not shared']);
    expect(controller.getSnapshot().state).toBe('idle');

    world.offers.get('Call audio not shared')!();
    await vi.waitFor(() => expect(controller.getSnapshot().state).toBe('recording'));
    expect(world.log).toContain('openInput microphone');
    expect(world.log).toContain('createMeeting Call');
    expect(controller.getSnapshot().source).toBe('microphone');
  });

  it('sharing stopped mid-meeting: the microphone goes on and the meeting notes when', async () => {
    await controller.start({ source: 'microphone-and-call' });
    world.time.now = 4000;
    controller.pause();
    world.time.now = 9000;
    controller.resume();
    world.time.now = 11_250;
    world.log.length = 0;
    world.endCall();
    await settle();

    expect(world.log).toEqual([
      'meter closed call',
      'info Call audio ended: Recording goes on with your microphone.',
      // Recorded time, pauses excluded: 4 s + 2.25 s.
      'updateFlags m1 {"callAudioEndedAt":6.3}',
    ]);
    expect(controller.getSnapshot()).toMatchObject({
      state: 'recording',
      callEnded: true,
      callAnalyser: null,
    });
    expect(kindOf(controller.getSnapshot().analyser)).toBe('microphone');
    expect(world.recorder.state).toBe('recording');

    // A second 'ended' (the video and audio tracks both end) changes nothing.
    world.endCall();
    expect(world.log.filter((entry) => entry.includes('callAudioEndedAt'))).toHaveLength(1);
  });

  it('sharing stopped in a call-only recording ends the recording', async () => {
    await controller.start({ source: 'call' });
    world.recorder.emit(16);
    await settle();
    world.endCall();
    await vi.waitFor(() => expect(controller.getSnapshot().state).toBe('idle'));
    expect(world.log).toContain(
      'info Call audio ended: Sharing stopped, so the recording stopped.',
    );
    expect(world.log.some((entry) => entry.startsWith('stop m1'))).toBe(true);
    expect(world.log.some((entry) => entry.includes('callAudioEndedAt'))).toBe(false);
  });

  it('pause, resume and stop drive the one recorder and release both sources', async () => {
    await controller.start({ source: 'microphone-and-call' });
    world.recorder.emit(8);
    controller.pause();
    expect(world.recorder.state).toBe('paused');
    controller.resume();
    expect(world.recorder.state).toBe('recording');
    await controller.stop();
    expect(world.log).toContain('meter closed microphone');
    expect(world.log).toContain('meter closed call');
    expect(world.log).toContain('input released');
    expect(controller.getSnapshot()).toMatchObject({
      state: 'idle',
      analyser: null,
      callAnalyser: null,
    });
  });
});
