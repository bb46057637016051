/** Where a Markdown text has code: what the import reads links and headings outside of. */

/** The text with its fenced code blocks and code spans blanked out (same length, lines kept): what links are looked for in. */
export function maskCode(text: string): string {
  const lines = text.split("\n");
  let fence: { char: string; length: number } | undefined;
  let pre = false;
  return lines
    .map((line) => {
      // An HTML `<pre>` block (R Markdown's and Hugo's highlighted code) is code to its `</pre>`, fences in it too.
      if (!fence && (pre || /^\s*(<div[^>]*>\s*)?<pre[\s>]/i.test(line))) {
        pre = !/<\/pre>/i.test(line);
        return " ".repeat(line.length);
      }
      const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
      if (fence) {
        if (
          marker &&
          marker[1][0] === fence.char &&
          marker[1].length >= fence.length &&
          marker[2].trim() === ""
        )
          fence = undefined;
        return " ".repeat(line.length);
      }
      if (marker && !(marker[1][0] === "`" && marker[2].includes("`"))) {
        fence = { char: marker[1][0], length: marker[1].length };
        return " ".repeat(line.length);
      }
      return line.replace(/(`+)[^`]+?\1(?!`)/g, (code) => " ".repeat(code.length));
    })
    .join("\n");
}
