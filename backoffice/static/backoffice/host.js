/* The host's pages: small helps around htmx (no framework). The pages work without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function timeline() { return document.getElementById("tl-scroll"); }

  // On a phone the timeline becomes the list (without JavaScript, a link says so).
  var host = document.getElementById("host");
  if (host && host.dataset.phoneUrl && window.matchMedia("(max-width: 767px)").matches) {
    window.location.replace(host.dataset.phoneUrl);
  }

  // Bring the booking whose card is open (found from the search), else "now", into view (a
  // quarter of the way across) when the timeline first shows.
  function showNow() {
    var scroll = timeline();
    if (!scroll || scroll.dataset.placed) return;
    var card = document.querySelector("#card section.card[id^='card-']");
    var bar = card ? scroll.querySelector(".tl-bar[href*='" + card.id.slice(5) + "']") : null;
    var target = bar ? bar.offsetLeft + bar.parentElement.offsetLeft : null;
    if (target === null) {
      var now = document.getElementById("tl-now");
      if (!now) return;
      target = now.offsetLeft;
    }
    scroll.dataset.placed = "1";
    var left = target - scroll.clientWidth / 4;
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

  // The last message makes way for the next answer.
  document.addEventListener("htmx:beforeRequest", function () {
    var toast = document.getElementById("toast");
    if (toast) toast.innerHTML = "";
  });

  // A card (or its warnings, or a form) opened in place comes into view: the side panel scrolls
  // to its top, and the page as little as it must.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "card" && event.detail.target.firstElementChild) {
      var side = event.detail.target.closest(".host-side");
      if (side) side.scrollTop = 0;
      event.detail.target.scrollIntoView({block: "nearest"});
    }
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
      // A restaurant busy past its lock's wait answers 503 with its words (backoffice/busy.py).
      var xhr = event.detail.xhr;
      toast.firstChild.textContent = xhr.status === 503 && xhr.responseText
        ? xhr.responseText
        : "That did not work (" + xhr.status + "). Reload the page and try again.";
    }
  });
})();
