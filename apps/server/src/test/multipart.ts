/** One part of a multipart form: a file (with a filename) or a plain text field. */
export type FormPart =
  | { field: string; filename: string; content: Buffer; type?: string }
  | { field: string; value: string };

/** A multipart/form-data body as a browser would send it, for app.inject. */
export function multipartForm(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----kasuwa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `Content-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`
        : `Content-Disposition: form-data; name="${p.field}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      'filename' in p ? p.content : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
