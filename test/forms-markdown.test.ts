/**
 * A page's forms in its Markdown, where the site asks for it (`agents:
 * { forms: true }`, as the starter does): where each form sends and how,
 * each field with its label, its kind and whether it is required, the fields
 * to leave alone, and what happens after, as text an agent can act on. The
 * test acts on it: it sends /contact/'s form as its Markdown says, to the
 * real preview server (which stands in for Netlify Forms), and gets what the
 * Markdown promised. The Halyard site has it on too: its contact page's
 * Markdown lacked the form its HTML shows (a quarter of the page's text),
 * while the page's own words say the form is for people.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtSite, ROOT, sitegen, tempDir } from "./helpers/dist.ts";
import { startServing, type PrintingServer } from "./helpers/preview.ts";
import { initSite } from "./helpers/starter.ts";

/** The Halyard site, whose site.yaml has its forms described. */
const halyard = tempDir("sitegen-forms-");
cpSync(join(ROOT, "content"), join(halyard, "content"), { recursive: true });
cpSync(join(ROOT, "templates"), join(halyard, "templates"), { recursive: true });
const built = sitegen(["build", "--out", join(halyard, "dist")], { cwd: halyard });
assert.equal(built.status, 0, built.stderr);
const contact = readFileSync(join(halyard, "dist/contact.md"), "utf8");

let server: PrintingServer;
before(async () => {
  server = await startServing(["--dir", join(halyard, "dist"), "--port", "0"]);
});
after(() => server?.stop());

/** A form as its Markdown section says to send it. */
function formOf(markdown: string, title: string) {
  const section = markdown.slice(markdown.indexOf(`## Form: ${title}\n`));
  const how =
    /make a `(GET|POST)` request to (\S+) with these fields(?:, the body encoded as `([^`]+)`)?/.exec(
      section,
    )!;
  const fields = [...section.matchAll(/^- `([^`]+)` \((required|optional); ([^)]*)\): (.*)$/gm)].map(
    ([, name, need, kind, label]) => ({ name, required: need === "required", kind, label }),
  );
  const fixed = Object.fromEntries(
    [...section.matchAll(/^- `([^`]+)`: always `([^`]*)`$/gm)].map(([, name, value]) => [name, value]),
  );
  const after = /sends the browser on to (\S+?), where the page says: "(.*)"\.$/m.exec(section);
  return {
    method: how[1],
    address: how[2],
    encoding: how[3],
    fields,
    fixed,
    after: after?.[1],
    says: after?.[2],
    trap: /^Leave out `([^`]+)`/m.exec(section)?.[1],
  };
}

test("/contact/'s Markdown describes its form: method, address, encoding, each field with its label and whether it is required, the trap to leave out, what happens after", () => {
  const form = formOf(contact, "Send an enquiry");
  assert.deepEqual(
    { method: form.method, address: form.address, encoding: form.encoding },
    {
      method: "POST",
      address: "https://halyard.example/contact/",
      encoding: "application/x-www-form-urlencoded",
    },
  );
  assert.deepEqual(form.fixed, { "form-name": "enquiry" });
  assert.deepEqual(
    form.fields.map(({ name, required }) => `${name}${required ? "*" : ""}`),
    ["name*", "email*", "organisation", "message*"],
  );
  assert.deepEqual(
    form.fields.map(({ label }) => label.split(" (")[0]),
    ["Your name", "Your email address", "Organisation", "Your message"],
  );
  assert.match(form.fields[1].kind, /^email, at most 320 characters$/);
  assert.equal(form.trap, "bot-field");
  assert.equal(form.after, "https://halyard.example/contact/#enquiry-sent");
  assert.match(form.says ?? "", /^Thank you: your enquiry has reached us\./);
  // The rest of the page's Markdown is as before: the form is added after the author's text.
  const lastLine = readFileSync(join(ROOT, "content/pages/contact.md"), "utf8").trimEnd().split("\n").at(-1)!;
  assert.ok(
    contact.indexOf(lastLine) < contact.indexOf("## Form: Send an enquiry"),
    "the page's own Markdown comes first",
  );
});

test("an agent that sends the form as the Markdown says gets what it says: the submission taken, and the browser sent on to the thank-you state", async () => {
  const form = formOf(contact, "Send an enquiry");
  const values: Record<string, string> = { ...form.fixed };
  for (const field of form.fields)
    if (field.required)
      values[field.name] = field.kind.startsWith("email") ? "lan@example.vn" : `A ${field.name}`;
  const from = server.output().length;
  const address = new URL(new URL(form.address).pathname, server.url);
  const response = await fetch(address, {
    method: form.method,
    body: new URLSearchParams(values),
    headers: { "content-type": form.encoding! },
    redirect: "manual",
  });
  assert.equal(response.status, 303);
  const location = new URL(form.after!);
  assert.equal(response.headers.get("location"), `${location.pathname}${location.hash}`);
  const printed = await server.waitFor(/form[\s\S]*\n$/, from);
  assert.match(printed, /form "enquiry" on \/contact\//);
  assert.match(printed, /lan@example\.vn/);
  assert.doesNotMatch(printed, /dropped/);
});

test("the Halyard site describes the form its contact page shows, and only there: no other page has a form", () => {
  assert.match(readFileSync(join(builtSite(), "contact.md"), "utf8"), /^## Form: Send an enquiry$/m);
  for (const page of ["index", "about", "blog", "brand", "developers", "privacy"])
    assert.doesNotMatch(readFileSync(join(builtSite(), `${page}.md`), "utf8"), /## Form:/, page);
});

test("a form written in a page's body is described too: a GET form's query, a choice among options, a checkbox, a field labelled by the label around it", () => {
  const root = initSite("forms");
  writeFileSync(
    join(root, "content/pages/subscribe.md"),
    [
      "---",
      "title: Subscribe",
      "description: Letters by post, four times a year.",
      "updated: 2026-01-01",
      "---",
      "",
      "## Ask for the letter",
      "",
      '<form action="https://letters.example/subscribe" method="get">',
      '<label>Your postcode <input name="postcode" required></label>',
      '<label for="how-often">How often</label><select id="how-often" name="often"><option value="quarterly">Four times a year</option><option value="yearly">Once a year</option></select>',
      '<label><input type="checkbox" name="consent" value="yes" required> I agree to be written to</label>',
      '<button type="submit">Ask</button>',
      "</form>",
      "",
    ].join("\n"),
  );
  const run = sitegen(["build"], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  const markdown = readFileSync(join(root, "dist/subscribe.md"), "utf8");
  const form = formOf(markdown, "Ask for the letter");
  assert.deepEqual(
    { method: form.method, address: form.address, encoding: form.encoding },
    { method: "GET", address: "https://letters.example/subscribe", encoding: undefined },
  );
  assert.match(markdown, /with these fields as its query \(a person sends it with the button "Ask"\):/);
  assert.deepEqual(form.fields, [
    { name: "postcode", required: true, kind: "text", label: "Your postcode" },
    { name: "often", required: false, kind: "select, one of `quarterly`, `yearly`", label: "How often" },
    { name: "consent", required: true, kind: "checkbox, one of `yes`", label: "I agree to be written to" },
  ]);
  assert.match(markdown, /^After a submission, https:\/\/letters\.example\/subscribe answers\.$/m);
});
