/**
 * The preview server in a real browser: headless Chromium loads every page with no
 * console error, renders the HTML 404 page for an unknown path, and leaves
 * screenshots at desktop and phone sizes in test-output/screenshots/.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { sameSitePath } from "../src/verify/discover.ts";
import { parseSitemap } from "../src/verify/sitemap.ts";
import { builtSite, ROOT, startPreviewServer, type Running } from "./helpers/dist.ts";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOTS = join(ROOT, "test-output/screenshots");
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing: apt-get install -y chromium`;

describe("the site in Chromium", { skip }, () => {
  let server: Running;
  let browser: Browser;
  let pages: string[];

  before(async () => {
    const dist = builtSite();
    const openapi = JSON.parse(readFileSync(join(dist, "openapi.json"), "utf8")) as { servers: { url: string }[] };
    const base = new URL(openapi.servers[0]?.url ?? "").origin;
    const entries = parseSitemap(readFileSync(join(dist, "sitemap.xml"), "utf8"));
    if (typeof entries === "string") throw new Error(`sitemap.xml: ${entries}`);
    pages = entries.map((entry) => sameSitePath(entry.loc, [base]) ?? entry.loc);
    server = await startPreviewServer(dist);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens `path` and returns the page, its status and every console error and uncaught exception. */
  async function open(path: string, viewport = VIEWPORTS[0]!): Promise<{ page: Page; status: number; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`exception: ${error.message}`));
    page.on("requestfailed", (request) => errors.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`));
    const response = await page.goto(new URL(path, server.url).href, { waitUntil: "load" });
    return { page, status: response?.status() ?? 0, errors };
  }

  it("loads every page in the sitemap with status 200 and no console error", async () => {
    assert.ok(pages.length >= 21, `${pages.length} pages in the sitemap`);
    const problems: string[] = [];
    for (const path of pages) {
      const { page, status, errors } = await open(path);
      if (status !== 200) problems.push(`${path}: status ${status}`);
      problems.push(...errors.map((error) => `${path}: ${error}`));
      await page.close();
    }
    assert.deepEqual(problems, []);
  });

  it("renders the HTML 404 page for an unknown path, with status 404", async () => {
    const { page, status, errors } = await open("/no-such-page/");
    assert.equal(status, 404);
    assert.match(await page.title(), /not found/i);
    assert.ok((await page.locator("h1").count()) > 0, "no heading");
    // Chromium logs the document's own 404 as a failed resource; nothing else may fail.
    assert.deepEqual(errors.filter((error) => !/the server responded with a status of 404/.test(error)), []);
    await page.close();
  });

  it("saves screenshots of the home page, a post and the 404 page at desktop and phone sizes", async () => {
    const post = pages.find((path) => /^\/blog\/[^/]+\/$/.test(path));
    assert.ok(post, "no post in the sitemap");
    const shots = [
      { name: "home", path: "/" },
      { name: "post", path: post },
      { name: "404", path: "/no-such-page/" },
    ];
    for (const shot of shots) {
      for (const viewport of VIEWPORTS) {
        const { page } = await open(shot.path, viewport);
        const file = join(SCREENSHOTS, `${shot.name}-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: file });
        await page.close();
        assert.ok(existsSync(file), file);
      }
    }
  });
});
