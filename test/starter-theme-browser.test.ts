/**
 * The starter theme's scripts in a real browser (Debian's Chromium), on a new
 * site served by the preview server: the scheme switch applies a reader's
 * choice before the first paint and remembers it, and each code block's copy
 * button works from the keyboard and says what it did to a screen reader.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser } from "playwright-core";
import { startPreviewServer, type Running } from "./helpers/dist.ts";
import { STARTER_AUDITED, starterSite } from "./helpers/starter.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["chromium"]);

describe("the starter theme's scripts in Chromium", { skip: tools.skip }, () => {
  let server: Running;
  let browser: Browser;
  const at = (path: string) => new URL(path, server.url).href;

  before(async () => {
    server = await startPreviewServer(starterSite().dist);
    browser = await chromium.launch({ executablePath: tools.path("chromium"), headless: true, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
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
        (window as unknown as { schemeAtBody?: string }).schemeAtBody = document.documentElement.dataset.scheme ?? "none";
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(at(STARTER_AUDITED["starter-archive"]));
    assert.equal(await page.evaluate(() => (window as unknown as { schemeAtBody?: string }).schemeAtBody), "dark");
    await page.waitForLoadState("load");
    assert.equal(await background(), "rgb(22, 24, 29)");
    // And back: light is remembered over a dark system too.
    await page.locator(".scheme-toggle").click();
    const dark = await browser.newContext({ colorScheme: "dark", storageState: await context.storageState() });
    const again = await dark.newPage();
    await again.goto(at("/"));
    assert.equal(await again.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(255, 255, 255)", "the reader's light over the system's dark");
    await dark.close();
    await context.close();
  });

  it("the scheme is set by a script that blocks the parser, so no paint comes before it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(at("/"));
    const script = await page.evaluate(() => {
      const found = [...document.head.querySelectorAll("script[src]")].find((each) => /\/assets\/scheme\./.test(each.getAttribute("src") ?? "")) as HTMLScriptElement | undefined;
      return found && { defer: found.defer, async: found.async, inHead: found.parentElement === document.head };
    });
    assert.deepEqual(script, { defer: false, async: false, inHead: true });
    await context.close();
  });

  it("the copy button: reached with Tab, pressed with Enter, copies the block's code and says so in a status region", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(server.url).origin });
    const page = await context.newPage();
    await page.goto(at(STARTER_AUDITED["starter-post-cover"]));
    const button = page.locator(".copy-code").first();
    await button.waitFor();
    assert.equal(await button.evaluate((node) => node.tagName), "BUTTON");
    const code = await page.locator(".prose pre > code").first().innerText();
    await button.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent === "Code copied to the clipboard");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code.replace(/\n$/, ""));
    assert.equal(await button.textContent(), "Copied");
    await context.close();
  });
});
