/** A multipart/form-data body with one file, for `t.call({ ...multipart(...) })`. */
export function multipart(field: string, filename: string, content: Buffer) {
  const boundary = '----buglet-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with several files (and plain fields), as a browser's FormData sends them. */
export function multipartParts(parts: Array<{ field: string; filename?: string; content: Buffer | string }>) {
  const boundary = '----buglet-test-boundary';
  const payload = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${
          p.filename === undefined
            ? ''
            : `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
        }\r\n\r\n`,
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
