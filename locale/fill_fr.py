"""Fill locale/fr/LC_MESSAGES/django.po from the table in locale/fr.yaml (run after `manage.py makemessages
-l fr`), then `manage.py compilemessages -l fr`. Kept so that a new string is added there and the catalogue
rebuilt."""

import re
from pathlib import Path

import yaml


def table(path: Path) -> dict:
    """locale/fr.yaml as {msgid: French}, a plural's two forms as {(msgid, 0): one, (msgid, 1): several}."""
    found = {}
    for msgid, french in yaml.safe_load(path.read_text(encoding="utf-8")).items():
        if isinstance(french, list):
            found[msgid, 0], found[msgid, 1] = french
        else:
            found[msgid] = french
    return found


FR = table(Path(__file__).parent / "fr.yaml")


def unquote(lines: list[str]) -> str:
    return "".join(re.match(r'^(?:msgid|msgid_plural|msgstr(?:\[\d\])?)?\s*"(.*)"$', line).group(1) for line in lines)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fill(path: Path) -> list[str]:
    blocks = path.read_text().split("\n\n")
    missing, out = [], []
    for block in blocks:
        lines = block.splitlines()
        keep = [line for line in lines if line.startswith("#")]
        body = [line for line in lines if not line.startswith("#")]
        if not body or not any(line.startswith("msgid") for line in body):
            out.append(block)
            continue
        parts, current = {}, None
        for line in body:
            head = re.match(r"^(msgid_plural|msgid|msgstr(?:\[\d\])?)\s", line)
            if head:
                current = head.group(1)
                parts[current] = [line]
            else:
                parts[current].append(line)
        msgid = unquote(parts["msgid"]).encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        if not msgid:
            out.append(block)
            continue
        keep = [line for line in keep if "fuzzy" not in line]
        if "msgid_plural" in parts:
            forms = [FR.get((msgid, 0)), FR.get((msgid, 1))]
            if None in forms:
                missing.append(msgid)
                out.append(block)
                continue
            text = "\n".join(keep + parts["msgid"] + parts["msgid_plural"])
            text += f"\nmsgstr[0] {quote(forms[0])}\nmsgstr[1] {quote(forms[1])}"
        else:
            if msgid not in FR:
                missing.append(msgid)
                out.append(block)
                continue
            text = "\n".join(keep + parts["msgid"]) + f"\nmsgstr {quote(FR[msgid])}"
        out.append(text)
    path.write_text("\n\n".join(out))
    return missing


if __name__ == "__main__":
    left = fill(Path(__file__).parent / "fr" / "LC_MESSAGES" / "django.po")
    for msgid in left:
        print("untranslated:", msgid)
