/**
 * The site in a real browser (Debian's Chromium through playwright-core),
 * served by the preview server:
 *
 * - every page loads with no console error, no Content-Security-Policy
 *   violation and no request to another origin;
 * - axe-core finds no WCAG 2.1 A or AA violation on the pages Lighthouse
 *   audits (and the contact form), in the light and the dark scheme;
 * - scroll boxes take keyboard focus, code in table cells stays whole on a
 *   phone, headings show their anchor links, each part of a page is marked in
 *   its language, the note for agents is in the document without moving it,
 *   the typeface is the site's own, print shows the article alone;
 * - the enquiry form works end to end, and watch mode's reload script runs
 *   under the CSP;
 * - the starter theme (a site as `sitegen init` writes it) passes the same
 *   checks on its home page, blog and sample post;
 * - a post with every construct of the Markdown people bring (raw HTML,
 *   footnotes, admonitions, task lists, attribute lists…) passes them in
 *   both themes;
 * - screenshots of those pages at 1280 and 390 px, light and dark, land in
 *   test-output/screenshots/ for a person to look at.
 */
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import { sameSitePath } from "../src/verify/discover.ts";
import { parseSitemap } from "../src/verify/sitemap.ts";
import { builtSite, ROOT, startPreviewServer, type Running } from "./helpers/dist.ts";
import { startServing } from "./helpers/preview.ts";
import { tempProject } from "./helpers/project.ts";
import { AUDITED } from "./helpers/audited.ts";
import { readSource } from "./helpers/site.ts";
import { STARTER_AUDITED, starterSite } from "./helpers/starter.ts";
import { KITCHEN_SINK, kitchenSinkSites } from "./helpers/kitchen-sink.ts";
import { screenshot } from "./helpers/screenshot.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["chromium"]);
const OUTPUT = join(ROOT, "test-output");
const SCREENSHOTS = join(OUTPUT, "screenshots");
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];
const SCHEMES = ["light", "dark"] as const;
/** Pages open at once: the browser renders one while the test reads another. */
const PAGES_AT_ONCE = 3;
describe("the site in Chromium", { skip: tools.skip }, () => {
  let server: Running;
  /** A site as `sitegen init` writes it: the starter theme. */
  let starter: Running;
  /** The kitchen-sink post in a site of each theme. */
  let kitchen: { halyard: Running; starter: Running };
  let browser: Browser;
  let pages: string[];

  before(async () => {
    const executablePath = tools.path("chromium");
    const dist = builtSite();
    const openapi = JSON.parse(readFileSync(join(dist, "openapi.json"), "utf8")) as {
      servers: { url: string }[];
    };
    const base = new URL(openapi.servers[0]?.url ?? "").origin;
    const entries = parseSitemap(readFileSync(join(dist, "sitemap.xml"), "utf8"));
    if (typeof entries === "string") throw new Error(`sitemap.xml: ${entries}`);
    pages = entries.map((entry) => sameSitePath(entry.loc, [base]) ?? entry.loc);
    server = await startPreviewServer(dist);
    starter = await startPreviewServer(starterSite().dist);
    const sinks = kitchenSinkSites();
    kitchen = {
      halyard: await startPreviewServer(sinks.halyard),
      starter: await startPreviewServer(sinks.starter),
    };
    browser = await chromium.launch({
      executablePath,
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
    await starter?.stop();
    await kitchen?.halyard.stop();
    await kitchen?.starter.stop();
  });

  interface Opened {
    page: Page;
    status: number;
    /** Console errors, uncaught exceptions, failed requests, CSP violations and requests to other origins. */
    errors: string[];
  }

  /** Turns the HTTP cache off for `page` (DevTools' "Disable cache"): it loads everything from the server, as a page of a fresh context does. */
  async function withoutCache(page: Page): Promise<void> {
    const session = await page.context().newCDPSession(page);
    await session.send("Network.enable");
    await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  }

  /** The context `open` makes its pages in. */
  let shared: Promise<BrowserContext> | undefined;

  /**
   * Opens `url` (a path on the preview server, or a full URL) in a fresh page and watches everything
   * that goes wrong. The pages share one context (a context of their own each started a renderer
   * process apiece); each has its own width and scheme and no HTTP cache, and the sites keep no
   * cookie or storage, so a page opens as it would in a context of its own.
   */
  async function open(
    url: string,
    options: { viewport?: (typeof VIEWPORTS)[number]; scheme?: (typeof SCHEMES)[number]; base?: string } = {},
  ): Promise<Opened> {
    const { viewport = VIEWPORTS[0], scheme = "light", base = server.url } = options;
    shared ??= browser.newContext();
    const page = await (await shared).newPage();
    await withoutCache(page);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ colorScheme: scheme });
    const errors = await watch(page, new URL(base).origin);
    const response = await page.goto(new URL(url, base).href, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    return { page, status: response?.status() ?? 0, errors };
  }

  /**
   * Everything that goes wrong in `page`, as it happens, in the list `list` gives for it (a tab gives
   * each visit a list of its own). A failed request goes to the list of the visit that made it.
   */
  async function watch(
    page: Page,
    allowedOrigin: string,
    list?: (request?: Request) => string[],
  ): Promise<string[]> {
    const errors: string[] = [];
    const into = list ?? (() => errors);
    const madeIn = new WeakMap<Request, string[]>();
    // Init scripts come through the DevTools protocol, which the page's CSP does not govern.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"} (${event.sourceFile}:${event.lineNumber})`,
        ),
      );
    });
    page.on("console", (message) => {
      if (message.type() === "error") into().push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => into().push(`exception: ${error.message}`));
    page.on("requestfailed", (request) =>
      (madeIn.get(request) ?? into()).push(
        `request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`,
      ),
    );
    page.on("request", (request) => {
      madeIn.set(request, into(request));
      const url = new URL(request.url());
      if (url.protocol !== "data:" && url.origin !== allowedOrigin)
        into(request).push(`request to another origin: ${request.url()}`);
    });
    return errors;
  }

  /**
   * axe-core's WCAG 2.1 A and AA violations on `page`, each a line starting with `label`.
   *
   * axe runs in the page itself (legacy mode), not in pieces gathered in a blank page of the same
   * context: that page cost a renderer process of its own on every run. What legacy mode gives up
   * is cross-origin frames, and these pages load nothing from another origin (the first test holds
   * every page of the sitemap to that, the starter's test its pages). Only violations are asserted,
   * so only they are reported node by node (`resultTypes`): every rule still runs on every node,
   * axe just does not make a selector for each node that passes.
   */
  async function axeViolations(page: Page, label: string): Promise<string[]> {
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .setLegacyMode(true)
      .analyze();
    return results.violations.map(
      (violation) =>
        `${label}: ${violation.id}: ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join("; ")}`,
    );
  }

  type View = { scheme: (typeof SCHEMES)[number]; viewport: (typeof VIEWPORTS)[number] };

  /** A page that visits one view after another, watching everything that goes wrong in each. */
  interface Tab {
    /**
     * Shows `path` at the view's width and in its scheme: its status, and what goes wrong in it (a list that grows
     * until the next visit). A path other than the one shown is loaded anew; the one shown is laid out and styled
     * again where it stands, as a window resized or a system switched to the other scheme shows it.
     */
    visit(path: string, view: View): Promise<{ page: Page; status: number; errors: string[] }>;
    close(): Promise<void>;
  }

  /**
   * A tab for `everyView`'s views, served from `base`. A view used to open a context of its own,
   * and each context started a renderer process, which cost more than the visit itself. In one tab,
   * each page is still loaded from nothing: the HTTP cache is off (DevTools' "Disable cache"), so the
   * page and everything it uses come from the server every time, as in a fresh context; the sites keep
   * no cookie or storage and run no script a visit could leave behind. A page's other views restyle
   * the loaded document instead of loading it again: the width and the scheme are media queries the
   * browser answers live (no stylesheet here animates a change), and an image whose candidate the new
   * width picks is loaded before the view is read; loading took most of a view's time.
   */
  async function openTab(base = server.url): Promise<Tab> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withoutCache(page);
    // What goes wrong before the next visit's document replaces the last one is the last one's (the
    // favicon Chromium asks for after a load, cancelled by the next visit), not held against the next
    // page, as a page closed after its visit was not held to it either; but the next visit's own
    // request for its document is the next visit's.
    let errors: string[] = [];
    let leaving: string[] = [];
    let replaced = true;
    let shown: { url: string; status: number } | undefined;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) replaced = true;
    });
    await watch(page, new URL(base).origin, (request) =>
      replaced || request?.isNavigationRequest() ? errors : leaving,
    );
    return {
      async visit(path, { scheme, viewport }) {
        const url = new URL(path, base).href;
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.emulateMedia({ colorScheme: scheme });
        if (shown?.url === url && page.url() === url) {
          errors = [];
          await page.evaluate(async () => {
            const eager = [...document.images].filter((image) => image.loading !== "lazy" && !image.complete);
            await Promise.all(
              eager.map(
                (image) =>
                  new Promise((done) =>
                    ["load", "error"].forEach((event) => image.addEventListener(event, done, { once: true })),
                  ),
              ),
            );
            await document.fonts.ready;
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          });
          return { page, status: shown.status, errors };
        }
        // A change of the fragment alone would keep the document: a visit loads it anew.
        if (page.url().split("#")[0] === url.split("#")[0]) await page.goto("about:blank");
        leaving = errors;
        errors = [];
        replaced = false;
        const response = await page.goto(url, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        shown = { url, status: response?.status() ?? 0 };
        return { page, status: shown.status, errors };
      },
      close: () => context.close(),
    };
  }

  /**
   * Runs `visit` for every combination of `names`, schemes and widths, a few
   * pages at a time (each lane in a tab of its own, served from `base`, taking
   * a page's views one after another), and gathers the problems it reports in
   * a stable order.
   */
  async function everyView(
    names: [string, string][],
    visit: (tab: Tab, name: string, path: string, view: View) => Promise<string[]>,
    base = server.url,
  ): Promise<string[]> {
    const pages = names.map(([name, path]) =>
      SCHEMES.flatMap((scheme) => VIEWPORTS.map((viewport) => ({ name, path, scheme, viewport }))),
    );
    const found: string[][] = [];
    let next = 0;
    const lane = async () => {
      const tab = await openTab(base);
      try {
        for (let at = next++; at < pages.length; at = next++) {
          found[at] = [];
          for (const view of pages[at]) found[at].push(...(await visit(tab, view.name, view.path, view)));
        }
      } finally {
        await tab.close();
      }
    };
    await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, pages.length) }, lane));
    return found.flat();
  }

  /** Chromium logs a document's own 404 as a failed resource; that is the status the page is meant to have. */
  const withoutOwn404 = (errors: string[]) =>
    errors.filter((error) => !/the server responded with a status of 404/.test(error));

  it("loads every page in the sitemap with status 200, no console error, no CSP violation and nothing from another origin", async () => {
    assert.ok(pages.length >= 21, `${pages.length} pages in the sitemap`);
    // Both schemes, at the desktop width: the width changes the layout, not what a page loads.
    const problems = await everyView(
      pages.map((path) => [path, path]),
      async (tab, _, path, view) => {
        if (view.viewport !== VIEWPORTS[0]) return [];
        const { status, errors } = await tab.visit(path, view);
        return [
          ...(status === 200 ? [] : [`${path}: status ${status}`]),
          ...errors.map((error) => `${path} (${view.scheme}): ${error}`),
        ];
      },
    );
    assert.deepEqual(problems, []);
  });

  it("would notice a CSP violation: an inline script slipped into a page is blocked and reported", async () => {
    // In a tab as the audits use them, on its second visit: what is watched goes on from page to page.
    const tab = await openTab();
    try {
      const view = { scheme: "light", viewport: VIEWPORTS[0] } as const;
      const { page } = await tab.visit("/", view);
      // The page as served, CSP header and all, with one inline script added.
      await page.route("**/about/", async (route) => {
        const response = await route.fetch();
        await route.fulfill({
          response,
          body: (await response.text()).replace("</body>", "<script>document.title = 'ran';</script></body>"),
        });
      });
      const { errors } = await tab.visit("/about/", view);
      await page.waitForTimeout(100);
      assert.notEqual(await page.title(), "ran", "the inline script did not run");
      assert.ok(
        errors.some((error) => /CSP violation: script-src/.test(error)),
        errors.join("\n"),
      );
    } finally {
      await tab.close();
    }
  });

  it("would notice a fault one view alone has: text too faint only on a phone in the dark scheme is found in that view, the page loaded once", async () => {
    const tab = await openTab();
    try {
      const views = SCHEMES.flatMap((scheme) => VIEWPORTS.map((viewport) => ({ scheme, viewport })));
      const { page } = await tab.visit("/about/", views[0]);
      // The site's stylesheet as served, with one rule that greys paragraphs out on a narrow screen in the dark scheme.
      await page.route("**/*.css", async (route) => {
        const response = await route.fetch();
        const faint =
          "@media (max-width: 600px) and (prefers-color-scheme: dark) { main p { color: #333 !important } }";
        await route.fulfill({ response, body: `${await response.text()}\n${faint}\n` });
      });
      await page.goto("about:blank");
      let loads = 0;
      page.on("load", () => loads++);
      const found: string[] = [];
      for (const view of views) {
        const label = `${view.scheme} ${view.viewport.width}`;
        await tab.visit("/about/", view);
        found.push(
          ...(await axeViolations(page, label)).map((line) => line.split(":").slice(0, 2).join(":")),
        );
      }
      assert.deepEqual(found, ["dark 390: color-contrast"]);
      assert.equal(loads, 1, "the page was loaded once for its four views");
    } finally {
      await tab.close();
    }
  });

  it("renders the HTML 404 page for an unknown path, with status 404", async () => {
    const { page, status, errors } = await open("/no-such-page/");
    assert.equal(status, 404);
    assert.match(await page.title(), /not found/i);
    assert.ok((await page.locator("h1").count()) > 0, "no heading");
    assert.deepEqual(withoutOwn404(errors), []);
    await page.close();
  });

  it("axe-core finds no WCAG 2.1 A or AA violation on the audited pages and the contact form, in both colour schemes and widths; their screenshots are saved", async () => {
    const checked = { ...AUDITED, contact: "/contact/", "contact-sent": "/contact/#enquiry-sent" };
    const problems = await everyView(Object.entries(checked), async (tab, name, path, view) => {
      const { scheme, viewport } = view;
      const { page } = await tab.visit(path, view);
      const found = await axeViolations(page, `${name} (${scheme}, ${viewport.width} px)`);
      if (name !== "contact-sent")
        await screenshot(page, join(SCREENSHOTS, `${name}-${viewport.width}-${scheme}.png`));
      return found;
    });
    assert.deepEqual(problems, []);
  });

  it("the starter theme: its pages load clean, axe-core finds no WCAG 2.1 A or AA violation in either scheme or width, and screenshots are saved", async () => {
    // The search page is held to the same in the same four views by test/search-page.test.ts, once its results are
    // shown (its script asks /mcp for them after the load, which a visit here would not wait for); its screenshots
    // are that file's, under the same names.
    const problems = await everyView(
      Object.entries(STARTER_AUDITED).filter(([name]) => name !== "starter-search"),
      async (tab, name, path, view) => {
        const { scheme, viewport } = view;
        const label = `${name} (${scheme}, ${viewport.width} px)`;
        const { page, status, errors } = await tab.visit(path, view);
        const found = [
          ...(status === 200 ? [] : [`${name}: status ${status}`]),
          ...errors.map((error) => `${label}: ${error}`),
          ...(await axeViolations(page, label)),
        ];
        await screenshot(page, join(SCREENSHOTS, `${name}-${viewport.width}-${scheme}.png`));
        return found;
      },
      starter.url,
    );
    assert.deepEqual(problems, []);
  });

  it("the kitchen sink, every construct of the Markdown people bring, loads clean in both themes, axe-core finds no violation in either scheme or width, and screenshots are saved", async () => {
    // Both themes at once, each one page whose views one tab takes in turn.
    const problems = await Promise.all(
      (["halyard", "starter"] as const).map((theme) =>
        everyView(
          [[`kitchen-sink-${theme}`, KITCHEN_SINK]],
          async (tab, name, path, view) => {
            const label = `${name} (${view.scheme}, ${view.viewport.width} px)`;
            const { page, status, errors } = await tab.visit(path, view);
            const found = [
              ...(status === 200 ? [] : [`${name}: status ${status}`]),
              ...errors.map((error) => `${label}: ${error}`),
              ...(await axeViolations(page, label)),
            ];
            // Nothing wider than the screen but the boxes that scroll: a phone shows the page without sideways scrolling.
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            if (overflow > 0) found.push(`${label}: the page is ${overflow} px wider than the screen`);
            await screenshot(page, join(SCREENSHOTS, `${name}-${view.viewport.width}-${view.scheme}.png`));
            return found;
          },
          kitchen[theme].url,
        ),
      ),
    );
    assert.deepEqual(problems.flat(), []);
  });

  it("has a dark scheme that follows prefers-color-scheme", async () => {
    const colours: Record<string, string[]> = {};
    for (const scheme of SCHEMES) {
      const { page } = await open(AUDITED["post-en"], { scheme });
      colours[scheme] = await page.evaluate(() =>
        [document.body, document.querySelector("pre")!, document.querySelector(".hljs-keyword")!].map(
          (element) => `${getComputedStyle(element).color} on ${getComputedStyle(element).backgroundColor}`,
        ),
      );
      await page.close();
    }
    for (let i = 0; i < colours.light.length; i++) assert.notEqual(colours.dark[i], colours.light[i]);
    assert.match(colours.light[0], /rgb\(27, 27, 27\) on rgb\(255, 255, 255\)/);
  });

  it("scroll boxes take keyboard focus, and a wide table on a phone scrolls with the arrow keys", async () => {
    const { page } = await open(AUDITED["post-en"], { viewport: VIEWPORTS[1] });
    const boxes = await page.locator("pre, .table-scroll").count();
    assert.ok(boxes >= 2);
    // Tab through the page, up to 200 times: every scroll box is reached. The page notes each box that takes focus as
    // it happens, and is asked how many after every ten presses, not after each: a question per press cost more than
    // the press, and the presses stop once every box has been reached.
    await page.evaluate(() => {
      const reached = new Set<number>();
      (window as unknown as { reached: Set<number> }).reached = reached;
      document.addEventListener("focusin", (event) => {
        const boxes = [...document.querySelectorAll("pre, .table-scroll")];
        if (boxes.includes(event.target as Element)) reached.add(boxes.indexOf(event.target as Element));
      });
    });
    const reachedCount = () =>
      page.evaluate(() => (window as unknown as { reached: Set<number> }).reached.size);
    let reached = 0;
    for (let presses = 0; presses < 200 && reached < boxes; ) {
      for (const end = presses + 10; presses < end; presses++) await page.keyboard.press("Tab");
      reached = await reachedCount();
    }
    assert.equal(reached, boxes, `${reached} of ${boxes} scroll boxes reached by Tab`);
    const table = page
      .locator(".table-scroll")
      .filter({ has: page.locator("td code") })
      .first();
    const { scrollWidth, clientWidth } = await table.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    assert.ok(
      scrollWidth > clientWidth,
      `the table is wider than the phone (${scrollWidth} > ${clientWidth})`,
    );
    await table.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(300);
    assert.ok(
      (await table.evaluate((element) => element.scrollLeft)) > 0,
      "ArrowRight scrolls the focused table",
    );
    await page.close();
  });

  it("code in a table cell never breaks inside a word on a phone, only where a line may break", async () => {
    for (const path of [AUDITED["post-en"], AUDITED.developers]) {
      const { page } = await open(path, { viewport: VIEWPORTS[1] });
      // Every place a code span goes on to a new line, and the character before it.
      const breaks = await page.evaluate(() =>
        [...document.querySelectorAll("td code, th code")].flatMap((code) => {
          const text = code.firstChild!;
          const found: string[] = [];
          const range = document.createRange();
          let top: number | undefined;
          for (let i = 0; i < (text.textContent ?? "").length; i++) {
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const rect = range.getBoundingClientRect();
            if (rect.width === 0) continue;
            if (top !== undefined && rect.top > top + 2)
              found.push(`${code.textContent}: after ${JSON.stringify((text.textContent ?? "")[i - 1])}`);
            top = rect.top;
          }
          return found;
        }),
      );
      assert.ok((await page.locator("td code").count()) > 0, path);
      assert.deepEqual(
        breaks.filter((line) => !/after "[\s/-]"$/.test(line)),
        [],
        path,
      );
      await page.close();
    }
  });

  it("shows every heading's anchor link, and it leads to the heading", async () => {
    const { page } = await open("/developers/");
    const anchors = page.locator(".heading-anchor");
    assert.ok((await anchors.count()) > 5);
    for (const anchor of await anchors.all()) {
      const box = await anchor.boundingBox();
      assert.ok(box && box.width > 4 && box.height > 4, "visible");
      assert.ok((await anchor.evaluate((element) => getComputedStyle(element).visibility)) === "visible");
    }
    const target = await anchors.nth(3).getAttribute("href");
    await anchors.nth(3).click();
    assert.equal(new URL(page.url()).hash, target);
    await page.close();
  });

  it("marks each part in its own language: a Vietnamese post with English navigation and footer", async () => {
    const { page } = await open(AUDITED["post-vi"]);
    const languages = await page.evaluate(() => ({
      page: document.documentElement.lang,
      article: (document.querySelector("article") as HTMLElement).closest("[lang]")!.getAttribute("lang"),
      parts: [".skip-link", ".agent-note", ".site-header", ".site-footer", ".alternate"].map((selector) =>
        document.querySelector(selector)!.closest("[lang]")!.getAttribute("lang"),
      ),
    }));
    assert.deepEqual(languages, { page: "vi", article: "vi", parts: ["en", "en", "en", "en", "en"] });
    await page.close();
  });

  it("points agents to /llms.txt near the top of the body, without moving the page", async () => {
    for (const path of [AUDITED.home, AUDITED["404"]]) {
      const { page } = await open(path);
      const note = await page.evaluate(() => {
        const element = document.querySelector(".agent-note")!;
        const before = [...document.body.children].indexOf(element);
        const header = document.querySelector(".site-header")!.getBoundingClientRect().top;
        element.remove();
        const without = document.querySelector(".site-header")!.getBoundingClientRect().top;
        return { before, href: element.querySelector("a")!.getAttribute("href"), header, without };
      });
      assert.ok(note.before <= 2, `the note is element ${note.before} of the body`);
      assert.equal(note.href, "/llms.txt");
      assert.equal(note.header, note.without, "the header does not move for the note");
      await page.close();
    }
    // A keyboard user reaches it second, after the skip link, and sees it then.
    const { page } = await open("/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("href")), "/llms.txt");
    const box = await page.locator(".agent-note").boundingBox();
    assert.ok(box && box.width > 100, "visible while focused");
    await page.close();
  });

  it("the starter's note for agents is in the HTML for programs, and out of Chromium's accessibility tree and the tab order", async () => {
    for (const path of [
      STARTER_AUDITED["starter-home"],
      STARTER_AUDITED["starter-post-cover"],
      "/no-such-page/",
    ]) {
      const { page } = await open(path, { base: starter.url });
      const note = await page.evaluate(() => {
        const element = document.querySelector(".agent-note");
        return (
          element && {
            text: element.textContent,
            href: element.querySelector("a")?.getAttribute("href"),
            hidden: element.getAttribute("aria-hidden"),
          }
        );
      });
      assert.deepEqual(
        note,
        {
          text: "For AI agents: /llms.txt indexes this site, and every page is also served as Markdown.",
          href: "/llms.txt",
          hidden: "true",
        },
        path,
      );
      // What a screen reader is given: the full accessibility tree, as Chromium's DevTools protocol reports it.
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
        nodes: { ignored: boolean; name?: { value?: string }; role?: { value?: string } }[];
      };
      const read = nodes.filter((node) => !node.ignored).map((node) => String(node.name?.value ?? ""));
      assert.ok(
        read.some((name) => name === "Skip to content"),
        `${path}: the tree is the page's`,
      );
      assert.ok(
        !read.some((name) => /For AI agents|indexes this site/.test(name)),
        `${path}: the note is not read out`,
      );
      assert.ok(!read.includes("/llms.txt"), `${path}: nor is its link`);
      await cdp.detach();
      // The keyboard goes from the skip link to the header, never to the hidden note.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      assert.notEqual(
        await page.evaluate(() => document.activeElement?.closest(".agent-note") !== null),
        true,
        `${path}: the note takes no focus`,
      );
      await page.close();
    }
  });

  it("sets text in Be Vietnam Pro from the site itself, the Vietnamese subset only where a page needs it", async () => {
    for (const [path, needsVietnamese] of [
      [AUDITED["post-vi"], true],
      [AUDITED["post-en"], false],
    ] as const) {
      const page = await browser.newPage();
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
      });
      await page.goto(new URL(path, server.url).href, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      assert.ok(
        await page.evaluate(
          () =>
            document.fonts.check('600 16px "Be Vietnam Pro"') &&
            [...document.fonts].some(
              (face) => face.family.replace(/"/g, "") === "Be Vietnam Pro" && face.status === "loaded",
            ),
        ),
        path,
      );
      assert.match(
        await page.evaluate(() => getComputedStyle(document.body).fontFamily),
        /^"Be Vietnam Pro"/,
      );
      assert.ok(
        fonts.every((font) => font.startsWith("/assets/fonts/be-vietnam-pro-")),
        fonts.join(", "),
      );
      assert.equal(
        fonts.some((font) => font.includes("-vietnamese-")),
        needsVietnamese,
        `${path}: ${fonts.join(", ")}`,
      );
      await page.close();
    }
  });

  it("shows the mark in the header and declares the icons, which all load", async () => {
    const { page, errors } = await open("/");
    assert.equal(await page.locator(".site-header .brand svg").count(), 1);
    const icons = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map(
        (link) => (link as HTMLLinkElement).href,
      ),
    );
    assert.equal(icons.length, 3);
    for (const icon of icons) {
      const response = await page.request.get(icon);
      assert.equal(response.status(), 200, icon);
      assert.match(response.headers()["content-type"] ?? "", /^image\//, icon);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("prints an article alone: no navigation, footer or form, code wrapped, the addresses of its outside links shown", async () => {
    // A post with code and with links to other sites, whose addresses a printed page must show.
    const post = readSource().published.find(
      (candidate) => /\]\(https?:\/\//.test(candidate.body) && /^```\w+$/m.test(candidate.body),
    )!;
    assert.ok(post, "the content has a post with code and outside links");
    const { page } = await open(`/blog/${post.slug}/`);
    const afterContent = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.prose a[href^="http"]')].map((link) => ({
          href: link.getAttribute("href"),
          after: getComputedStyle(link, "::after").content,
        })),
      );
    assert.ok(
      (await afterContent()).every(({ after }) => after === "none"),
      "on screen, no address follows a link",
    );
    await page.emulateMedia({ media: "print" });
    const printed = await page.evaluate(() => ({
      hidden: [".site-header nav", ".site-footer", ".heading-anchor", ".alternate"].map(
        (selector) => getComputedStyle(document.querySelector(selector)!).display,
      ),
      pre: getComputedStyle(document.querySelector("pre")!).whiteSpace,
      overflow: [...document.querySelectorAll("pre, .table-scroll")].filter(
        (box) => box.scrollWidth > box.clientWidth + 1,
      ).length,
      color: getComputedStyle(document.body).color,
    }));
    assert.deepEqual(printed.hidden, ["none", "none", "none", "none"]);
    assert.equal(printed.pre, "pre-wrap");
    assert.equal(printed.overflow, 0, "nothing is cut off at the page edge");
    assert.equal(printed.color, "rgb(0, 0, 0)");
    const external = await afterContent();
    assert.ok(external.length > 0, "the post's outside links are in the page");
    for (const { href, after } of external)
      assert.equal(after, `" (${href})"`, "each outside link is followed by its address");
    // For a person to look at: the article as Chromium prints it.
    writeFileSync(join(OUTPUT, "print-post-en.pdf"), await page.pdf({ format: "A4" }));
    await page.close();
  });

  it("sends the enquiry form as a person would, and shows the thank-you state", async () => {
    const preview = await startServing(["--dir", builtSite(), "--port", "0"]);
    try {
      const { page, errors } = await open("/contact/", { base: preview.url });
      assert.equal(await page.locator("#enquiry-sent").isVisible(), false);
      // The honeypot is not there for a person.
      assert.equal(await page.locator('input[name="bot-field"]').isVisible(), false);
      await page.getByLabel("Your name").fill("Minh Trần");
      await page.getByLabel("Your email address").fill("minh@example.vn");
      await page.getByLabel("Your message").fill("A partner's EDIFACT feed fails every night.");
      const from = preview.output().length;
      await Promise.all([
        page.waitForURL(/#enquiry-sent$/),
        page.getByRole("button", { name: "Send enquiry" }).click(),
      ]);
      assert.equal(new URL(page.url()).pathname, "/contact/");
      assert.equal(await page.locator("#enquiry-sent").isVisible(), true);
      assert.equal(await page.locator("form[name=enquiry]").isVisible(), false);
      const printed = await preview.waitFor(/EDIFACT feed/, from);
      assert.match(printed, /name: Minh Trần/);
      assert.match(printed, /email: minh@example\.vn/);
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await preview.stop();
    }
  });

  it("watch mode's reload script runs under the CSP: a saved change reloads the page, a broken build shows its error", async () => {
    const project = tempProject();
    const watching = await startServing(
      ["--watch", "--port", "0", "--content", "content", "--templates", "templates", "--dir", "dist"],
      project,
    );
    try {
      const { page, errors } = await open("/about/", { base: watching.url });
      const csp =
        (await page.request.get(new URL("/about/", watching.url).href)).headers()[
          "content-security-policy"
        ] ?? "";
      assert.match(
        csp,
        /script-src 'sha256-[A-Za-z0-9+/]+=*'/,
        "the reload script is allowed by its hash only",
      );
      assert.doesNotMatch(csp, /unsafe-inline/);
      const about = join(project, "content/pages/about.md");
      writeFileSync(
        about,
        readFileSync(about, "utf8").replace(/^title: .*$/m, 'title: "About us, reloaded"'),
      );
      await page.waitForFunction(
        () => document.querySelector("h1")?.textContent === "About us, reloaded",
        undefined,
        { timeout: 30_000 },
      );
      writeFileSync(
        about,
        readFileSync(about, "utf8").replace(/^updated: .*$/m, "updated: 30 February 2026"),
      );
      await page.waitForSelector("#sitegen-build-error", { timeout: 30_000 });
      assert.match(
        (await page.locator("#sitegen-build-error").textContent()) ?? "",
        /about\.md:\d+:\d+: .*date/,
      );
      // Reloading the page ends its event stream; that is the script doing its job.
      assert.deepEqual(
        errors.filter((error) => !/\/_sitegen\/reload net::ERR_ABORTED/.test(error)),
        [],
      );
      await page.close();
    } finally {
      await watching.stop();
    }
  });
});
