/** The value after `--name` in an argument list, for the bench scripts run on their own. */
export function flag(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}
