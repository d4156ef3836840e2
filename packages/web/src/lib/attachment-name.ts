/**
 * The name an uploaded file is shown by: the one its owner gave it. The server stores a file as
 * `<name>_<yyyyMMddHHmmss>A<8 hex>.<ext>` (server features/files/file-store.ts, `storedName`),
 * so the last segment of the path with that suffix dropped is the name as uploaded (with the
 * characters a stored name cannot hold already turned into `_`). Other paths show their last segment.
 */
export function attachmentName(path: string): string {
  const last = path.split('/').pop() || path;
  return last.replace(/_\d{14}A[0-9a-f]{8}(\.[^./]+)$/, '$1');
}
