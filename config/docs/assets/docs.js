// The docs pages' one script, served by the service (/docs/assets/docs.js):
// - the code samples of a step, stacked and labelled without it, become tabs (curl, Python,
//   TypeScript); the language chosen is kept in localStorage and applies on every page;
// - the search box lists results as you type, from /docs/search-index.json. Without the script the
//   box submits to /docs/search, which searches the same index on the server (config/docs/search.py:
//   `search` there and here rank alike, keep them in step).
(function () {
  "use strict";
  const STORAGE_KEY = "docs-sample-language";
  const LIVE_LIMIT = 8;

  function storedLanguage() {
    try { return localStorage.getItem(STORAGE_KEY); } catch (error) { return null; }  // storage may be off
  }

  function storeLanguage(lang) {
    try { localStorage.setItem(STORAGE_KEY, lang); } catch (error) { /* the choice lasts for this page */ }
  }

  // --- Language tabs ---------------------------------------------------------------------------

  const groups = [];

  function setUpTabs() {
    document.querySelectorAll(".samples").forEach(function (group, g) {
      const panels = Array.from(group.querySelectorAll(":scope > .sample"));
      const list = document.createElement("div");
      list.className = "tablist";
      list.setAttribute("role", "tablist");
      list.setAttribute("aria-label", "Language of the sample");
      const tabs = panels.map(function (panel) {
        const lang = panel.dataset.lang;
        const tab = document.createElement("button");
        tab.type = "button";
        tab.id = "sample-" + g + "-" + lang + "-tab";
        tab.dataset.lang = lang;
        tab.textContent = panel.querySelector(".sample-label").textContent;
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-controls", (panel.id = "sample-" + g + "-" + lang));
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tab.id);
        tab.addEventListener("click", function () { choose(lang, tab); });
        tab.addEventListener("keydown", onTabKey);
        list.appendChild(tab);
        return tab;
      });
      group.insertBefore(list, group.firstChild);
      group.classList.add("tabbed");
      groups.push({ tabs: tabs, panels: panels });
    });
    show(storedLanguage());
  }

  function show(lang) {
    groups.forEach(function (group) {
      const chosen = group.tabs.some(function (tab) { return tab.dataset.lang === lang; })
        ? lang : group.tabs[0].dataset.lang;
      group.tabs.forEach(function (tab, i) {
        const selected = tab.dataset.lang === chosen;
        tab.setAttribute("aria-selected", String(selected));
        tab.tabIndex = selected ? 0 : -1;
        group.panels[i].hidden = !selected;
      });
    });
  }

  function choose(lang, tab) {
    const before = tab.getBoundingClientRect().top;
    show(lang);
    storeLanguage(lang);
    // Every group on the page switched, and those above may have changed height: keep the tab
    // that was used where it was on the screen.
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
  }

  function onTabKey(event) {
    const tabs = Array.from(event.currentTarget.parentNode.children);
    const at = tabs.indexOf(event.currentTarget);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    tab.focus();
    choose(tab.dataset.lang, tab);
  }

  // --- Search as you type ------------------------------------------------------------------------

  function search(index, query, limit) {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!terms.length) return [];
    const whole = terms.join(" ");
    return index
      .map(function (entry, position) {
        const title = entry.title.toLowerCase();
        const haystack = title + " " + entry.page.toLowerCase() + " " + entry.text.toLowerCase();
        if (!terms.every(function (term) { return haystack.includes(term); })) return null;
        const score = terms.reduce(function (sum, term) { return sum + (title.includes(term) ? 10 : 1); }, 0)
          + (whole === title ? 20 : 0);
        return { entry: entry, position: position, score: score };
      })
      .filter(Boolean)
      .sort(function (a, b) { return b.score - a.score || a.position - b.position; })
      .slice(0, limit)
      .map(function (found) { return found.entry; });
  }

  function setUpSearch() {
    const form = document.querySelector("form.search");
    if (!form) return;
    const input = form.querySelector("input[name=q]");
    const hint = document.getElementById("docs-search-hint");
    const status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    const box = document.createElement("div");
    box.className = "live-results";
    box.id = "docs-search-live";
    box.hidden = true;
    form.append(status, box);
    input.setAttribute("aria-describedby", hint.id);
    input.setAttribute("aria-controls", box.id);
    let index = null;

    function load() {
      index = index || fetch(form.dataset.index).then(function (response) { return response.json(); });
      return index;
    }

    function links() { return Array.from(box.querySelectorAll("a")); }

    function close() { box.hidden = true; }

    function update() {
      const query = input.value.trim();
      if (!query) { close(); status.textContent = ""; return; }
      load().then(function (entries) {
        if (input.value.trim() !== query) return;  // typed on meanwhile
        const found = search(entries, query, 1000);
        box.replaceChildren();
        const count = document.createElement("p");
        count.textContent = found.length + (found.length === 1 ? " result" : " results");
        const list = document.createElement("ul");
        list.className = "results";
        found.slice(0, LIVE_LIMIT).forEach(function (entry) {
          const item = document.createElement("li");
          const link = document.createElement("a");
          link.href = entry.url;
          link.textContent = entry.title;
          const where = document.createElement("span");
          where.className = "where";
          where.textContent = entry.page;
          item.append(link);
          if (entry.page !== entry.title) item.append(where);
          list.appendChild(item);
        });
        const all = document.createElement("a");
        all.href = form.action + "?q=" + encodeURIComponent(query);
        all.textContent = "Every result for “" + query + "”";
        const more = document.createElement("p");
        more.appendChild(all);
        box.append(count, list, more);
        box.hidden = false;
        status.textContent = count.textContent + (found.length ? ": Down arrow to reach them." : ".");
      });
    }

    input.addEventListener("input", update);
    input.addEventListener("focus", load);
    form.addEventListener("keydown", function (event) {
      const all = links();
      const at = all.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && box.hidden && event.target === input) {
        update();  // opens the list again after Escape
      } else if (event.key === "Escape" && !box.hidden) {
        event.preventDefault();
        close();
        input.focus();
      } else if (event.key === "ArrowDown" && !box.hidden && all.length) {
        event.preventDefault();
        all[Math.min(at + 1, all.length - 1)].focus();
      } else if (event.key === "ArrowUp" && at >= 0) {
        event.preventDefault();
        (at === 0 ? input : all[at - 1]).focus();
      }
    });
    form.addEventListener("focusout", function (event) {
      if (!form.contains(event.relatedTarget)) close();
    });
  }

  setUpTabs();
  setUpSearch();
})();
