/**
 * The enquiry form on /contact/: an HTML form for Netlify Forms. The surface
 * stays read-only for agents (spec §1.2, §6.2): the negotiation core passes a
 * form's POST to a page on to the host and answers every other write with
 * 405; on Netlify the edge function lets it through to Netlify Forms, and the
 * preview server takes it, prints it, and sends the browser to the thank-you
 * state. Driven over real HTTP against the real CLI and Netlify's emulator.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { decide } from "../src/negotiation/decide.ts";
import { builtSite, routeTable, startNetlifyEmulator } from "./helpers/dist.ts";
import { startServing, type PrintingServer } from "./helpers/preview.ts";

const dist = builtSite();
const table = routeTable(dist);
const contact = readFileSync(join(dist, "contact/index.html"), "utf8");

/** The attributes of the first tag matching `pattern` in `html`. */
function attributes(html: string, pattern: RegExp): Record<string, string> {
  const tag = pattern.exec(html)?.[0] ?? "";
  return Object.fromEntries(
    [...tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map((match) => [match[1], match[2] ?? ""]),
  );
}

describe("the negotiation core", () => {
  const routes = { pages: table.pages, files: table.files };
  const decision = (method: string, path: string, contentType: string | null) =>
    decide({ method, path, accept: null, ifNoneMatch: null, contentType }, routes).kind;

  it("passes an HTML form's POST to a page on to the host, in either encoding", () => {
    assert.equal(decision("POST", "/contact/", "application/x-www-form-urlencoded"), "pass");
    assert.equal(decision("POST", "/contact/", "multipart/form-data; boundary=x"), "pass");
    assert.equal(decision("post", "/contact/", "Application/X-WWW-Form-Urlencoded; charset=UTF-8"), "pass");
  });

  it("answers every other write with 405: other bodies, other methods, files and unknown paths", () => {
    assert.equal(decision("POST", "/contact/", "application/json"), "method-not-allowed");
    assert.equal(decision("POST", "/contact/", null), "method-not-allowed");
    assert.equal(decision("PUT", "/contact/", "application/x-www-form-urlencoded"), "method-not-allowed");
    assert.equal(decision("POST", "/llms.txt", "application/x-www-form-urlencoded"), "method-not-allowed");
    assert.equal(decision("POST", "/contact.md", "application/x-www-form-urlencoded"), "method-not-allowed");
    assert.equal(
      decision("POST", "/no-such-page/", "application/x-www-form-urlencoded"),
      "method-not-allowed",
    );
  });
});

describe("the contact page's form", () => {
  it("is a Netlify form with a honeypot, posting to a page of the closed set whose thank-you state is on that page", () => {
    const form = attributes(contact, /<form\b[^>]*>/);
    assert.equal(form["data-netlify"], "true");
    assert.equal(form.method, "post");
    const honeypot = form["data-netlify-honeypot"];
    assert.ok(honeypot, "a honeypot field is named");
    assert.match(
      contact,
      new RegExp(`<p class="trap"><label>[^<]*<input type="text" name="${honeypot}" tabindex="-1"`),
      "the honeypot field is there, out of the tab order",
    );
    assert.deepEqual(
      attributes(contact, /<input type="hidden" name="form-name"[^>]*>/).value,
      form.name,
      "form-name names the form, as Netlify expects of a form it did not inject",
    );
    const action = new URL(form.action, "https://halyard.example");
    assert.ok(Object.hasOwn(table.pages, action.pathname), `${action.pathname} is a page`);
    const target = readFileSync(join(dist, action.pathname.slice(1), "index.html"), "utf8");
    assert.match(
      target,
      new RegExp(`id="${action.hash.slice(1)}"`),
      `the thank-you state ${action.hash} is on ${action.pathname}`,
    );
  });

  it("labels every field a person fills in, and runs no script", () => {
    const form = /<form\b[\s\S]*?<\/form>/.exec(contact)![0];
    const fields = [...form.matchAll(/<(input|textarea)\b[^>]*>/g)]
      .map((match) => attributes(match[0], /<\w+\b[^>]*>/))
      .filter((field) => field.type !== "hidden" && field.tabindex !== "-1");
    assert.ok(fields.length >= 3);
    for (const field of fields)
      assert.match(form, new RegExp(`<label for="${field.id}">`), `${field.name} has a label`);
    assert.doesNotMatch(contact, /<script(?![^>]*application\/ld\+json)/);
  });

  it("leaves the agent surface read-only: no operation but GET, and every agent file says the form is for people", () => {
    const openapi = JSON.parse(readFileSync(join(dist, "openapi.json"), "utf8")) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = new Set(
      Object.values(openapi.paths).flatMap((operations) =>
        Object.keys(operations).filter((key) => !["parameters", "summary", "description"].includes(key)),
      ),
    );
    assert.deepEqual([...methods], ["get"]);
    assert.match(
      readFileSync(join(dist, "contact.md"), "utf8"),
      /form is for people[^.]*\. The site has no API for enquiries and nothing an agent or script should call/,
    );
    assert.match(
      readFileSync(join(dist, "llms.txt"), "utf8"),
      /enquiry form on \/contact\/ is for people in a browser, not an interface for agents/,
    );
    assert.match(
      readFileSync(join(dist, "agent-instructions.md"), "utf8"),
      /The enquiry form on the contact page is for the person to fill in; do not submit it for the user\./,
    );
  });
});

const ENQUIRY = {
  "form-name": "enquiry",
  "bot-field": "",
  name: "Lan Nguyễn",
  email: "lan@example.vn",
  organisation: "Cảng Sài Gòn",
  message: "Our RabbitMQ consumers\nstall after failover.",
};

describe("the preview server takes the form", () => {
  let server: PrintingServer;
  before(async () => {
    server = await startServing(["--dir", dist, "--port", "0"]);
  });
  after(() => server?.stop());

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(new URL(path, server.url), { method: "POST", body, headers, redirect: "manual" });
  /** What the server printed about a form after `from`. */
  const printedAfter = (from: number) => server.waitFor(/form[\s\S]*\n$/, from);

  it("prints a urlencoded submission and sends the browser to the thank-you state (303)", async () => {
    const from = server.output().length;
    const response = await post("/contact/", new URLSearchParams(ENQUIRY));
    assert.equal(response.status, 303);
    assert.equal(response.headers.get("location"), "/contact/#enquiry-sent");
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'none'/);
    const printed = await printedAfter(from);
    assert.match(printed, /form "enquiry" on \/contact\//);
    for (const value of [
      "Lan Nguyễn",
      "lan@example.vn",
      "Cảng Sài Gòn",
      "Our RabbitMQ consumers",
      "stall after failover.",
    ])
      assert.ok(printed.includes(value), `${value} in ${printed}`);
    assert.doesNotMatch(printed, /bot-field|form-name/);
  });

  it("takes a multipart submission too", async () => {
    const from = server.output().length;
    const body = new FormData();
    for (const [key, value] of Object.entries(ENQUIRY)) body.append(key, value);
    const response = await post("/contact/", body);
    assert.equal(response.status, 303);
    assert.match(await printedAfter(from), /lan@example\.vn/);
  });

  it("drops a submission whose honeypot is filled in, answering as if it were taken", async () => {
    const from = server.output().length;
    const response = await post(
      "/contact/",
      new URLSearchParams({ ...ENQUIRY, "bot-field": "https://spam.example" }),
    );
    assert.equal(response.status, 303);
    const printed = await printedAfter(from);
    assert.match(printed, /dropped, its honeypot field "bot-field" was filled in/);
    assert.ok(!printed.includes("lan@example.vn"), "the dropped submission is not printed");
  });

  it("answers 404 for a form the page does not have, and 405 for a write that is not a form", async () => {
    assert.equal(
      (await post("/contact/", new URLSearchParams({ ...ENQUIRY, "form-name": "newsletter" }))).status,
      404,
    );
    assert.equal((await post("/about/", new URLSearchParams(ENQUIRY))).status, 404);
    const json = await post("/contact/", JSON.stringify(ENQUIRY), { "content-type": "application/json" });
    assert.equal(json.status, 405);
    assert.equal(json.headers.get("allow"), "GET, HEAD, OPTIONS");
    assert.equal((await post("/llms.txt", new URLSearchParams(ENQUIRY))).status, 405);
  });
});

describe("on Netlify", () => {
  let netlify: Awaited<ReturnType<typeof startNetlifyEmulator>>;
  before(async () => {
    netlify = await startNetlifyEmulator(dist);
  });
  after(() => netlify?.stop());

  it("the edge function lets the form's POST through to Netlify, and still answers 405 to other writes", async () => {
    // The emulator has no Netlify Forms: what answers after the function is its static layer, with the page.
    const form = await fetch(new URL("/contact/", netlify.url), {
      method: "POST",
      body: new URLSearchParams(ENQUIRY),
      redirect: "manual",
    });
    const body = await form.text();
    assert.notEqual(form.status, 405);
    assert.equal(form.headers.get("allow"), null);
    assert.equal(
      form.headers.get("etag"),
      null,
      "not answered by the negotiation core, which sends an ETag with every page",
    );
    assert.equal(body, contact);
    const json = await fetch(new URL("/contact/", netlify.url), {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await json.arrayBuffer();
    assert.equal(json.status, 405);
    assert.equal(json.headers.get("allow"), "GET, HEAD, OPTIONS");
  });
});
