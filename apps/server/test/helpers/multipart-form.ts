import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** Multipart forms for `app.inject`, built by the platform's own FormData (as a browser does). */

export interface FormFileFixture {
  data: Buffer;
  filename: string;
  type?: string;
}

export async function multipartPayload(
  fields: Record<string, string>,
  files: Record<string, FormFileFixture> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  }
  const request = new Request('http://form.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A small real PNG of one colour. */
export async function pngFile(
  width = 48,
  height = 32,
  background = '#3a7d44',
): Promise<FormFileFixture> {
  const data = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { data, filename: 'picture.png', type: 'image/png' };
}

/** Every file under a folder (relative paths), for "nothing left behind" checks. */
export function filesUnder(dir: string): string[] {
  try {
    return (
      readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
    )
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** A multipart form of text fields, for `inject` (the product form's tests). */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
