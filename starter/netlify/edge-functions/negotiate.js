// Netlify edge function: sitegen's content negotiation and error bodies for
// every document path, from the installed package. Its route is declared in
// netlify.toml. It reads what it needs from the published files, so it never
// changes with the content.
export { default } from "@sitegen/cli/edge";
