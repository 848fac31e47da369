import type { MediaStorage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/errors';
import type { FormFile } from '../../lib/multipart-form';
import { deleteImage, type SavedImage, saveImage } from './image-pipeline';

/**
 * The images of one request (a logo and a banner, a product's and its variants' pictures):
 * every file is decoded and stored through the one pipeline (DESIGN 2.10) before the database
 * is touched; when anything afterwards fails, `discard()` removes what this request wrote, so a
 * refused or failed request leaves no orphan file. Files a saved change no longer uses are
 * removed only after its transaction committed (`removeLater` + `removeReplaced`).
 */
export class ImageBatch {
  private readonly saved: string[] = [];
  private readonly replaced: string[] = [];

  constructor(private readonly storage: MediaStorage) {}

  /**
   * Decodes and stores one upload. A file that is not an image is a 400 naming the field, and
   * removes what the batch stored before it: a form's images are stored all or none.
   */
  async save(folder: string, file: FormFile): Promise<SavedImage> {
    try {
      const image = await saveImage(this.storage, folder, file.data);
      this.saved.push(image.key);
      return image;
    } catch (error) {
      await this.discard();
      if (error instanceof AppError) {
        throw new AppError(error.statusCode, `${error.message} (${file.field})`, {
          fields: { [file.field]: error.message },
        });
      }
      throw error;
    }
  }

  /**
   * Decodes and stores one image fetched by the server (a Shopify picture): one that is not an
   * image is null and leaves the batch's other files alone.
   */
  async trySave(folder: string, data: Buffer): Promise<SavedImage | null> {
    try {
      const image = await saveImage(this.storage, folder, data);
      this.saved.push(image.key);
      return image;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** The request failed: removes every file it wrote. Never throws. */
  async discard(): Promise<void> {
    const keys = this.saved.splice(0);
    await Promise.allSettled(keys.map((key) => deleteImage(this.storage, key)));
  }

  /** Remembers an image the change replaces, to remove once the change is committed. */
  removeLater(key: string | null | undefined): void {
    if (key) this.replaced.push(key);
  }

  /** After commit: removes the replaced images. Never throws (a leftover file harms nobody). */
  async removeReplaced(): Promise<void> {
    const keys = this.replaced.splice(0);
    await Promise.allSettled(keys.map((key) => deleteImage(this.storage, key)));
  }

  /**
   * Runs `write` (the database change) with the images already stored; on failure the images
   * are discarded and the error goes on; on success the replaced ones are removed.
   */
  async commit<T>(write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await this.discard();
      throw error;
    }
    await this.removeReplaced();
    return result;
  }
}
