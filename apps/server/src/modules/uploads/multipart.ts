import type { FastifyRequest } from 'fastify';
import { badRequest, httpError } from '../../http/reply.ts';

/** The parser's words for a body that stopped before its closing boundary (a cut connection, a bad client). */
const CUT_SHORT = /^Unexpected end of (multipart data|form)$/;

/**
 * The one file of a multipart/form-data request (field "file"), at most `maxBytes`: 413 past it, 400 when
 * the body is not multipart, has no file, or ends before its closing boundary.
 */
export async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('file', 'file.notMultipart');
  const refuse = (error: unknown): never => {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw httpError(413, 'file.tooLarge', { maximumMb: maxBytes / 2 ** 20 });
    if (code === 'FST_MP_PREMATURE_CLOSE' || CUT_SHORT.test(message ?? ''))
      throw httpError(400, 'file.incomplete');
    throw error;
  };
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(refuse);
  if (!part) throw badRequest('file', 'file.missing');
  return part.toBuffer().catch(refuse);
}
