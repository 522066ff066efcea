// Failures of the blob store seen by a request: a stored file that is not in the store is a 404
// with its own code (the record exists, its file does not), and a store that does not answer is a
// 503 with Retry-After, never a 500 carrying the store's own error text.
import { BlobMissingError, BlobStoreUnavailableError } from '../storage/blobs.ts';
import { AppError } from './errors.ts';

const RETRY_AFTER_SECONDS = 10;

export function storageErrorOf(err: unknown): AppError | null {
  if (err instanceof BlobMissingError) {
    return new AppError('file_missing', 'The stored file is not in storage on this server, so it cannot be sent. The operator has been told; retry later.');
  }
  if (err instanceof BlobStoreUnavailableError) {
    return new AppError('storage_unavailable', 'File storage is not available right now. Retry in a few seconds.', [], RETRY_AFTER_SECONDS);
  }
  return null;
}
