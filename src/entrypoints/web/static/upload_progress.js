// A file's import, shown as it goes: while a form marked `data-upload-progress` (the id of the box
// holding its <progress>) posts its file through htmx, the bar fills as the file is sent; once it
// is all sent, the bar loses its value (it moves without an end) and the box says the server is
// reading the file, until the answer takes the page's place: the report, a refusal saying why (the
// server answers htmx's post of a refused file with 200), a file past the size the server reads at
// all (413, refused before the page is made) or a server error (its page and request id), each
// shown as the same post without a script would show it. Where the file could not be sent at all
// (the link dropped), the box says so, and the form can be posted again. Without a script, the
// form posts as any form does.
"use strict";

const uploadForm = (element) => element?.closest?.("form[data-upload-progress]");

// The form's box: the box itself, its bar and the words over it.
const progressOf = (form) => {
  const box = document.getElementById(form.dataset.uploadProgress);
  return { box, bar: box.querySelector("progress"), stage: box.querySelector("[data-reading]") };
};

document.addEventListener("htmx:beforeSend", (event) => {
  const form = uploadForm(event.target);
  if (!form) return;
  const { box, bar, stage } = progressOf(form);
  bar.value = 0;
  box.hidden = false;
  const upload = event.detail.xhr.upload;
  upload.addEventListener("progress", (sent) => {
    if (sent.lengthComputable) bar.value = Math.round((100 * sent.loaded) / sent.total);
  });
  upload.addEventListener("load", () => {
    bar.removeAttribute("value");
    stage.textContent = stage.dataset.reading;
  });
});

document.addEventListener("htmx:beforeSwap", (event) => {
  if (uploadForm(event.detail.requestConfig?.elt)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

for (const failure of ["htmx:sendError", "htmx:timeout"]) {
  document.addEventListener(failure, (event) => {
    const form = uploadForm(event.target);
    if (!form) return;
    const { bar, stage } = progressOf(form);
    bar.value = 0;
    stage.textContent = stage.dataset.failed;
  });
}
