/**
 * What the starter theme shows a reader, in Debian's Chromium over the real
 * preview server, on a new site (`sitegen init`) with a post that holds a
 * code block and a table wider than a phone:
 *
 * - at 390 px, a box that scrolls sideways shows it: a shadow at each edge
 *   with more beyond it, and none at an edge it is scrolled to, read from
 *   the pixels of a screenshot; a box that fits has none;
 * - a heading's link to itself shows while the heading is pointed at or the
 *   link has the keyboard's focus, and always on a screen without hover (a
 *   phone); hidden or shown, Tab reaches it and it is named by the heading.
 *
 * Screenshots of the post at 390 px in both schemes go to
 * test-output/screenshots/ for a person to look at.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { needTools } from "../scripts/tools.mjs";
import { ROOT, sitegen, startPreviewServer, type Running } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";
import { screenshot } from "./helpers/screenshot.ts";

const tools = needTools(["chromium"]);
const SCREENSHOTS = join(ROOT, "test-output/screenshots");
const PHONE = { width: 390, height: 844 };
const POST = "/blog/wide-things/";

/** A new site with a post whose code block and table are wider than a phone, and a code block that fits. */
function wideSite(): string {
  const root = initSite();
  writeFileSync(
    join(root, "content/blog/wide-things.md"),
    [
      "---",
      'title: "Wide things"',
      'description: "A code block and a table wider than a phone."',
      "date: 2026-01-02",
      "tags: [notes]",
      "---",
      "",
      "```sh",
      "curl -i -H 'Accept: text/markdown' https://example.com/blog/a-long-address-that-goes-on-and-on/ | head -n 20",
      "```",
      "",
      "```sh",
      "ls",
      "```",
      "",
      "| Header | Value | What it means |",
      "|---|---|---|",
      "| `Content-Type` | `text/markdown; charset=utf-8` | the representation that `Accept` chose, of the two the page has |",
      "| `Vary` | `Accept, Accept-Encoding` | caches keep one copy for each `Accept` a reader sends |",
      "",
      "## A heading",
      "",
      "Text after it.",
      "",
    ].join("\n"),
  );
  const built = sitegen(["build", "--quiet"], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  return join(root, "dist");
}

describe("the starter theme as a reader sees it", { skip: tools.skip }, () => {
  let server: Running;
  let browser: Browser;

  before(async () => {
    server = await startPreviewServer(wideSite());
    browser = await chromium.launch({
      executablePath: tools.path("chromium"),
      headless: true,
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
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The post in a page of its own, as a phone of `scheme` shows it (`touch`: one that cannot hover). */
  async function post(
    scheme: "light" | "dark",
    options: { touch?: boolean; width?: number } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: { ...PHONE, width: options.width ?? PHONE.width },
      colorScheme: scheme,
      ...(options.touch ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    const response = await page.goto(new URL(POST, server.url).href, { waitUntil: "load" });
    assert.equal(response?.status(), 200);
    return page;
  }

  /**
   * The colour Chromium paints 3 px inside each side edge of `selector`'s `index`th box, 4 px below its
   * top (in a code block's padding, a table's first cells' padding: no text there), with the box
   * scrolled to `scroll`: "start" or "end". Read from a screenshot, decoded by the browser itself.
   */
  async function edges(
    page: Page,
    selector: string,
    index: number,
    scroll: "start" | "end",
  ): Promise<{ left: number[]; right: number[]; scrolls: boolean }> {
    const box = page.locator(selector).nth(index);
    const scrolls = await box.evaluate((element, to) => {
      element.scrollLeft = to === "start" ? 0 : element.scrollWidth;
      return element.scrollWidth > element.clientWidth + 1;
    }, scroll);
    await box.scrollIntoViewIfNeeded();
    const rect = (await box.boundingBox())!;
    const png = await page.screenshot({ clip: { x: rect.x, y: rect.y + 4, width: rect.width, height: 1 } });
    const pixels = await decodePng(png);
    const at = (x: number) => pixels.slice(x * 4, x * 4 + 3);
    return { left: at(3), right: at(Math.round(rect.width) - 4), scrolls };
  }

  /**
   * One blank page of the same browser that decodes every PNG: a page of its own for each of the twenty decodes
   * started a context and a renderer process apiece, which cost more than the decodes.
   */
  let decoder: Promise<Page> | undefined;

  /** RGBA of a one-row PNG, decoded in the blank page. */
  async function decodePng(png: Buffer): Promise<number[]> {
    decoder ??= browser.newPage();
    return (await decoder).evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(0, 0, image.width, 1).data];
    }, png.toString("base64"));
  }

  /** How far apart two colours are: the largest difference of a channel, 0 to 255. */
  const apart = (a: number[], b: number[]) =>
    Math.max(...a.map((value, channel) => Math.abs(value - b[channel])));
  /** A shadow shows: the edge's colour differs from the box's own by more than antialiasing would. */
  const SHADOW = 12;

  for (const scheme of ["light", "dark"] as const) {
    it(`at 390 px in the ${scheme} scheme, a code block and a table that scroll sideways show a shadow at each edge with more beyond it, and a code block that fits shows none`, async () => {
      const page = await post(scheme);
      try {
        await screenshot(page, join(SCREENSHOTS, `starter-wide-post-phone-${scheme}.png`));
        for (const [selector, index] of [
          ["pre", 0],
          [".table-scroll", 0],
        ] as const) {
          const start = await edges(page, selector, index, "start");
          assert.ok(start.scrolls, `${selector} is wider than the phone`);
          assert.ok(
            apart(start.left, start.right) > SHADOW,
            `${selector} at its start: a shadow on the right (${start.right}) and none on the left (${start.left})`,
          );
          const end = await edges(page, selector, index, "end");
          assert.ok(
            apart(end.left, end.right) > SHADOW,
            `${selector} at its end: a shadow on the left (${end.left}) and none on the right (${end.right})`,
          );
          assert.ok(
            apart(end.right, start.left) <= SHADOW,
            `${selector}: an edge with nothing beyond it is the box's own colour at either end (${end.right}, ${start.left})`,
          );
        }
        const fits = await edges(page, "pre", 1, "start");
        assert.ok(!fits.scrolls);
        assert.ok(
          apart(fits.left, fits.right) <= SHADOW,
          `a code block that fits has no shadow (${fits.left}, ${fits.right})`,
        );
      } finally {
        await page.context().close();
      }
    });
  }

  it("a heading's link to itself shows while the heading is pointed at or the link is focused, and Tab reaches it, named by the heading", async () => {
    const page = await post("light", { width: 1280 });
    try {
      const anchor = page.getByRole("link", { name: "A heading" });
      assert.equal(
        await anchor.getAttribute("class"),
        "heading-anchor",
        "the link is in the accessibility tree, named by the heading's words",
      );
      // The alpha of its colour: `rgb(r, g, b)` is opaque, `rgba(r, g, b, a)` says.
      const alpha = () =>
        anchor.evaluate((element) => {
          const channels = getComputedStyle(element).color.match(/[\d.]+/g) ?? [];
          return channels.length === 4 ? Number(channels[3]) : 1;
        });
      await page.mouse.move(0, 0);
      assert.equal(await alpha(), 0, "hidden while nothing points at the heading");
      const box = (await anchor.boundingBox())!;
      assert.ok(box.width > 4 && box.height > 4, "it keeps its place while hidden");
      await page
        .locator(".heading", { has: page.locator("h2") })
        .first()
        .hover({ position: { x: 5, y: 5 } });
      assert.equal(await alpha(), 1, "shown while the heading is pointed at");
      await page.mouse.move(0, 0);
      for (
        let tab = 0;
        tab < 40 && !(await anchor.evaluate((element) => element === document.activeElement));
        tab++
      )
        await page.keyboard.press("Tab");
      assert.ok(await anchor.evaluate((element) => element === document.activeElement), "Tab reaches it");
      assert.equal(await alpha(), 1, "shown while it has the keyboard's focus");
      await page.keyboard.press("Enter");
      assert.equal(new URL(page.url()).hash, "#a-heading");
    } finally {
      await page.context().close();
    }
  });

  it("on a phone, which cannot hover, every heading's link shows", async () => {
    const page = await post("light", { touch: true });
    try {
      assert.equal(
        await page.evaluate(() => matchMedia("(hover: hover)").matches),
        false,
        "the phone cannot hover",
      );
      const colour = await page
        .locator(".heading-anchor")
        .first()
        .evaluate((element) => getComputedStyle(element).color);
      assert.notEqual(colour, "rgba(0, 0, 0, 0)");
    } finally {
      await page.context().close();
    }
  });
});
