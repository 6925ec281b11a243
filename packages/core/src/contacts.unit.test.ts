import { describe, expect, it } from 'vitest';
import {
  contactLookupQuerySchema,
  emailDomain,
  isRoomOrGroupAddress,
  organizationAttendees,
  organizationDomainOf,
} from './contacts.ts';

describe('isRoomOrGroupAddress', () => {
  it.each([
    ['c_1888a4d6e0b1f2e3@resource.calendar.google.com', true],
    ['c_team@acme.test', true],
    ['board-room@resource.acme.test', true],
    ['eng-group@acme.test', true],
    ['eng.group@acme.test', true],
    ['ENG.GROUP@ACME.TEST', true],
    ['bob.smith@acme.test', false],
    ['grouper@acme.test', false],
    ['marc_c@acme.test', false],
  ])('%s -> %s', (email, expected) => {
    expect(isRoomOrGroupAddress(email)).toBe(expected);
  });
});

describe('organizationAttendees', () => {
  it('keeps only the organisation domain, drops rooms and groups, de-duplicates by e-mail', () => {
    const kept = organizationAttendees(
      [
        { email: 'Bob.Smith@Acme.test' },
        { email: 'bob.smith@acme.test', displayName: 'Bob Smith' },
        { email: 'carol@globex.test', displayName: 'Carol' },
        { email: 'eng-group@acme.test' },
        { email: 'c_room@acme.test' },
        { email: 'x@sub.acme.test' },
        { email: 'erin@acme.test', displayName: ' Erin ' },
        { email: 'erin@acme.test', displayName: 'Other' },
      ],
      'ACME.test',
    );
    expect(kept).toEqual([
      { email: 'bob.smith@acme.test', displayName: 'Bob Smith' },
      { email: 'erin@acme.test', displayName: 'Erin' },
    ]);
  });

  it('reads the domain after the last @', () => {
    expect(emailDomain('a@b@Acme.Test')).toBe('acme.test');
    expect(emailDomain('nobody')).toBeNull();
    expect(emailDomain('trailing@')).toBeNull();
  });
});

describe('contactLookupQuerySchema', () => {
  it('takes one or many e-mails, at most 100', () => {
    expect(contactLookupQuerySchema.parse({ email: 'a@b.test' }).email).toEqual(['a@b.test']);
    expect(contactLookupQuerySchema.parse({ email: ['a@b.test', 'c@d.test'] }).email).toHaveLength(
      2,
    );
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@x.test`);
    expect(contactLookupQuerySchema.safeParse({ email: many }).success).toBe(false);
    expect(contactLookupQuerySchema.safeParse({ email: 'a\u0000@b.test' }).success).toBe(false);
  });
});

describe('organizationDomainOf', () => {
  it("is the account's hosted domain (hd), lower-cased", () => {
    expect(organizationDomainOf('Acme.test')).toBe('acme.test');
    expect(organizationDomainOf('globex.test')).toBe('globex.test');
  });

  it('is null for a consumer account, which has no hd claim, whatever its mail domain', () => {
    expect(organizationDomainOf(undefined)).toBeNull();
    expect(organizationDomainOf(null)).toBeNull();
    expect(organizationDomainOf('')).toBeNull();
  });

  it('never names a consumer mail domain', () => {
    for (const domain of [
      'gmail.com',
      'googlemail.com',
      'outlook.com',
      'hotmail.com',
      'hotmail.co.uk',
      'live.com',
      'yahoo.com',
      'yahoo.com.br',
      'icloud.com',
      'me.com',
      'proton.me',
      'protonmail.com',
      'aol.com',
      'gmx.de',
      'gmx.net',
      'GMX.at',
    ])
      expect(organizationDomainOf(domain), domain).toBeNull();
    // Look-alikes of real organisations stay theirs.
    for (const domain of ['gmx-group.com', 'outlook.example.com', 'mail.acme.test'])
      expect(organizationDomainOf(domain), domain).toBe(domain);
  });
});
