import { z } from 'zod';

/** `POST /api/uploads` (multipart field `file`): PNG, JPEG, WebP or GIF by content, at most 2 MB. */
export const uploadResultSchema = z.object({
  /** Path to use as `coverUrl` / `imageUrl`, e.g. `/uploads/<hash>.png`. */
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
