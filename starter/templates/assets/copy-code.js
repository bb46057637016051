// A button on each code block that copies its code (theme.copy_code in content/site.yaml). A
// <button>, so Tab reaches it and Enter or Space presses it; what happened is said in a status
// region, which a screen reader reads out, and on the button for a moment. Added by this file,
// the page's own (script-src 'self'): a reader without scripts gets no button that does nothing.
(() => {
  const blocks = document.querySelectorAll(".prose pre > code");
  if (blocks.length === 0 || !navigator.clipboard) return;
  const status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  document.body.append(status);
  const say = (message) => {
    // Emptied first, so the same message twice is read twice.
    status.textContent = "";
    setTimeout(() => { status.textContent = message; }, 50);
  };

  for (const code of blocks) {
    const pre = code.parentElement;
    // The button sits over the block's corner in a frame of its own, so it stays put while a long line scrolls.
    const frame = document.createElement("div");
    frame.className = "code-block";
    pre.replaceWith(frame);
    frame.append(pre);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-code";
    button.textContent = "Copy";
    let reset;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(code.innerText.replace(/\n$/, ""));
        button.textContent = "Copied";
        say("Code copied to the clipboard");
      } catch {
        button.textContent = "Not copied";
        say("The code could not be copied: select it and copy it instead");
      }
      clearTimeout(reset);
      reset = setTimeout(() => { button.textContent = "Copy"; }, 2000);
    });
    frame.append(button);
  }
})();
