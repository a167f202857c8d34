"""Logging in to the back office in Chromium, as staff do."""


def log_in(page, base: str, username: str, password: str, lands_on: str = "/admin/") -> None:
    """Submit the log-in form and wait for the landing page (a host's is the day sheet, /admin/day/)."""
    page.goto(base + "/admin/login/?next=/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("input[type=submit]")
    page.wait_for_url(lambda url: "/admin/login/" not in url and lands_on in url)
