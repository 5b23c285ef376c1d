// Copy buttons, for a secret shown once (an API key, a webhook's signing secret):
// <button type="button" data-copy="FIELD" data-copied="Copied" data-failed="Select it and copy it" hidden>
// copies the value of the field whose id is FIELD and says so in the button's status element
// (aria-describedby, a live region). The button stays hidden where the clipboard cannot be
// written (no script, or a page not served over https), and the field can be selected by hand.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  if (!navigator.clipboard) {
    return;
  }
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.hidden = false;
  }
});

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) {
    return;
  }
  const field = document.getElementById(button.dataset.copy);
  const status = document.getElementById(button.getAttribute("aria-describedby"));
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = button.dataset.copied;
  } catch {
    field.select();
    status.textContent = button.dataset.failed;
  }
});
