/**
 * compose.yaml holds together without a container runtime (none runs on the test machines; npm run
 * image:check builds and starts the image itself): its services, health checks, start order and
 * volumes are consistent, it matches the Containerfile, and the settings it gives Summy's services
 * pass Summy's own settings parser with the role each service is for.
 * docs/decisions/062-container-image.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_SETTING_NAMES, loadEnv } from '../apps/server/src/env.ts';

const repo = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  env_file?: string;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { services } = compose;
const summyServices = ['web', 'worker'];

/** The .env values the compose file asks for, as an operator would set them. */
const DOT_ENV: Record<string, string> = {
  AUTH_SECRET: 'a'.repeat(32),
  POSTGRES_PASSWORD: 'postgres-secret',
  S3_ACCESS_KEY_ID: 'summy',
  S3_SECRET_ACCESS_KEY: 's3-secret-key',
};

/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` ($$ is a
 * dollar), from `vars`.
 * @throws Error with the message of a `:?` variable that `vars` lacks
 */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (all, name, op, arg) => {
    if (all === '$$') return '$';
    const value = vars[name];
    if (value) return value;
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? arg : '';
  });
}

/** The Containerfile's instructions of one kind, in order (continuation lines joined). */
function instructions(kind: string): string[] {
  return read('Containerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.startsWith(`${kind} `))
    .map((line) => line.slice(kind.length + 1).trim());
}
const imageEnv = Object.fromEntries(
  instructions('ENV')
    .flatMap((line) => line.split(/\s+/))
    .map((pair) => pair.split('=')),
);

describe('compose.yaml', () => {
  it('runs Summy as web and worker beside PostgreSQL, S3 and the bucket it needs', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['createbucket', 'postgres', 's3', 'web', 'worker'].sort(),
    );
    for (const name of summyServices) {
      expect(services[name]!.build).toEqual({ context: '.', dockerfile: 'Containerfile' });
      expect(services[name]!.env_file).toBe('.env');
    }
    expect(services.web!.image).toBe(services.worker!.image);
  });

  it('publishes the web port on the port the image exposes, and nothing of the worker', () => {
    const [exposed] = instructions('EXPOSE');
    expect(services.web!.ports).toHaveLength(1);
    expect(services.web!.ports![0]!.split(':').at(-1)).toBe(exposed);
    expect(services.worker!.ports).toBeUndefined();
  });

  it('starts each service after what it needs is healthy or done', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[needed], `${name} depends on ${needed}`).toBeDefined();
        if (condition === 'service_healthy') {
          expect(services[needed]!.healthcheck?.test, `${needed}'s health check`).toBeDefined();
        } else {
          expect(condition).toBe('service_completed_successfully');
          expect(services[needed]!.restart).toBe('no');
        }
      }
    }
    for (const name of [...summyServices, 'postgres', 's3']) {
      expect(services[name]!.healthcheck?.test[0], name).toBe('CMD');
    }
    expect(Object.keys(services.worker!.depends_on!)).toContain('web');
  });

  it("mounts named volumes at the image's data and models folders", () => {
    const mounts = (name: string) =>
      Object.fromEntries(services[name]!.volumes!.map((v) => v.split(':').reverse()));
    for (const name of summyServices) {
      expect(mounts(name)).toEqual({
        [imageEnv.DATA_DIR!]: 'data',
        [imageEnv.SUMMY_MODELS_DIR!]: 'models',
      });
    }
    const used = Object.values(services).flatMap((s) =>
      (s.volumes ?? []).map((v) => v.split(':')[0]),
    );
    expect(Object.keys(compose.volumes).sort()).toEqual([...new Set(used)].sort());
  });

  it.each(summyServices)(
    'gives %s settings that Summy accepts, for its role, on PostgreSQL and S3',
    (name) => {
      const environment = services[name]!.environment!;
      expect(Object.keys(environment).filter((key) => !ENV_SETTING_NAMES.includes(key))).toEqual(
        [],
      );
      const vars = Object.fromEntries(
        Object.entries(environment).map(([k, v]) => [k, interpolate(String(v), DOT_ENV)]),
      );
      const env = loadEnv(vars);
      expect(env.process.role).toBe(name);
      expect(env.databaseUrl).toBe('postgres://summy:postgres-secret@postgres:5432/summy');
      expect(env.s3).toMatchObject({ bucket: 'summy', endpoint: 'http://s3:9000' });
      expect(env.dataDir).toBe(imageEnv.DATA_DIR);
      expect(env.modelsDir).toBe(imageEnv.SUMMY_MODELS_DIR);
      expect(env.port).toBe(Number(instructions('EXPOSE')[0]));
    },
  );

  it('refuses to start without the secrets .env must set, naming them', () => {
    const text = read('compose.yaml');
    for (const name of Object.keys(DOT_ENV)) {
      const without = { ...DOT_ENV, [name]: '' };
      expect(() => interpolate(text, without)).toThrow(name);
    }
  });

  it('gives PostgreSQL and MinIO the credentials the Summy services use', () => {
    const postgres = services.postgres!.environment!;
    const s3 = services.s3!.environment!;
    const summy = services.web!.environment!;
    expect(summy.DATABASE_URL).toContain(
      `${postgres.POSTGRES_USER}:${postgres.POSTGRES_PASSWORD}@postgres:5432/${postgres.POSTGRES_DB}`,
    );
    expect([s3.MINIO_ROOT_USER, s3.MINIO_ROOT_PASSWORD]).toEqual([
      summy.S3_ACCESS_KEY_ID,
      summy.S3_SECRET_ACCESS_KEY,
    ]);
  });
});

describe('Containerfile', () => {
  it('builds every stage from one base or an earlier stage, which npm run image:check can make', () => {
    const froms = instructions('FROM').map((from) => from.split(/\s+/));
    const stages = froms.map((words) => words[2]);
    const bases = new Set(froms.map((words) => words[0]).filter((name) => !stages.includes(name)));
    expect(bases).toEqual(new Set(['docker.io/library/debian:bookworm-slim']));
  });

  it('runs as a non-root user through an init, with a health check', () => {
    expect(instructions('USER')).toEqual([expect.stringMatching(/^[1-9]\d*:[1-9]\d*$/)]);
    expect(instructions('ENTRYPOINT')[0]).toContain('tini');
    expect(instructions('HEALTHCHECK')[0]).toContain('/api/health');
  });
});
