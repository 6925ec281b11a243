/**
 * Request bodies built from JSON Schemas (the OpenAPI document's request bodies, the MCP tools'
 * input schemas): every string set to one value (`fill`), or one string field over its maxLength
 * with plausible values elsewhere. For the tests that walk every write route and every tool.
 */

/** A JSON Schema as the OpenAPI 3.1 document and the MCP tool list give it. */
export type Schema = Record<string, any>;

/** One string field: its path in the body, and its limit when the schema gives one. */
export interface StringField {
  path: string[];
  maxLength?: number;
}

// Deeper nesting is left out: no request body of Summy nests that far.
const DEPTH_MAX = 5;

/** `schema` with `$ref`s to `#/components/schemas/…` looked up in `doc`, and `allOf` merged. */
export function resolve(schema: Schema | undefined, doc: Schema): Schema {
  if (!schema) return {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name], doc);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((s: Schema) => resolve(s, doc));
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p: Schema) => p.properties ?? {})),
      required: parts.flatMap((p: Schema) => p.required ?? []),
    };
  }
  return schema;
}

// The first alternative of anyOf/oneOf that is not null; a nullable type's non-null type.
function variant(schema: Schema, doc: Schema): Schema {
  const resolved = resolve(schema, doc);
  const options = resolved.anyOf ?? resolved.oneOf;
  if (Array.isArray(options)) {
    const chosen = options.find((o: Schema) => resolve(o, doc).type !== 'null') ?? options[0];
    return variant(chosen, doc);
  }
  if (Array.isArray(resolved.type)) {
    return { ...resolved, type: resolved.type.find((t: string) => t !== 'null') ?? 'null' };
  }
  return resolved;
}

/** A value a route would plausibly accept for a string field of this schema. */
export function plausibleString(schema: Schema, ids: { uuid: string }): string {
  if (schema.const !== undefined) return String(schema.const);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.format === 'uuid') return ids.uuid;
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  return 'a';
}

/** How a body is built: the value of a string field at a path, given its schema. */
type StringValue = (schema: Schema, path: string[]) => string;

/**
 * A body for `schema`: every property present (optional ones too, so every string field gets
 * `stringValue`), numbers at their minimum or 1, booleans true, arrays of one item, records with
 * one key (itself a string built by `stringValue`).
 */
export function buildBody(
  schema: Schema,
  doc: Schema,
  stringValue: StringValue,
  path: string[] = [],
): unknown {
  const s = variant(schema, doc);
  if (s.const !== undefined && s.type !== 'string') return s.const;
  if (Array.isArray(s.enum) && s.type !== 'string') return s.enum[0];
  if (path.length > DEPTH_MAX) return undefined;
  switch (s.type) {
    case 'string':
      return stringValue(s, path);
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return [buildBody(s.items ?? {}, doc, stringValue, [...path, '0'])];
    case 'null':
      return null;
    default:
      break;
  }
  if (s.properties || s.type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries<Schema>(s.properties ?? {})) {
      out[key] = buildBody(inner, doc, stringValue, [...path, key]);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const key = stringValue({ type: 'string' }, path);
      out[key] = buildBody(s.additionalProperties, doc, stringValue, [...path, key]);
    }
    return out;
  }
  return stringValue({ type: 'string' }, path);
}

/** Every string field of `schema` (array items as index 0), with its maxLength when it has one. */
export function stringFields(schema: Schema, doc: Schema, path: string[] = []): StringField[] {
  const s = variant(schema, doc);
  if (path.length > DEPTH_MAX) return [];
  if (s.type === 'string') {
    return [typeof s.maxLength === 'number' ? { path, maxLength: s.maxLength } : { path }];
  }
  if (s.type === 'array') return stringFields(s.items ?? {}, doc, [...path, '0']);
  return Object.entries<Schema>(s.properties ?? {}).flatMap(([key, inner]) =>
    stringFields(inner, doc, [...path, key]),
  );
}
