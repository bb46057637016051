/**
 * A Hugo section that is not the blog and has no `_index` file
 * (`content/plugins/*.md` alone): Hugo lists its pages at its address all
 * the same (`/plugins/`), a page readers bookmark and texts link to. The new
 * site has no page there, so the move writes one: the section's name as its
 * title and a link to each of its pages, what Hugo's list showed, each link
 * then rewritten to the page's new address as any other.
 */
import type { ImportedDocument } from "./model.ts";

type Sectioned = ImportedDocument & { dir: string; section: string; list: boolean };

export function sectionLists(
  documents: Sectioned[],
  pages: ImportedDocument[],
  facts: {
    mainSections: string[];
    /** The address of a section's list in a language, as Hugo writes it. */
    listAt: (lang: string, section: string) => string;
    /** A name as Hugo titles a list without one (`plugins` → `Plugins`). */
    title: (name: string) => string;
    /** The section's folder, as messages name files. */
    folderOf: (section: string, lang: string) => string;
  },
): ImportedDocument[] {
  const listed = new Set(
    documents.filter((each) => each.list).map((each) => `${each.lang}\u0000${each.dir}`),
  );
  const moved = new Map(pages.map((page) => [page.file, page]));
  const bySection = new Map<string, { lang: string; section: string; pages: ImportedDocument[] }>();
  for (const document of documents) {
    const page = moved.get(document.file);
    const { section, lang = "" } = document;
    if (
      !page ||
      document.list ||
      section === "" ||
      document.dir === "" ||
      facts.mainSections.includes(section)
    )
      continue;
    if (listed.has(`${lang}\u0000${section}`)) continue;
    const key = `${lang}\u0000${section}`;
    const entry = bySection.get(key) ?? { lang, section, pages: [] };
    entry.pages.push(page);
    bySection.set(key, entry);
  }
  return [...bySection.values()].map(({ lang, section, pages: listedPages }) => {
    const links = listedPages
      .filter((page) => page.oldUrls[0] !== undefined)
      .map((page) => ({ title: String(page.data.title ?? page.stem), url: page.oldUrls[0] }))
      .sort((a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title > b.title ? 1 : 0));
    return {
      file: facts.folderOf(section, lang),
      data: { title: facts.title(section) },
      body: `${links.map(({ title, url }) => `- [${title.replace(/([[\]\\])/g, "\\$1")}](${url})`).join("\n")}\n`,
      bodyLine: 1,
      kind: "page" as const,
      stem: section,
      oldUrls: [facts.listAt(lang, section)],
      ...(lang ? { lang } : {}),
      bundle: [],
    };
  });
}
