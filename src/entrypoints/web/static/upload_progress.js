// A file's import, shown as it goes: while a form marked `data-upload-progress` (the id of the box
// holding its <progress>) posts its file through htmx, the bar fills as the file is sent; once it
// is all sent, the bar loses its value (it moves without an end) and the box says the server is
// reading the file, until the answer takes the page's place (a refused file too: the page then says
// why). A file past the size the server reads at all is refused before the page is made (413): that
// answer is shown as well, as the same post without a script would show it. Without a script, the
// form posts as any form does.
"use strict";

const uploadForm = (element) => element?.closest?.("form[data-upload-progress]");

document.addEventListener("htmx:beforeSend", (event) => {
  const form = uploadForm(event.target);
  if (!form) return;
  const box = document.getElementById(form.dataset.uploadProgress);
  const bar = box.querySelector("progress");
  const stage = box.querySelector("[data-reading]");
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
  if (uploadForm(event.detail.requestConfig?.elt) && event.detail.xhr.status < 500) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
