/**
 * The starter's search page (/search/) in Chromium: its script, served from
 * the site under `script-src 'self'`, asks `/mcp`'s search tool and shows the
 * answer; a post's exact title comes first; it answers 200, with no CSP
 * violation, console error, failed request or request elsewhere; axe-core
 * finds no WCAG 2.1 A or AA violation in either colour scheme at 1280 and
 * 390 px, once its results are shown, and a screenshot of each is saved to
 * test-output/screenshots/. The header's box leads to the page. The starter's
 * other pages are held to the same in test/browser.test.ts.
 */
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ROOT, startPreviewServer, type Running } from "./helpers/dist.ts";
import { starterSite } from "./helpers/starter.ts";
import { screenshot } from "./helpers/screenshot.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["chromium"]);
const SCREENSHOTS = join(ROOT, "test-output/screenshots");
const VIEWS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

describe("the starter's search page in Chromium", { skip: tools.skip }, () => {
  let server: Running;
  let browser: Browser;
  /** The context every page opens in: a context of its own for each started a renderer process apiece. */
  let context: BrowserContext;
  before(async () => {
    server = await startPreviewServer(starterSite().dist);
    browser = await chromium.launch({
      executablePath: tools.path("chromium"),
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    context = await browser.newContext();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A page at `path`, its status, and everything that goes wrong in it listed: console errors, exceptions, CSP
   * violations, failed requests, requests elsewhere.
   */
  async function open(
    path: string,
    view: (typeof VIEWS)[number],
    scheme: "light" | "dark",
  ): Promise<{ page: Page; status: number; errors: string[] }> {
    // Its width and scheme set before it loads: the page loads as a browser of that width and scheme loads it.
    const page = await context.newPage();
    await page.setViewportSize(view);
    await page.emulateMedia({ colorScheme: scheme });
    const errors: string[] = [];
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
        ),
      ),
    );
    page.on(
      "console",
      (message) => void (message.type() === "error" && errors.push(`console: ${message.text()}`)),
    );
    page.on("pageerror", (error) => errors.push(`exception: ${error.message}`));
    page.on("requestfailed", (request) =>
      errors.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`),
    );
    page.on(
      "request",
      (request) =>
        void (
          new URL(request.url()).origin !== new URL(server.url).origin &&
          errors.push(`request elsewhere: ${request.url()}`)
        ),
    );
    const response = await page.goto(new URL(path, server.url).href, { waitUntil: "load" });
    return { page, status: response?.status() ?? 0, errors };
  }

  it("finds a post by its exact title first, in both schemes and both widths, with no violation; screenshots are saved", async () => {
    const problems: string[] = [];
    for (const view of VIEWS) {
      for (const scheme of ["light", "dark"] as const) {
        const label = `${scheme}, ${view.width} px`;
        const { page, status, errors } = await open("/search/?q=Knots+worth+knowing", view, scheme);
        assert.equal(status, 200, label);
        await page.locator("#search-results li").first().waitFor();
        assert.equal(
          await page.locator("#search-results li h2 a").first().textContent(),
          "Knots worth knowing",
          label,
        );
        assert.equal(
          await page.locator("#search-results li h2 a").first().getAttribute("href"),
          "/blog/knots-worth-knowing/",
        );
        assert.match((await page.locator("#search-status").textContent()) ?? "", /found for/);
        // Nothing wider than the screen: at 390 px the box and the results fit.
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${label}: the page scrolls sideways`,
        );
        const axe = await new AxeBuilder({ page })
          .options({ resultTypes: ["violations"] })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .setLegacyMode(true)
          .analyze();
        problems.push(
          ...errors.map((error) => `${label}: ${error}`),
          ...axe.violations.map(
            (violation) =>
              `${label}: ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join("; ")}`,
          ),
        );
        await screenshot(page, join(SCREENSHOTS, `starter-search-${view.width}-${scheme}.png`));
        await page.close();
      }
    }
    assert.deepEqual(problems, []);
  });

  it("the header's search box leads to the page, which searches as it is typed in", async () => {
    const { page, errors } = await open("/about/", VIEWS[1], "light");
    await page.fill("#site-search-q", "rope");
    await Promise.all([page.waitForURL(/\/search\/\?q=rope$/), page.press("#site-search-q", "Enter")]);
    await page.locator("#search-results li").first().waitFor();
    assert.equal(await page.locator("#search-results li h2 a").first().textContent(), "Rope that lasts");
    await page.fill("#search-q", "zzzzqqq");
    await page.locator("#search-status", { hasText: "Nothing found" }).waitFor();
    assert.equal(await page.locator("#search-results li").count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
