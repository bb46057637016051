/**
 * The starter theme's scripts in a real browser (Debian's Chromium), on a new
 * site served by the preview server: the scheme switch applies a reader's
 * choice before the first paint and remembers it, and each code block's copy
 * button works from the keyboard and says what it did to a screen reader;
 * and the documentation (docs/content in the starter theme) shows its
 * sections on every page, with no axe-core violation in either scheme at a
 * desktop's or a phone's width, its screenshots saved for a person to look at.
 */
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser } from "playwright-core";
import { ROOT, sitegen, startPreviewServer, tempDir, type Running } from "./helpers/dist.ts";
import { STARTER_AUDITED, starterSite } from "./helpers/starter.ts";
import { screenshot } from "./helpers/screenshot.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["chromium"]);

describe("the starter theme's scripts in Chromium", { skip: tools.skip }, () => {
  let server: Running;
  let docs: Running;
  let browser: Browser;
  const at = (path: string) => new URL(path, server.url).href;

  before(async () => {
    server = await startPreviewServer(starterSite().dist);
    const out = join(tempDir("sitegen-docs-"), "dist");
    const built = sitegen([
      "build",
      "--quiet",
      "--content",
      "docs/content",
      "--templates",
      "starter/templates",
      "--out",
      out,
    ]);
    assert.equal(built.status, 0, built.stderr);
    docs = await startPreviewServer(out);
    browser = await chromium.launch({
      executablePath: tools.path("chromium"),
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await docs?.stop();
  });

  it("the scheme switch: the reader's choice is the page's from its first paint, and on the next page", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(at("/"));
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await background(), "rgb(255, 255, 255)", "the system's scheme, light");
    const button = page.locator(".scheme-toggle");
    assert.ok(await button.isVisible(), "shown once its script has run");
    assert.equal(await button.getAttribute("aria-pressed"), "false");
    // From the keyboard: Tab reaches it, Enter presses it.
    await button.focus();
    await page.keyboard.press("Enter");
    assert.equal(await button.getAttribute("aria-pressed"), "true");
    assert.equal(await background(), "rgb(22, 24, 29)", "dark at once");
    // The next page: the choice is on the root when the parser reaches <body>, before anything is painted.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { schemeAtBody?: string }).schemeAtBody =
          document.documentElement.dataset.scheme ?? "none";
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(at(STARTER_AUDITED["starter-archive"]));
    assert.equal(
      await page.evaluate(() => (window as unknown as { schemeAtBody?: string }).schemeAtBody),
      "dark",
    );
    await page.waitForLoadState("load");
    assert.equal(await background(), "rgb(22, 24, 29)");
    // And back: light is remembered over a dark system too.
    await page.locator(".scheme-toggle").click();
    const dark = await browser.newContext({
      colorScheme: "dark",
      storageState: await context.storageState(),
    });
    const again = await dark.newPage();
    await again.goto(at("/"));
    assert.equal(
      await again.evaluate(() => getComputedStyle(document.body).backgroundColor),
      "rgb(255, 255, 255)",
      "the reader's light over the system's dark",
    );
    await dark.close();
    await context.close();
  });

  it("the scheme is set by a script that blocks the parser, so no paint comes before it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(at("/"));
    const script = await page.evaluate(() => {
      const found = [...document.head.querySelectorAll("script[src]")].find((each) =>
        /\/assets\/scheme\./.test(each.getAttribute("src") ?? ""),
      ) as HTMLScriptElement | undefined;
      return (
        found && { defer: found.defer, async: found.async, inHead: found.parentElement === document.head }
      );
    });
    assert.deepEqual(script, { defer: false, async: false, inHead: true });
    await context.close();
  });

  it("the copy button: reached with Tab, pressed with Enter, copies the block's code and says so in a status region", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(server.url).origin,
    });
    const page = await context.newPage();
    await page.goto(at(STARTER_AUDITED["starter-post-cover"]));
    const button = page.locator(".copy-code").first();
    await button.waitFor();
    assert.equal(await button.evaluate((node) => node.tagName), "BUTTON");
    // It sits in a strip the block keeps clear above the code: a long first line ran under it.
    const [buttonBox, codeBox] = [
      await button.boundingBox(),
      await page.locator(".code-block pre > code").first().boundingBox(),
    ];
    assert.ok(
      buttonBox && codeBox && buttonBox.y + buttonBox.height <= codeBox.y,
      `the button (${JSON.stringify(buttonBox)}) is clear of the code (${JSON.stringify(codeBox)})`,
    );
    const code = await page.locator(".prose pre > code").first().innerText();
    await button.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      () => document.querySelector('[role="status"]')?.textContent === "Code copied to the clipboard",
    );
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code.replace(/\n$/, ""));
    assert.equal(await button.textContent(), "Copied");
    await context.close();
  });

  it("the copy button moves nothing: each code block keeps the button's strip from the first paint, however late the script runs, and a reader without scripts gets no empty strip", async () => {
    // Tall enough that the block and the text below it are in view: only a shift in view is one.
    const context = await browser.newContext({ viewport: { width: 1280, height: 4000 } });
    const page = await context.newPage();
    // A loaded machine ran the deferred script after the first paint: the strip it added then pushed the text below down.
    await page.route("**/assets/copy-code.js", async (route) => {
      await new Promise((wait) => setTimeout(wait, 1_500));
      await route.continue();
    });
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shifts: number[] }).shifts.push(
            (entry as unknown as { value: number }).value,
          );
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(at(STARTER_AUDITED["starter-post-cover"]));
    await page.locator(".copy-code").first().waitFor();
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    assert.deepEqual(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts), []);
    await context.close();
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const without = await plain.newPage();
    await without.goto(at(STARTER_AUDITED["starter-post-cover"]));
    const padding = await without
      .locator(".prose pre")
      .first()
      .evaluate((pre) => getComputedStyle(pre).paddingTop);
    assert.ok(
      Number.parseFloat(padding) < 20,
      `a block without its button keeps no strip: padding-top ${padding}`,
    );
    await plain.close();
  });

  it("the documentation: every page shows its sections and the pages around it, with no axe-core violation in either scheme or width", async () => {
    const screenshots = join(ROOT, "test-output/screenshots");
    mkdirSync(screenshots, { recursive: true });
    // One page for every view: a context of its own each started a renderer process, which cost more than the views.
    // The width and the scheme are set before each page is loaded, so each view is loaded as a browser of that width
    // and scheme loads it.
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const scheme of ["light", "dark"] as const) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        for (const [name, path] of [
          ["docs-home", "/"],
          ["docs-listings", "/content/listings/"],
          ["docs-commands", "/commands/"],
        ]) {
          await page.goto(new URL(path, docs.url).href);
          // Beside the text on a wide screen; on a phone, a list to open above it. Its own page marked in each.
          assert.ok(
            await page
              .locator(viewport.width > 900 ? ".section-nav-wide" : ".section-nav-narrow > summary")
              .isVisible(),
            `${path}: the sections shown`,
          );
          assert.equal(
            await page.locator('.section-nav-wide a[aria-current="page"]').count(),
            1,
            `${path}: its own page marked in the sections`,
          );
          assert.ok(
            (await page.locator(".page-nav a[rel=next], .page-nav a[rel=prev]").count()) >= 1,
            `${path}: a page before or after it`,
          );
          // axe in the page itself (legacy mode), not in pieces gathered in a blank page, which cost a renderer of its
          // own on every run: what that gives up is frames from another origin, and these pages have none.
          const results = await new AxeBuilder({ page })
            .options({ resultTypes: ["violations"] })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
            .setLegacyMode(true)
            .analyze();
          assert.deepEqual(
            results.violations.map(
              (violation) =>
                `${path} ${scheme} ${viewport.width}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join("; ")}`,
            ),
            [],
          );
          await screenshot(page, join(screenshots, `${name}-${viewport.width}-${scheme}.png`));
        }
      }
    }
    await context.close();
  });
});
