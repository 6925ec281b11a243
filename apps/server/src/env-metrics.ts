/**
 * The Prometheus metrics settings of the env schema (`loadEnv`): whether `/metrics` answers and
 * the token it asks for (metrics/routes.ts; docs/decisions/060-metrics.md).
 */
import { z } from 'zod';

/** The metrics settings, validated. */
export interface MetricsSettings {
  /** Whether `GET /metrics` serves the metrics (METRICS_ENABLED, default false: it answers 404). */
  enabled: boolean;
  /**
   * Bearer token a scraper must send (METRICS_TOKEN, at least 16 characters); undefined: only
   * loopback clients may read `/metrics`.
   */
  token: string | undefined;
}

/** The settings' schema, by name, spread into the env schema. */
export const metricsSettingsShape = {
  METRICS_ENABLED: z
    .enum(['true', 'false'], { message: 'METRICS_ENABLED must be true or false' })
    .default('false'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
    .optional(),
};

/** The validated values as {@link MetricsSettings}. */
export function metricsSettings(v: {
  METRICS_ENABLED: 'true' | 'false';
  METRICS_TOKEN?: string | undefined;
}): MetricsSettings {
  return { enabled: v.METRICS_ENABLED === 'true', token: v.METRICS_TOKEN };
}
