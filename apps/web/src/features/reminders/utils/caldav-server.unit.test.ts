/** The connect dialog's server choice turned into the CalDAV URL the server is given. */
import { describe, expect, it } from 'vitest';
import { caldavServerUrl, needsAddress, normaliseAddress, presetOf } from './caldav-server';

describe('caldavServerUrl', () => {
  it('uses the fixed URLs of iCloud and Fastmail whatever was typed', () => {
    expect(caldavServerUrl('icloud', '')).toBe('https://caldav.icloud.com');
    expect(caldavServerUrl('fastmail', 'ignored')).toBe('https://caldav.fastmail.com/dav/');
    expect(needsAddress('icloud')).toBe(false);
  });

  it("puts Nextcloud's DAV root under the typed host, once", () => {
    expect(caldavServerUrl('nextcloud', 'cloud.example.com')).toBe(
      'https://cloud.example.com/remote.php/dav',
    );
    expect(caldavServerUrl('nextcloud', 'https://cloud.example.com/nc/')).toBe(
      'https://cloud.example.com/nc/remote.php/dav',
    );
    expect(caldavServerUrl('nextcloud', 'https://cloud.example.com/remote.php/dav/')).toBe(
      'https://cloud.example.com/remote.php/dav',
    );
  });

  it('takes another server as typed, adding https:// when no scheme is given', () => {
    expect(caldavServerUrl('other', 'http://127.0.0.1:5232')).toBe('http://127.0.0.1:5232/');
    expect(caldavServerUrl('other', ' dav.example.com/caldav ')).toBe(
      'https://dav.example.com/caldav',
    );
  });

  it('refuses a missing address or a scheme other than http(s)', () => {
    expect(caldavServerUrl('other', '')).toBeNull();
    expect(caldavServerUrl('nextcloud', '   ')).toBeNull();
    expect(normaliseAddress('ftp://dav.example.com')).toBeNull();
    expect(normaliseAddress('https://exa mple.com')).toBeNull();
  });
});

describe('presetOf', () => {
  it('recognises the stored URL of each preset', () => {
    expect(presetOf('https://caldav.icloud.com')).toBe('icloud');
    expect(presetOf('https://caldav.icloud.com/')).toBe('icloud');
    expect(presetOf('https://caldav.fastmail.com/dav/')).toBe('fastmail');
    expect(presetOf('https://cloud.example.com/remote.php/dav')).toBe('nextcloud');
    expect(presetOf('http://127.0.0.1:5232/')).toBe('other');
    expect(presetOf(null)).toBe('other');
  });
});
