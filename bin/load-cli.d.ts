/** Types of load-cli.js for the TypeScript that imports it (bench/profile.ts). */
export function loadCli(): Promise<(argv: string[]) => Promise<number>>;
export function workerBundleText(): Promise<string>;
