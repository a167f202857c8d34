#!/usr/bin/env bash
# Rebuild the French catalogue of the guest pages and e-mails: extract, fill from locale/fr.yaml (locale/fill_fr.py), compile.
set -euo pipefail
cd "$(dirname "$0")/.."
SECRET_KEY=${SECRET_KEY:-build} INSECURE_LOCAL_HTTP=1 .venv/bin/python manage.py makemessages -l fr \
  -i ".venv" -i "tests" -i "var" --no-location >/dev/null
.venv/bin/python locale/fill_fr.py
sed -i '0,/^#, fuzzy$/{/^#, fuzzy$/d}' locale/fr/LC_MESSAGES/django.po
sed -i 's/"Plural-Forms: .*/"Plural-Forms: nplurals=2; plural=(n > 1);\\n"/; s/"Language: \\n"/"Language: fr\\n"/; s/charset=CHARSET/charset=UTF-8/' locale/fr/LC_MESSAGES/django.po
msgfmt --check-format -o locale/fr/LC_MESSAGES/django.mo locale/fr/LC_MESSAGES/django.po
