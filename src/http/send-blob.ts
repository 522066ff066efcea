// Sends a stored file with safe headers.
import type { FastifyReply } from 'fastify';

export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendBlob(reply: FastifyReply, stream: NodeJS.ReadableStream, mediaType: string, fileName: string, kind: 'inline' | 'attachment' = 'attachment') {
  return reply
    .header('Content-Type', mediaType)
    .header('Content-Disposition', contentDisposition(kind, fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}
