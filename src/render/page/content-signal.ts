/**
 * Content Signals (contentsignals.org, Cloudflare's Content Signals Policy):
 * what a site lets its content be used for, as one line, `search=yes,
 * ai-train=no`. site.yaml's `agents.content_signal` names each use; one left
 * out is not said, which the policy reads as no preference either way.
 */
import type { SiteConfig } from "../../content/types.ts";

/** The signals in the policy's order and spelling. */
const SIGNALS = [
  ["search", "search"],
  ["ai_input", "ai-input"],
  ["ai_train", "ai-train"],
] as const;

/** The `Content-Signal` value the site sets, or undefined when it sets none. */
export function contentSignal(site: Pick<SiteConfig, "agents">): string | undefined {
  const setting = site.agents?.content_signal;
  if (!setting) return undefined;
  const said = SIGNALS.filter(([key]) => setting[key] !== undefined).map(
    ([key, name]) => `${name}=${setting[key] ? "yes" : "no"}`,
  );
  return said.length > 0 ? said.join(", ") : undefined;
}
