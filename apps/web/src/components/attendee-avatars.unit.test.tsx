import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AttendeeAvatars, PersonAvatar } from './attendee-avatars';
import { TooltipProvider } from './ui/tooltip';

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(<TooltipProvider>{node}</TooltipProvider>);
}

const people = Array.from({ length: 8 }, (_, i) => ({
  email: `person${i}@acme.test`,
  name: `Person ${String.fromCharCode(65 + i)}ay`,
}));

describe('AttendeeAvatars', () => {
  it('draws at most 5 focusable avatars, then +N for the rest', () => {
    const html = render(<AttendeeAvatars attendees={people} />);
    expect(html.match(/data-slot="avatar"/g)).toHaveLength(5);
    expect(html.match(/<button/g)).toHaveLength(6);
    expect(html).toContain('aria-label="3 more attendees"');
    expect(html).toContain('>+3</button>');
    expect(html).toContain('aria-label="Person Aay (person0@acme.test)"');
    expect(html).not.toContain('person5@acme.test');
  });

  it('has no +N when everyone fits, and nothing at all without attendees', () => {
    const html = render(<AttendeeAvatars attendees={people.slice(0, 5)} />);
    expect(html).not.toContain('more attendees');
    expect(render(<AttendeeAvatars attendees={[]} />)).toBe('');
  });

  it("names people by e-mail alone when their name is only the e-mail's local part", () => {
    const html = render(
      <AttendeeAvatars
        attendees={[
          { email: 'legal@umbrella.test', name: 'legal' },
          { email: 'ops@acme.test', name: null },
        ]}
      />,
    );
    expect(html).toContain('aria-label="legal@umbrella.test"');
    expect(html).toContain('aria-label="ops@acme.test"');
  });

  it('honours a smaller max', () => {
    const html = render(<AttendeeAvatars attendees={people} max={2} />);
    expect(html.match(/data-slot="avatar"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="6 more attendees"');
  });
});

describe('PersonAvatar', () => {
  it('shows initials on a palette colour under the photo, so a failed photo leaves them', () => {
    const html = render(
      <PersonAvatar
        person={{ email: 'ada@acme.test', name: 'Ada Lovelace', photoUrl: 'https://p/1.jpg' }}
      />,
    );
    expect(html).toMatch(/>AL<img[^>]+src="https:\/\/p\/1.jpg"/);
    expect(html).toMatch(/--avatar-bg:#[0-9a-f]{6}/);
    expect(html).toMatch(/--avatar-bg-dark:#[0-9a-f]{6}/);
  });

  it('takes initials from the e-mail without a name', () => {
    const html = render(<PersonAvatar person={{ email: 'grace.hopper@globex.test' }} />);
    expect(html).toContain('>GH</span>');
    expect(html).not.toContain('<img');
  });
});
