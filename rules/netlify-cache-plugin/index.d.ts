/** Types of the build plugin's hooks, for the tests that run them with Netlify's cache library. */
interface PluginUtils {
  utils: { cache: { restore(...args: any[]): Promise<unknown>; save(...args: any[]): Promise<unknown> } };
}
export const CACHE: string;
export function onPreBuild(options: PluginUtils): Promise<void>;
export function onPostBuild(options: PluginUtils): Promise<void>;
