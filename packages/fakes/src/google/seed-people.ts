/** The Google fake's seeded people: contacts, Workspace directories and the People API person shape. */
import { createHash } from 'node:crypto';
import type { FakeGoogleAccount, FakePerson, PersonSource } from './types.ts';

const FIRST = ['Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Heidi', 'Ivan', 'Judy', 'Mallory', 'Niaj'];
const LAST = [
  'Smith',
  'Jones',
  'Okafor',
  'Nakamura',
  'Garcia',
  'Novak',
  'Rossi',
  'Kowalski',
  'Silva',
  'Müller',
  'Dubois',
  'Larsen',
  'Haddad',
];
/** The organisations ada@acme.test's contacts work at. */
export const ORGS = ['acme.test', 'globex.test', 'initech.test', 'umbrella.test', 'hooli.test'];

function personName(i: number): { given: string; family: string } {
  return {
    given: FIRST[i % FIRST.length]!,
    family: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
  };
}

function emailOf(given: string, family: string, domain: string): string {
  const local = `${given}.${family}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return `${local}@${domain}`;
}

/**
 * A People API person. `photoBase` is the fake's origin: photos are served by the fake itself
 * (`/fake/photos/{id}.svg`), so nothing reaches Google's image hosts.
 */
export function makePerson(
  resourceName: string,
  source: PersonSource,
  email: string,
  photoBase: string,
  name?: { given: string; family: string },
  withPhoto = true,
): FakePerson {
  const metadata = { primary: true, source };
  const person: FakePerson = {
    resourceName,
    etag: `%${createHash('sha1')
      .update(resourceName + email)
      .digest('base64url')
      .slice(0, 20)}`,
    emailAddresses: [{ metadata, value: email }],
  };
  if (name) {
    person.names = [
      {
        metadata,
        displayName: `${name.given} ${name.family}`,
        givenName: name.given,
        familyName: name.family,
      },
    ];
  }
  if (withPhoto) {
    person.photos = [{ metadata, url: `${photoBase}/fake/photos/${source.id}.svg` }];
  }
  return person;
}

/** `count` contacts spread over `domains`; `salt` keeps each account's ids apart. */
export function contactsFor(
  photoBase: string,
  domains: string[],
  count: number,
  salt: string,
): FakePerson[] {
  return Array.from({ length: count }, (_, i) => {
    const name = personName(i);
    const domain = domains[i % domains.length]!;
    const id = createHash('sha1').update(`${salt}${i}`).digest('hex').slice(0, 16);
    // Some colleagues are saved without a name or photo: the documented contact sync enriches
    // organisation contacts from the directory.
    const sparse = domain === 'acme.test' && i % 4 === 0;
    return makePerson(
      `people/c${BigInt(`0x${id}`).toString().slice(0, 19)}`,
      { type: 'CONTACT', id },
      emailOf(name.given, name.family, domain),
      photoBase,
      sparse ? undefined : name,
      !sparse && i % 7 !== 0,
    );
  });
}

/** A Workspace directory of `count` profiles, `self` first. */
export function directoryFor(
  domain: string,
  photoBase: string,
  count: number,
  self: FakeGoogleAccount,
): FakePerson[] {
  const profile = (i: number, given: string, family: string, email: string) => {
    const id = `1${String(10_000_000_000_000_000n + BigInt(i) * 7919n).slice(1)}`;
    return makePerson(`people/${id}`, { type: 'DOMAIN_PROFILE', id }, email, photoBase, {
      given,
      family,
    });
  };
  return [
    profile(0, self.givenName, self.familyName, self.email),
    ...Array.from({ length: count - 1 }, (_, i) => {
      const { given, family } = personName(i);
      return profile(i + 1, given, family, emailOf(given, family, domain));
    }),
  ];
}
