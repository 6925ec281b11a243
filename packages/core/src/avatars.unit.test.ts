import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, avatarColorIndex, initials } from './avatars.ts';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['grace brewster murray hopper', 'GH'],
    ['Grace', 'G'],
    ['  alan   turing  ', 'AT'],
    ['ada.lovelace@acme.test', 'AL'],
    ['ada@acme.test', 'A'],
    ['mary-ann_smith@globex.test', 'MS'],
    ['Émile Zola', 'ÉZ'],
    ['李 小龙', '李小'],
    ['(Ops) Team', 'OT'],
    ['2nd floor room', '2R'],
    ['', '?'],
    ['  @@ ', '?'],
  ])('%j gives %j', (input, expected) => {
    expect(initials(input)).toBe(expected);
  });

  it('never gives more than two characters', () => {
    for (const name of ['A B C D E', 'x.y.z@w.test', 'Jean-Luc Picard-Smith']) {
      expect(Array.from(initials(name)).length).toBeLessThanOrEqual(2);
    }
  });
});

describe('avatar palette', () => {
  it('has 8 distinct colours with both themes', () => {
    expect(AVATAR_PALETTE).toHaveLength(8);
    expect(new Set(AVATAR_PALETTE.map((color) => color.light.background)).size).toBe(8);
    expect(new Set(AVATAR_PALETTE.map((color) => color.dark.background)).size).toBe(8);
    for (const color of AVATAR_PALETTE) {
      expect(color.light.foreground).toMatch(/^#[0-9a-f]{6}$/);
      expect(color.dark.foreground).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('keeps a colour per person, whatever the case or surrounding spaces', () => {
    expect(avatarColor('Ada@Acme.test ')).toBe(avatarColor('ada@acme.test'));
    expect(avatarColorIndex('grace@globex.test')).toBe(avatarColorIndex('grace@globex.test'));
  });

  it('spreads people over all 8 colours', () => {
    const used = new Set<number>();
    for (let i = 0; i < 64; i += 1) used.add(avatarColorIndex(`person${i}@acme.test`));
    expect(used.size).toBe(8);
  });

  it('pins known people to their colour, so a hash change shows up here', () => {
    const names = ['ada@acme.test', 'grace@globex.test', 'alan@acme.test'].map(
      (key) => avatarColor(key).name,
    );
    expect(names).toMatchInlineSnapshot(`
      [
        "emerald",
        "indigo",
        "fuchsia",
      ]
    `);
  });
});
