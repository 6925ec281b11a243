import { describe, expect, it } from 'vitest';
import { parseTranscript, relabelTranscript } from './transcript.ts';

describe('stored transcript format', () => {
  it('reads labels, bracketed labels, names, and unlabelled paragraphs', () => {
    const text = [
      'Speaker 1: Hello there.',
      '[Speaker 2]: Hi.',
      'And one more thing.',
      'Project Manager: Let us start.',
      'Unknown: Mm.',
    ].join('\n\n');
    expect(parseTranscript(text)).toEqual([
      { speaker: 'Speaker 1', labelled: true, text: 'Hello there.' },
      { speaker: 'Speaker 2', labelled: true, text: 'Hi.' },
      { speaker: 'Speaker 2', labelled: false, text: 'And one more thing.' },
      { speaker: 'Project Manager', labelled: true, text: 'Let us start.' },
      { speaker: 'Unknown', labelled: true, text: 'Mm.' },
    ]);
  });

  it('defaults to Speaker 1 and reads one turn per line too', () => {
    expect(parseTranscript('no label here\nAlice: hi\nBob: hello')).toEqual([
      { speaker: 'Speaker 1', labelled: false, text: 'no label here' },
      { speaker: 'Alice', labelled: true, text: 'hi' },
      { speaker: 'Bob', labelled: true, text: 'hello' },
    ]);
    expect(parseTranscript(' \n\n ')).toEqual([]);
  });

  it('relabels only generic labels at line starts, leaving all else byte for byte', () => {
    const text = 'Speaker 1: I asked Speaker 2: why?\n\n[Speaker 2]: Because.\n\nSpeaker 3: Ok.';
    const names = new Map([
      ['Speaker 1', 'Tom'],
      ['Speaker 2', 'Maria'],
    ]);
    expect(relabelTranscript(text, names)).toBe(
      'Tom: I asked Speaker 2: why?\n\nMaria: Because.\n\nSpeaker 3: Ok.',
    );
    expect(relabelTranscript(text, new Map())).toBe(text);
  });
});
