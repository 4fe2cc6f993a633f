import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap.js';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer.js';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType.js';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader.js';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource.js';

/**
 * ZXing's QR reader alone, imported by file: the package index (and @zxing/browser) would bring every
 * barcode format, three times the JavaScript, for browsers without BarcodeDetector.
 */
const maxSide = 1280;
const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
const reader = new QRCodeReader();

/** Reads a QR code from an image or a video frame; null when there is none. */
export const decodeFrame = (source: CanvasImageSource, width: number, height: number): string | null => {
  if (!width || !height) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  const { data } = context.getImageData(0, 0, w, h);
  const luminance = new Uint8ClampedArray(w * h);
  for (let i = 0; i < luminance.length; i++) {
    luminance[i] = (data[i * 4] * 299 + data[i * 4 + 1] * 587 + data[i * 4 + 2] * 114) / 1000;
  }
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, w, h)));
    return reader.decode(bitmap, hints).getText();
  } catch {
    return null;
  } finally {
    reader.reset();
  }
};
