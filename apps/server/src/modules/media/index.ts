/**
 * The media module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { brandText } from './brand-text';
export type { EncodedImageCache } from './encoded-cache';
export { diskEncodedImageCache } from './encoded-cache';
export { ImageBatch } from './image-batch';
export type { RawImage } from './image-pipeline';
export {
  deleteImage,
  IMAGE_TOO_LARGE,
  imageKeys,
  imageVariantKey,
  MAX_INPUT_BYTES,
  NOT_AN_IMAGE,
  saveImage,
  saveRenderedImage,
} from './image-pipeline';
export { mediaRoutes } from './media.routes';
