import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * Writes a still Y4M video (4:2:0) of one QR code, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): the page's camera scanner sees the code as a phone would.
 */
export function writeQrVideo(path: string, text: string, width = 640, height = 480): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.8) / (size + 2 * quiet));
  const side = scale * (size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 200);
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const r = Math.floor(row / scale) - quiet;
      const c = Math.floor(col / scale) - quiet;
      const dark = r >= 0 && c >= 0 && r < size && c < size && qr.modules.get(r, c);
      luma[(top + row) * width + left + col] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, frame, frame, frame]));
}
