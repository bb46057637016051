/**
 * A data file of comma- or tab-separated values as Jekyll reads one from
 * _data/ (Ruby's CSV with `headers: true`): its first row names the columns,
 * and each row after it is a record of its values by their column's name, a
 * string, or null where the field is empty and unquoted. A field in double
 * quotes may hold the separator, a line break and a doubled quote (`""`).
 * Pure: the caller reads the file.
 */

export function readTable(text: string, separator: "," | "\t"): Record<string, string | null>[] {
  const rows = fieldsOf(text.replace(/^\uFEFF/, ""), separator);
  const [header, ...records] = rows;
  if (!header) return [];
  const names = header.map((name) => name ?? "");
  return records.map((fields) => {
    const record: Record<string, string | null> = {};
    names.forEach((name, index) => {
      // A name given twice keeps its first column's value, as Ruby's CSV::Row#to_h does.
      if (!(name in record)) record[name] = fields[index] ?? null;
    });
    return record;
  });
}

/** The rows of a table, each its fields; an empty line is no row. */
function fieldsOf(text: string, separator: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push(field === "" && !wasQuoted ? null : field);
    field = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === null)) rows.push(row);
    row = [];
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') {
        field += '"';
        at++;
      } else quoted = false;
    } else if (char === '"' && field === "") quoted = wasQuoted = true;
    else if (char === separator) endField();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[at + 1] === "\n") at++;
      endRow();
    } else field += char;
  }
  if (field !== "" || wasQuoted || row.length > 0) endRow();
  return rows;
}
