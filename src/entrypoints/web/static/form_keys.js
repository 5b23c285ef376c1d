// A form's key (`<input type="hidden" data-form-key>`: chosen by the server when it showed the
// form, so that the same form posted twice does its work once) kept in the page's place in the
// history. Coming back to the form (the back button) fetches the page again, with a new key, while
// the browser puts back what was typed: sent again, it would be a second send. This puts back the
// key the form had there too. Without a script, coming back is a new form, as a new visit is.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const kept = { ...history.state?.formKeys };
  for (const input of document.querySelectorAll("input[data-form-key]")) {
    if (kept[input.name]) {
      input.value = kept[input.name];
    } else {
      kept[input.name] = input.value;
    }
  }
  history.replaceState({ ...history.state, formKeys: kept }, "");
});
