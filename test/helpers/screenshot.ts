/**
 * The whole of `page` as a PNG at `path`: what Playwright's full-page screenshot sends Chromium, asking for its fast
 * PNG encoder. The pixels are the same (compared when this was written), the file a little larger, and the encoding
 * took most of a screenshot's time.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "playwright-core";

export async function screenshot(page: Page, path: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await session.send("Page.getLayoutMetrics");
    const clip = {
      x: 0,
      y: 0,
      width: Math.ceil(cssContentSize.width),
      height: Math.ceil(cssContentSize.height),
      scale: 1,
    };
    const { data } = await session.send("Page.captureScreenshot", {
      format: "png",
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip,
    });
    writeFileSync(path, Buffer.from(data, "base64"));
  } finally {
    await session.detach();
  }
}
