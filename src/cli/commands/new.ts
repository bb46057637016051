/** `sitegen new post|page`: a new content file whose frontmatter passes `check`. */
import { Option, type Command } from "commander";
import { formatError, SitegenError } from "../../errors.ts";
import { buildTime, EXIT, printers, type Io } from "../io.ts";

export function registerNew(program: Command, io: Io, exit: { code: number }): void {
  const command = program
    .command("new")
    .description("create a draft post, or a page, with frontmatter that passes `sitegen check`")
    .addHelpText(
      "after",
      `\nExamples:\n  $ sitegen new post "Idempotency keys in practice"\n  $ sitegen new post "Grüße aus Köln" --lang de\n  $ sitegen new page services\n`,
    );
  const langOption = () =>
    new Option("--lang <lang>", "language of the text, one of site.yaml's `languages` (default: the first)");
  command
    .command("post")
    .description("create content/blog/<slug>.md, the slug made from the title; never overwrites")
    .argument("<title>", "the post's title, in quotes")
    .addOption(langOption())
    .option("--content <dir>", "content folder", "content")
    .addHelpText(
      "after",
      `\nThe post starts as a draft dated today (SOURCE_DATE_EPOCH if set); the build leaves drafts out.\n\nExamples:\n  $ sitegen new post "Idempotency keys in practice"\n  $ sitegen new post "Tiến hoá schema sự kiện" --lang vi\n  $ $EDITOR "$(sitegen new post 'Sagas in practice')"\n`,
    )
    .action(async (title: string, flags: { lang?: string; content: string }) => {
      await create(io, exit, { kind: "post", title, lang: flags.lang }, flags.content);
    });
  command
    .command("page")
    .description("create a page in content/pages/; never overwrites")
    .argument(
      "<name>",
      'the page\'s name: `services` is /services/ (a title such as "About us" makes about-us)',
    )
    .addOption(langOption())
    .option("--content <dir>", "content folder", "content")
    .addHelpText(
      "after",
      '\nExamples:\n  $ sitegen new page services\n  $ sitegen new page "About us"\n  $ sitegen new page about --lang vi\n',
    )
    .action(async (name: string, flags: { lang?: string; content: string }) => {
      await create(io, exit, { kind: "page", name, lang: flags.lang }, flags.content);
    });
}

type Request = { kind: "post"; title: string; lang?: string } | { kind: "page"; name: string; lang?: string };

async function create(io: Io, exit: { code: number }, request: Request, contentDir: string): Promise<void> {
  const { calendarDate, createNew } = await import("../../content/new.ts");
  const { languageName } = await import("../../content/languages.ts");
  const { excerptOf } = await import("../../render/markdown/excerpt.ts");
  const { print, printError } = printers(io);
  // The date a new file carries: SOURCE_DATE_EPOCH's (read in UTC) when set, else today on the writer's calendar.
  const date = calendarDate(buildTime(io.env), { utc: Boolean(io.env.SOURCE_DATE_EPOCH) });
  try {
    const created = await createNew({ ...request, date }, { contentDir, cwd: io.cwd, excerptOf });
    print(created.file);
    printError(
      request.kind === "post"
        ? `created a draft in ${languageName(created.lang)}: write the description, tags and body, then set \`status: published\``
        : "created the page: write its description and body",
    );
  } catch (error) {
    if (!(error instanceof SitegenError) || error.code === "E_USAGE") throw error;
    printError(`error: ${formatError(error)}`);
    exit.code = EXIT.content;
  }
}
