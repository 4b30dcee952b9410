import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import type { FilePart } from './multipart.ts';
import { REAL_PLACES } from './places.ts';

/*
 * Inputs that look right to a schema and are wrong for the database or the parser behind it: the
 * classes outside probes found (docs/decisions/011). Each generator mixes well-formed values, so a
 * request gets past validation often enough to reach the code it attacks.
 */

/** Code points PostgreSQL refuses in text and jsonb: U+0000 anywhere in a string. */
export const unstorableText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([before, after]) => `${before}\u0000${after}`);

/** Odd but storable: lone surrogates, control and direction characters, astral runs, SQL and markup. */
const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('\ud800', 'a\udfffb', '\u202e', '\u0001\u001f', '😀'.repeat(50), '%00', "' OR 1=1 --", '<script>', '../../etc/passwd'),
);

/** A text field's value: mostly a plain word (so the rest of the request is valid), often a hostile one. */
export const textValue = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}$/), weight: 2 },
  { arbitrary: unstorableText, weight: 2 },
  { arbitrary: oddText, weight: 1 },
);

/** Numbers as a query or form field writes them, wrong in ways Number() would forgive. */
export const oddNumberText = fc.constantFrom('1e3', '0x10', '0b11', '1e400', '-0', 'NaN', 'Infinity', '+5', ' 12', '12.0', '٣', '9'.repeat(30));

const impossibleMoments = fc.oneof(
  fc.constant('2026-13-01 10:00:00+00'),
  fc.constant('2026-02-30 10:00:00+00'),
  fc.constant('2026-04-31 10:00:00+00'),
  fc.constant('2025-02-29 10:00:00+00'),
  fc.constant('0000-01-01 00:00:00+00'),
  fc.constant('2026-01-01 10:00:00+99'),
  fc.constant('2026-01-01 25:00:00+00'),
  fc
    .record({ month: fc.integer({ min: 0, max: 99 }), day: fc.integer({ min: 32, max: 99 }) })
    .map(({ month, day }) => `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} 10:00:00.123456+00`),
);
const realMoment = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => `${date.toISOString().replace('T', ' ').replace('Z', '')}+00`);

/** Paging cursors that decode and pass the format check, most naming a moment that never was. */
export const cursorValue = fc
  .tuple(fc.oneof({ arbitrary: impossibleMoments, weight: 3 }, { arbitrary: realMoment, weight: 1 }), fc.uuid())
  .map(([moment, id]) => Buffer.from(JSON.stringify([moment, id])).toString('base64url'));

/** Nearest-first cursors (issue 17): distances off the earth or negative, beside real moments and impossible ones. */
const distanceCursorValue = fc
  .tuple(
    fc.oneof(fc.double({ min: 0, max: 20_000_000, noNaN: true }), fc.constantFrom(-1, -0, 1e308, 5e-324, 20_037_509)),
    fc.oneof(impossibleMoments, realMoment),
    fc.uuid(),
  )
  .map((position) => Buffer.from(JSON.stringify(position)).toString('base64url'));

/** Place ids: real towns the test app knows, so a distance search reaches its SQL, or ids of none. */
const placeIdValue = fc.oneof(
  { arbitrary: fc.constantFrom(...REAL_PLACES.map((place) => place.id)), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }), weight: 1 },
  { arbitrary: fc.constantFrom('2147483648', '99999999999999'), weight: 1 },
);

/**
 * Multipart bodies framed wrong: no boundary in the header, a body cut off in the middle of a part,
 * a boundary that never appears, a part without its blank line, no closing boundary.
 */
export function brokenMultipart(fields: Record<string, string>, file: FilePart): fc.Arbitrary<{ body: Buffer; contentType: string }> {
  const boundary = `----swapyard${randomBytes(8).toString('hex')}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
  ];
  const whole = Buffer.concat([Buffer.from(parts.join('')), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const typed = `multipart/form-data; boundary=${boundary}`;
  return fc.oneof(
    fc.constant({ body: whole, contentType: 'multipart/form-data' }),
    fc.integer({ min: 1, max: whole.length - 1 }).map((cut) => ({ body: whole.subarray(0, cut), contentType: typed })),
    fc.constant({ body: whole, contentType: `multipart/form-data; boundary=other${boundary}` }),
    fc.constant({ body: Buffer.from(whole.toString('latin1').replace('\r\n\r\n', '\r\n'), 'latin1'), contentType: typed }),
    fc.constant({ body: whole.subarray(0, whole.length - `--${boundary}--\r\n`.length), contentType: typed }),
    fc.constant({ body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`), contentType: typed }),
  );
}

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
}

/**
 * A value for one field, from its JSON schema and name: usually what the schema accepts (so the
 * request goes on), often a member of a hostile class above. `ids` are ids of rows that exist, so
 * a request reaches the statements behind its lookups.
 */
export function fieldValue(name: string, schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  if (name === 'cursor') return fc.oneof(cursorValue, distanceCursorValue, textValue);
  if (name === 'near') return fc.oneof(placeIdValue, oddNumberText, textValue);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => fieldValue(name, choice, ids)));
  if (schema.enum) return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 3 }, { arbitrary: textValue, weight: 1 });
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.format === 'uuid') return fc.oneof({ arbitrary: ids, weight: 3 }, { arbitrary: fc.uuid(), weight: 1 }, { arbitrary: textValue, weight: 1 });
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), textValue);
  if (type === 'integer' || type === 'number') {
    return fc.oneof(
      fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1_000, 1_000) }),
      fc.constantFrom(-1, 1.5, 2 ** 53, 1e308),
      oddNumberText,
    );
  }
  if (type === 'boolean') return fc.oneof(fc.boolean(), textValue);
  if (type === 'array') return fc.array(fieldValue(name, schema.items ?? {}, ids), { maxLength: 3 });
  if (type === 'object' && schema.properties) return objectValue(schema, ids);
  return textValue;
}

/** An object for a schema: its required fields mostly there, each field from fieldValue. */
export function objectValue(schema: JsonSchema, ids: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, fieldValue(name, property, ids)])), {
    requiredKeys: schema.required ?? [],
  });
}
