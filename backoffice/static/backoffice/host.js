/* The host's pages: small helps around htmx (no framework). The pages work without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function timeline() { return document.getElementById("tl-scroll"); }

  // Bring "now" into view (a quarter of the way across) when the timeline first shows.
  function showNow() {
    var scroll = timeline(), now = document.getElementById("tl-now");
    if (!scroll || !now || scroll.dataset.placed) return;
    scroll.dataset.placed = "1";
    var left = now.offsetLeft - scroll.clientWidth / 4;
    if (left > 0) scroll.scrollLeft = left;
  }
  document.addEventListener("DOMContentLoaded", showNow);

  // A swap of the whole page region (entering the move mode) keeps the timeline where it was.
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var scroll = timeline();
    kept = scroll ? scroll.scrollLeft : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var scroll = timeline();
    if (scroll && kept !== null && scroll.scrollLeft !== kept) {
      scroll.dataset.placed = "1";
      scroll.scrollLeft = kept;
    }
    showNow();
  });

  // The card's close button (shown only with JavaScript), and Escape.
  function closeCard() {
    var card = document.getElementById("card");
    if (card) card.innerHTML = "";
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-close-card]")) closeCard();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && document.getElementById("card")) closeCard();
  });

  // A move refused by the server (a 4xx or 5xx the page did not expect) says so instead of doing nothing.
  document.addEventListener("htmx:responseError", function (event) {
    var toast = document.getElementById("toast");
    if (toast) {
      toast.innerHTML = '<p class="toast toast-error"></p>';
      toast.firstChild.textContent = "That did not work (" + event.detail.xhr.status + "). Reload the page and try again.";
    }
  });
})();
