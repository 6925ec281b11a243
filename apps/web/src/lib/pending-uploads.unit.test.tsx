import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isTemporaryId, pendingUploads, usePendingUploads } from '@/lib/pending-uploads';

function Titles() {
  return (
    <ul>
      {usePendingUploads().map((u) => (
        <li key={u.id}>{`${u.title} ${u.loaded}/${u.total}`}</li>
      ))}
    </ul>
  );
}

describe('pending uploads', () => {
  it('adds placeholders newest first, updates progress and removes them', () => {
    const date = new Date(0).toISOString();
    pendingUploads.add({ id: 'temp-a', title: 'a', loaded: 0, total: 10, date });
    pendingUploads.add({ id: 'temp-b', title: 'b', loaded: 0, total: 20, date });
    pendingUploads.update('temp-a', { loaded: 5 });
    pendingUploads.update('temp-missing', { loaded: 1 });
    expect(renderToStaticMarkup(<Titles />)).toBe('<ul><li>b 0/20</li><li>a 5/10</li></ul>');
    pendingUploads.remove('temp-b');
    pendingUploads.remove('temp-a');
    expect(pendingUploads.getSnapshot()).toEqual([]);
  });

  it('recognises placeholder ids by their temp- prefix', () => {
    expect(isTemporaryId('temp-123')).toBe(true);
    expect(isTemporaryId('6f1c0d3e-0000-4000-8000-000000000000')).toBe(false);
  });
});
