import type { Browser } from 'playwright-core';

/**
 * A real, small H.264 MP4 made by the test itself: Chromium records a changing canvas with
 * MediaRecorder. Nothing to install (no ffmpeg on a clean machine), and the upload pipeline sees a
 * file no fixture prepared for it.
 */
export async function recordMp4(browser: Browser, seconds = 1.5): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const base64 = await page.evaluate(async (ms) => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 90;
      const context = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/mp4;codecs=avc1' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      let frame = 0;
      const paint = () => {
        context.fillStyle = `hsl(${(frame++ * 24) % 360} 70% 50%)`;
        context.fillRect(0, 0, canvas.width, canvas.height);
      };
      paint();
      recorder.start();
      const timer = setInterval(paint, 60);
      await new Promise((resolve) => setTimeout(resolve, ms));
      recorder.stop();
      clearInterval(timer);
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, seconds * 1000);
    const file = Buffer.from(base64, 'base64');
    if (file.subarray(4, 8).toString('latin1') !== 'ftyp') throw new Error('MediaRecorder did not produce an MP4');
    return file;
  } finally {
    await page.close();
  }
}
