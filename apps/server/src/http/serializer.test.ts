import Fastify from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledWriter, createSerializerCompiler } from './serializer';

const ZRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().length(2).nullable(),
  kind: z.enum(['a', 'b']),
  status: z.literal('ok'),
  score: z.number().nullable().optional(),
  open: z.boolean(),
  owner: z.object({ id: z.number().int(), email: z.string().email() }).nullable(),
  tags: z.array(z.string()).nullable(),
});

const serialize = (schema: z.ZodType, verify = true) => createSerializerCompiler({ verify })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('response serializer', () => {
  it('compiles a writer for objects, arrays, enums, literals and nullables, and writes what JSON.stringify writes', () => {
    expect(compiledWriter(z.array(ZRow))).not.toBeNull();
    // The contract's money and day marks (a `unit` in the JSON Schema) do not cost a route its writer.
    expect(compiledWriter(z.object({ amount: z.number().int().meta({ unit: 'cents' }), on: z.string().meta({ unit: 'date' }).nullable() }))).not.toBeNull();
    const write = serialize(z.array(ZRow));
    const rows = [
      { id: 1, name: 'Ohio "OH"\n\u2028', code: 'OH', kind: 'a', status: 'ok', score: 1.5, open: true, owner: { id: 2, email: 'a@b.co' }, tags: ['x'] },
      { id: 2, name: '', code: null, kind: 'b', status: 'ok', score: null, open: false, owner: null, tags: null },
      { id: 3, name: 'é', code: null, kind: 'b', status: 'ok', open: false, owner: null, tags: [] },
    ];
    expect(write(rows)).toBe(JSON.stringify(rows));
  });

  it('strips keys the schema does not list, at every level', () => {
    const write = serialize(ZRow);
    const row = {
      id: 1,
      name: 'n',
      code: null,
      kind: 'a',
      status: 'ok',
      open: true,
      owner: { id: 2, email: 'a@b.co', password_hash: 'h' },
      tags: null,
      secret: 's',
    };
    expect(JSON.parse(write(row))).toEqual({
      id: 1,
      name: 'n',
      code: null,
      kind: 'a',
      status: 'ok',
      open: true,
      owner: { id: 2, email: 'a@b.co' },
      tags: null,
    });
  });

  it('refuses what zod refuses (a ResponseSerializationError), in production too', () => {
    for (const verify of [true, false]) {
      const write = serialize(ZRow, verify);
      const errorOf = (value: unknown) => {
        try {
          write(value);
        } catch (err) {
          return err;
        }
        return undefined;
      };
      expect(isResponseSerializationError(errorOf({ id: '1', name: 'n', code: null, kind: 'a', status: 'ok', open: true, owner: null, tags: null }))).toBe(
        true,
      );
      expect(isResponseSerializationError(errorOf({ id: 1, name: 'n', code: null, kind: 'c', status: 'ok', open: true, owner: null, tags: null }))).toBe(true);
      expect(isResponseSerializationError(errorOf({ id: 1.5, name: 'n', code: null, kind: 'a', status: 'ok', open: true, owner: null, tags: null }))).toBe(
        true,
      );
    }
  });

  it('leaves unions, records, dates and transforms to JSON.stringify (after zod)', () => {
    expect(compiledWriter(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]))).toBeNull();
    expect(compiledWriter(z.object({ r: z.record(z.string(), z.number()) }))).toBeNull();
    expect(compiledWriter(z.object({ d: z.date() }))).toBeNull();
    expect(compiledWriter(z.object({ t: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compiledWriter(z.looseObject({ a: z.string() }))).toBeNull();
    const write = serialize(z.object({ r: z.record(z.string(), z.number()) }));
    expect(write({ r: { x: 1 }, y: 2 })).toBe('{"r":{"x":1}}');
  });

  it('is what a route answers with', async () => {
    const app = Fastify();
    app.setSerializerCompiler(createSerializerCompiler({ verify: true }));
    app.get('/rows', { schema: { response: { 200: z.array(ZRow) } } }, async () => [
      { id: 1, name: 'n', code: 'OH', kind: 'a', status: 'ok', open: true, owner: null, tags: null, extra: 1 },
    ]);
    const res = await app.inject('/rows');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[{"id":1,"name":"n","code":"OH","kind":"a","status":"ok","open":true,"owner":null,"tags":null}]');
    await app.close();
  });
});
