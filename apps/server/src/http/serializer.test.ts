import { categorySchema, envelopeSchema, pageSchema } from '@cool/shared';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesAsItEncodes, serializerCompiler } from './serializer.ts';

const serializerFor = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

const category = {
  id: 1,
  nameZh: '分类',
  nameEn: 'Category',
  iconUrl: null,
  sortOrder: 0,
  status: 'enabled',
  testCount: 2,
  createTime: '2026-11-23T17:17:35.886Z',
  updateTime: '2026-11-23T17:17:35.886Z',
};

describe('response serializer', () => {
  const pageEnvelope = envelopeSchema(pageSchema(categorySchema));

  it('checks plain schemas by parsing them, with what encoding them gives', () => {
    expect(parsesAsItEncodes(pageEnvelope)).toBe(true);
    const answer = {
      code: 0,
      success: true,
      message: 'OK',
      timestamp: 1,
      result: { pageNo: 1, pageSize: 20, totalCount: 1, totalPage: 1, data: [{ ...category, secret: 'x' }] },
    };
    const written = serializerFor(pageEnvelope)(answer);
    expect(written).toBe(JSON.stringify(z.encode(pageEnvelope, answer as never)));
    expect(written).not.toContain('secret');
  });

  it('refuses an answer that breaks its schema', () => {
    const broken = { code: 0, success: true, message: 'OK', timestamp: 1, result: { pageNo: 'one' } };
    let error: unknown;
    try {
      serializerFor(pageEnvelope)(broken);
    } catch (caught) {
      error = caught;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('encodes schemas with a codec, a transform or a default, which parsing would run the wrong way', () => {
    const when = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const withCodec = z.object({ at: when });
    expect(parsesAsItEncodes(withCodec)).toBe(false);
    expect(serializerFor(withCodec)({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe(
      '{"at":"2026-01-02T00:00:00.000Z"}',
    );
    expect(parsesAsItEncodes(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(parsesAsItEncodes(z.array(z.string().transform((s) => s.length)))).toBe(false);
    expect(parsesAsItEncodes(z.object({ n: z.coerce.number() }))).toBe(false);
  });

  it('follows recursive schemas', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    expect(parsesAsItEncodes(node)).toBe(true);
    expect(parsesAsItEncodes(z.object({ tree: z.lazy(() => node) }))).toBe(true);
  });

  it('answers a schema met again as it did the first time, in a recursive schema too', () => {
    // A node whose children agree only while the node itself is assumed to: the node has a default, so it does
    // not, and neither do its children (they hold nodes).
    interface Node {
      n: number;
      children: Node[];
    }
    const children = z.array(z.lazy((): z.ZodType<Node> => node));
    const node: z.ZodType<Node> = z.object({ children, n: z.number().default(0) });
    expect(parsesAsItEncodes(node)).toBe(false);
    expect(parsesAsItEncodes(children)).toBe(false);
    expect(parsesAsItEncodes(z.object({ kids: children }))).toBe(false);
    const plain = z.object({ a: z.string() });
    expect(parsesAsItEncodes(z.object({ one: plain }))).toBe(true);
    expect(parsesAsItEncodes(z.object({ two: plain, n: z.number().default(1) }))).toBe(false);
    expect(parsesAsItEncodes(plain)).toBe(true);
  });
});
