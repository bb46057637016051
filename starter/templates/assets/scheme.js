// The colour scheme the reader chose with the header's switch (theme.scheme_toggle in
// content/site.yaml), remembered in localStorage. Loaded without defer or async in the <head>, so
// it runs before the first paint: a reader who chose dark never sees a flash of light. The page's
// Content-Security-Policy allows only the site's own scripts (script-src 'self'), so it is a file,
// not inline; it is small, and the stylesheet does the rest (site.css: :root[data-scheme]).
(() => {
  const root = document.documentElement;
  const system = matchMedia("(prefers-color-scheme: dark)");
  const KEY = "scheme";
  const stored = () => {
    try {
      const value = localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : undefined;
    } catch {
      return undefined; // Storage refused (a privacy setting): the system's scheme.
    }
  };
  const chosen = stored();
  if (chosen) root.dataset.scheme = chosen;
  // The switch shows only once this has run: without scripts it would do nothing.
  root.dataset.schemeToggle = "";
  const dark = () => (root.dataset.scheme ?? (system.matches ? "dark" : "light")) === "dark";

  document.addEventListener("DOMContentLoaded", () => {
    const button = document.querySelector(".scheme-toggle");
    if (!button) return;
    // Pressed while the page is dark, whoever chose it: the button's name says what pressing gives.
    const show = () => button.setAttribute("aria-pressed", String(dark()));
    show();
    button.addEventListener("click", () => {
      const next = dark() ? "light" : "dark";
      root.dataset.scheme = next;
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // Not remembered, but applied to this page.
      }
      show();
    });
    system.addEventListener("change", show);
  });
})();
