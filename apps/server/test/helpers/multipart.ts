import sharp from 'sharp';

/**
 * Multipart bodies for `app.inject`, built as a browser builds them (the platform's FormData,
 * serialised by Response): text fields and files under their exact §7 names.
 */
export type FormValue = string | { filename: string; data: Buffer; type?: string };

export async function multipart(
  fields: Record<string, FormValue | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else {
      form.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** A small real PNG (a flat colour), to upload as a picture. */
export async function pngFile(
  filename = 'photo.png',
  size = { width: 40, height: 30 },
): Promise<{ filename: string; data: Buffer; type: string }> {
  const data = await sharp({
    create: { width: size.width, height: size.height, channels: 3, background: '#5a7d4f' },
  })
    .png()
    .toBuffer();
  return { filename, data, type: 'image/png' };
}
