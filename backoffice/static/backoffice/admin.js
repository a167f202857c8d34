/* The back office's own behaviour on every admin page, in a file: its Content-Security-Policy runs
   no inline script nor `on...` attribute (backoffice/middleware.py). Loaded at the end of each page
   (templates/admin/base_site.html), before the window's load event. */
(function () {
  "use strict";

  /* Back-office times are the restaurant's own wall-clock times (the server shows them in its zone):
     no "You are N hours behind server time" note under each date and time box, and the clock's
     shortcuts read 24-hour, as every time here does. */
  if (window.DateTimeShortcuts) {
    DateTimeShortcuts.addTimezoneWarning = function () {};
    DateTimeShortcuts.clockHours.default_ = [["Now", -1], ["00:00", 0], ["06:00", 6], ["12:00", 12], ["18:00", 18]];
  }

  /* A table too wide for the screen scrolls inside its box: the box takes the keyboard's focus, so
     it can be scrolled without a mouse even when nothing inside it is focusable. */
  window.addEventListener("load", function () {
    document.querySelectorAll("#changelist-form .results, .inline-group .tabular").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth && !box.hasAttribute("tabindex")) {
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        var heading = box.querySelector("h2, caption");
        box.setAttribute("aria-label", (heading ? heading.textContent.trim() + ": " : "") + "scrolls sideways");
      }
    });
  });

  /* A form with `data-confirm` asks before it is sent (revoke a key, rotate or disable a webhook). */
  document.addEventListener("submit", function (event) {
    var question = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });

  /* A button with `data-copy` copies the text of the element it names (a secret shown once) and
     shows the element `data-copied` names. */
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button) {
      return;
    }
    var text = document.getElementById(button.getAttribute("data-copy")).textContent;
    var done = document.getElementById(button.getAttribute("data-copied"));
    function shown() { if (done) { done.hidden = false; } }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(shown);
    } else {
      var area = document.createElement("textarea");
      area.value = text;
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); shown(); } finally { document.body.removeChild(area); }
    }
  });
})();
