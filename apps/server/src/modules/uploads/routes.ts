import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, uploadResultSchema } from '@cool/shared';
import { z } from 'zod';
import { badRequest, notFound, ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { uploadedFile } from './multipart.ts';
import { createStorage } from './storage.ts';

const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
type Extension = keyof typeof IMAGE_TYPES;

/** The image type by its first bytes (never by file name or declared type), or null. */
export function sniffImage(data: Buffer): Extension | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61)
    return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

export async function uploadRoutes(app: ZodApp) {
  const storage = createStorage(app.config);
  app.addHook('onClose', () => storage.close());

  app.post(
    '/api/uploads',
    {
      // Any staff member: everyone may set their own avatar (account settings); content is sniffed, size capped.
      config: { access: { signedIn: true } },
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        response: responses(uploadResultSchema, 201),
      },
    },
    async (request, reply) => {
      const data = await uploadedFile(request, UPLOAD_MAX_BYTES);
      const extension = sniffImage(data);
      if (!extension) throw badRequest('file', 'file.notImage');
      const name = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
      await storage.save(name, data, IMAGE_TYPES[extension]);
      return reply
        .code(201)
        .send(
          ok(
            { url: `/uploads/${name}`, name, contentType: IMAGE_TYPES[extension], size: data.length },
            'Uploaded',
          ),
        );
    },
  );

  // Public: covers and option images are shown to everyone who takes a test.
  app.get(
    '/uploads/:name',
    { schema: { hide: true, params: z.strictObject({ name: z.string().max(64) }) } },
    async (request, reply) => {
      const { name } = request.params;
      const file = NAME.test(name) ? await storage.open(name) : null;
      if (!file) throw notFound('file.notFound');
      const extension = name.split('.').pop() as Extension;
      return reply
        .header('content-type', IMAGE_TYPES[extension])
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-site')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
}
