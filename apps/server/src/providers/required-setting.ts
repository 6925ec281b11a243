/** Reading a provider setting the provider cannot run without, for both provider catalogs. */
import type { ProviderSettingName, ProviderSettings } from '../env-providers.ts';
import { ConfigurationError } from '../env.ts';

/**
 * The value of a setting the provider needs. The catalogs create a provider only when its required
 * settings are set, so a missing one here is a caller's mistake, reported instead of sending
 * `undefined` to the vendor.
 * @throws ConfigurationError 'Missing backend configuration: NAME (needed by the LABEL provider)'
 */
export function requiredSetting(
  settings: ProviderSettings,
  name: ProviderSettingName,
  providerLabel: string,
): string {
  const value = settings[name]?.trim();
  if (!value) {
    throw new ConfigurationError(
      `Missing backend configuration: ${name} (needed by the ${providerLabel} provider)`,
    );
  }
  return value;
}
