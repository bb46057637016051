#!/usr/bin/env node
// Regenerates the site's brand files in templates/ from their sources; run it
// after changing the mark or updating the typeface, and commit the results.
//
//   templates/assets/fonts/*.woff2   Be Vietnam Pro, regular and semibold, the
//                                    Latin and Vietnamese subsets of
//                                    @fontsource/be-vietnam-pro (its unicode
//                                    ranges are in site.css)
//   templates/licenses/…-OFL.txt     the typeface's SIL Open Font License
//   templates/assets/brand/*.png     touch icon, logo and social card, drawn
//                                    from brand/favicon.svg and brand/mark.svg
//                                    by Chromium
//   templates/root/favicon.ico       16, 32 and 48 px, PNG in an ICO container
//
//   node scripts/brand-assets.mjs [--chromium <path>]   (by default, chromium on PATH)
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { needTools } from "./tools.mjs";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TEMPLATES = join(ROOT, "templates");
const BRAND = join(TEMPLATES, "assets/brand");
const FONTS = join(TEMPLATES, "assets/fonts");
const FONTSOURCE = join(ROOT, "node_modules/@fontsource/be-vietnam-pro");
const argument = process.argv.indexOf("--chromium");
const executablePath =
  argument === -1 ? needTools(["chromium"]).path("chromium") : process.argv[argument + 1];

// The typeface: only what the stylesheet uses.
mkdirSync(FONTS, { recursive: true });
for (const subset of ["latin", "vietnamese"]) {
  for (const weight of [400, 600]) {
    const name = `be-vietnam-pro-${subset}-${weight}-normal.woff2`;
    copyFileSync(join(FONTSOURCE, "files", name), join(FONTS, name));
  }
}
mkdirSync(join(TEMPLATES, "licenses"), { recursive: true });
copyFileSync(join(FONTSOURCE, "LICENSE"), join(TEMPLATES, "licenses/be-vietnam-pro-OFL.txt"));

const work = mkdtempSync(join(tmpdir(), "sitegen-brand-"));
const browser = await chromium.launch({
  executablePath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const fontFaces = ["400", "600"]
    .map(
      (weight) =>
        `@font-face { font-family: "Be Vietnam Pro"; font-weight: ${weight}; src: url(${pathToFileURL(join(FONTS, `be-vietnam-pro-latin-${weight}-normal.woff2`)).href}) format("woff2"); }`,
    )
    .join("\n");
  /** A PNG of `body` (HTML) at `width`×`height` CSS pixels, on a transparent page. */
  const render = async (body, width, height) => {
    const file = join(work, `${width}x${height}.html`);
    writeFileSync(
      file,
      `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${fontFaces} html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; background: transparent; } svg { display: block; }</style></head><body>${body}</body></html>`,
    );
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(file).href);
    await page.evaluate(() => document.fonts.ready);
    const png = await page.screenshot({ omitBackground: true, type: "png" });
    await page.close();
    return png;
  };
  const svg = (name, size) =>
    readFileSync(join(BRAND, name), "utf8").replace(
      /width="\d+" height="\d+"/,
      `width="${size}" height="${size}"`,
    );

  // Touch icon: the favicon's all-white mark on navy, full bleed (iOS rounds the corners itself).
  const touch = svg("favicon.svg", 180).replace('rx="6"', 'rx="0"');
  writeFileSync(join(BRAND, "apple-touch-icon.png"), await render(touch, 180, 180));

  // Logo for structured data: the default mark (navy, teal pennant) on white, 512 px square.
  writeFileSync(
    join(BRAND, "logo.png"),
    await render(
      `<div style="width:512px;height:512px;background:#fff;display:grid;place-items:center">${svg("mark.svg", 400)}</div>`,
      512,
      512,
    ),
  );

  // Social card, 1200×630: the all-white mark and wordmark on navy (the brand's white-on-navy version).
  const white = svg("mark.svg", 150)
    .replace('fill="#0b2545"', 'fill="#ffffff"')
    .replace('fill="#13807a"', 'fill="#ffffff"');
  const card = `<div style="width:1200px;height:630px;background:#0b2545;color:#fff;font-family:'Be Vietnam Pro';display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box">
    <div style="display:flex;align-items:center;gap:28px">${white}<span style="font-size:76px;font-weight:600;letter-spacing:-0.5px">Halyard Integration</span></div>
    <p style="margin:44px 0 0;font-size:38px;font-weight:400;color:#f4efe6;line-height:1.35">Integration consultancy in Ho Chi Minh City:<br>message brokers, APIs, EDI and ESB migrations</p>
  </div>`;
  writeFileSync(join(BRAND, "social-card.png"), await render(card, 1200, 630));

  // favicon.ico: browsers ask for /favicon.ico without a link; PNG images in an ICO container.
  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push(await render(svg("favicon.svg", size), size, size));
  writeFileSync(join(TEMPLATES, "root/favicon.ico"), ico(sizes, images));
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

/** An ICO file holding PNG images (supported by every browser since Windows Vista's format change). */
function ico(sizes, images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(sizes[i] % 256, entry); // width (0 means 256)
    header.writeUInt8(sizes[i] % 256, entry + 1); // height
    header.writeUInt8(0, entry + 2); // palette size
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(image.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  return Buffer.concat([header, ...images]);
}
