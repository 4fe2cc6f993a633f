/**
 * QR decoding: the browser's BarcodeDetector where it reads QR codes (Android, macOS), ZXing's QR reader
 * otherwise. This module and ZXing load only when the user scans, so neither reaches the login or home chunks.
 */
interface DetectedCode {
  rawValue: string;
}
interface Detector {
  detect(source: ImageBitmapSource): Promise<DetectedCode[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

type Read = (source: ImageBitmap | HTMLVideoElement, width: number, height: number) => Promise<string | null>;

let reading: Promise<Read> | null = null;

const nativeDetector = async (): Promise<Detector | null> => {
  const Class = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Class) return null;
  try {
    const formats = await Class.getSupportedFormats();
    return formats.includes('qr_code') ? new Class({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
};

/** One reader for photos and video frames, chosen once. */
const reader = (): Promise<Read> => {
  reading ??= (async () => {
    const detector = await nativeDetector();
    if (detector) return async (source) => (await detector.detect(source))[0]?.rawValue ?? null;
    const { decodeFrame } = await import('./zxing-decode.ts');
    return async (source, width, height) => decodeFrame(source, width, height);
  })();
  return reading;
};

/** The text of the first QR code in a photo, or null when there is none. */
export const decodePhoto = async (file: Blob): Promise<string | null> => {
  const read = await reader();
  const bitmap = await createImageBitmap(file);
  try {
    return await read(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
};

/** Reads QR codes from the back camera into the video element until the returned stop is called. */
export const startCamera = async (video: HTMLVideoElement, onText: (text: string) => void) => {
  const read = await reader();
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  video.srcObject = stream;
  await video.play();
  let busy = false;
  const timer = setInterval(() => {
    if (busy || video.readyState < 2) return;
    busy = true;
    read(video, video.videoWidth, video.videoHeight)
      .then((text) => text && onText(text))
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, 300);
  return () => {
    clearInterval(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
};
