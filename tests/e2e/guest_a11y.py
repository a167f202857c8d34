"""What every guest page must pass in the browser, whatever its state (tests/e2e/test_guest_pages_axe.py):
axe-core without serious or critical violations, a label on every control, a focus ring the keyboard
reaches and sees, 44 px main buttons and nothing cut off sideways on a 390 px phone. A page's
problems are gathered (`Checks`), so one run lists every page that fails and why; a screenshot of
each page is kept in tests/e2e/artifacts/ (git-ignored)."""

from pathlib import Path

from tests.e2e.axe import assert_no_serious_violations

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# The guest pages allow no script at all (Content-Security-Policy): axe-core is injected by the
# browser's own hand, so the contexts of these tests bypass the policy.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "bypass_csp": True,
}
DESK = {"viewport": {"width": 1280, "height": 900}, "bypass_csp": True}
DEVICES = {"phone": PHONE, "desk": DESK}
MAIN_BUTTONS = "main button, main a.button"
MIN_TARGET = 44

UNLABELLED = """() => {
    // Each visible form control and the text that names it (its <label>s, aria-labelledby or aria-label).
    const named = (el) => {
        const texts = [...(el.labels || [])].map((label) => label.textContent);
        for (const id of (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)) {
            const other = document.getElementById(id);
            if (other) texts.push(other.textContent);
        }
        texts.push(el.getAttribute('aria-label') || '');
        return texts.join(' ').trim();
    };
    const controls = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')];
    return {
        count: controls.length,
        unlabelled: controls.filter((el) => !named(el)).map((el) => el.outerHTML.slice(0, 120)),
    };
}"""

FOCUS_RING = """(el) => {
    // The focused element's ring: its outline or box-shadow, and whether one of the ring's colours
    // stands out 3:1 against the background around it (WCAG 1.4.11).
    const rgb = (text) => (text.match(/\\d+(\\.\\d+)?/g) || []).slice(0, 4).map(Number);
    const luminance = ([r, g, b]) => {
        const linear = [r, g, b].map((v) => (v /= 255) <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
    };
    const ratio = (a, b) => {
        const [x, y] = [luminance(a), luminance(b)];
        return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    let background = [255, 255, 255];
    for (let node = el.parentElement; node; node = node.parentElement) {
        const colour = rgb(getComputedStyle(node).backgroundColor);
        if (colour.length === 3 || (colour.length === 4 && colour[3] > 0)) { background = colour.slice(0, 3); break; }
    }
    const style = getComputedStyle(el);
    const colours = [];
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    if (outline) colours.push(rgb(style.outlineColor).slice(0, 3));
    const shadow = style.boxShadow !== 'none';
    for (const part of shadow ? style.boxShadow.split(/,(?![^(]*\\))/) : []) colours.push(rgb(part).slice(0, 3));
    return {
        focusVisible: el.matches(':focus-visible'),
        ring: outline || shadow,
        contrast: Math.max(0, ...colours.map((colour) => ratio(colour, background))),
        text: (el.textContent || el.value || '').trim().slice(0, 40),
        style: style.outline + ' / ' + style.boxShadow,
    };
}"""

SMALL_BUTTONS = (
    """(selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.offsetParent && el.getBoundingClientRect().height < %d)
    .map((el) => el.textContent.trim() + ' ' + Math.round(el.getBoundingClientRect().height) + 'px')"""
    % MIN_TARGET
)


ERROR_SUMMARY = """() => {
    const main = document.querySelector('main');
    const first = [...main.children].find((el) => !el.classList.contains('notice'));
    const summary = document.getElementById('error-summary');
    const links = summary ? [...summary.querySelectorAll('a')] : [];
    return {
        first: !!summary && first === summary && summary.getAttribute('role') === 'alert',
        links: links.map((a) => a.textContent.trim()),
        broken: links.filter((a) => {
            const target = document.getElementById(a.getAttribute('href').slice(1));
            return !target || !(target.matches('input, select, textarea') || target.querySelector('input'));
        }).map((a) => a.getAttribute('href')),
    };
}"""


class Checks:
    """The problems found on a test's pages, asserted once at its end (`assert_clean`)."""

    def __init__(self, page, device: str):
        self.page, self.device, self.problems, self.pages = page, device, [], []

    def page_is_accessible(self, name: str, *, main: str | None = MAIN_BUTTONS) -> None:
        """Every check on the page as it stands; `main` is the selector of its main button (the first
        one matched is tabbed to), None on a page without one."""
        page = self.page
        self.pages.append(name)
        where = f"{name} ({self.device}, {page.url})"
        try:
            assert_no_serious_violations(page, where)
        except AssertionError as found:
            self.problems.append(str(found))
        labels = page.evaluate(UNLABELLED)
        if labels["unlabelled"]:
            self.problems.append(f"{where}: controls without a label: {labels['unlabelled']}")
        if page.locator("html").get_attribute("lang") in (None, ""):
            self.problems.append(f"{where}: no lang attribute on <html>")
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"guest-axe-{self.device}-{name.replace(' ', '-')}.png"
        if main is not None:
            self._focus_is_visible(where, main, shot)  # the screenshot shows the main button focused
        else:
            page.screenshot(path=str(shot), full_page=True)
        if self.device == "phone":
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > page.viewport_size["width"] + 1:
                self.problems.append(f"{where}: {width} px wide, scrolls sideways")
            small = page.evaluate(SMALL_BUTTONS, MAIN_BUTTONS)
            if small:
                self.problems.append(f"{where}: buttons under {MIN_TARGET} px tall: {small}")

    def errors_are_summarised(self, name: str, *, at_least: int) -> None:
        """A refused form: the title says so (read first by a screen reader), and a summary opens the
        page with each error a link to its field (WCAG 3.3.1), the fields marked invalid."""
        page, where = self.page, f"{name} ({self.device}, {self.page.url})"
        summary = page.evaluate(ERROR_SUMMARY)
        if not page.title().startswith("Error: "):
            self.problems.append(f"{where}: the title does not say the form was refused: {page.title()!r}")
        if not summary["first"]:
            self.problems.append(f"{where}: no error summary opening the page: {summary}")
        elif len(summary["links"]) < at_least or summary["broken"]:
            self.problems.append(f"{where}: the summary's links do not each lead to a field: {summary}")

    def _focus_is_visible(self, where: str, selector: str, shot: Path) -> None:
        page = self.page
        target = page.locator(selector).first
        if not target.count():
            page.screenshot(path=str(shot), full_page=True)
            self.problems.append(f"{where}: no main button {selector!r}")
            return
        page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
        for _ in range(60):
            page.keyboard.press("Tab")
            if target.evaluate("el => el === document.activeElement"):
                break
        else:
            page.screenshot(path=str(shot), full_page=True)
            self.problems.append(f"{where}: the main button {selector!r} is not reached by Tab")
            return
        page.screenshot(path=str(shot), full_page=True)
        focused = target.evaluate(FOCUS_RING)
        resting = page.evaluate(
            "el => { el.blur(); const s = getComputedStyle(el); return s.outline + ' / ' + s.boxShadow; }",
            target.element_handle(),
        )
        if not (focused["focusVisible"] and focused["ring"] and focused["contrast"] >= 3):
            self.problems.append(f"{where}: focus on {focused['text']!r} is not visible: {focused}")
        elif resting == focused["style"]:
            self.problems.append(f"{where}: {focused['text']!r} looks the same focused and not: {resting}")

    def assert_clean(self, expected_pages: int) -> None:
        assert len(self.pages) == expected_pages, self.pages
        assert not self.problems, "\n\n".join(self.problems)
