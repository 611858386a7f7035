"""The template of the ``web`` catalogs, from ``hardware/web/texts.py``.

After a page text is added or changed::

    python -m hardware.web.catalog > /tmp/web.pot
    for po in hardware/locale/*/LC_MESSAGES/web.po; do
        msgmerge --update --backup=none "$po" /tmp/web.pot
        msgfmt --check -o "${po%.po}.mo" "$po"   # after translating what is new or fuzzy
    done

``tests/web/test_web_catalogs.py`` fails while a text is missing, fuzzy or not compiled.
"""

from __future__ import annotations

import sys

from hardware.web.texts import keyed


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def template() -> str:
    """The ``.pot`` text: every page text with ``msgctxt`` = its key, ``msgid`` = English."""
    head = [
        "# The live page's texts (gettext domain web; msgctxt = the text's key).",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: kaiser-scorer web\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        "",
    ]
    body = [f'msgctxt {_quote(key)}\nmsgid {_quote(text)}\nmsgstr ""\n' for key, text in keyed()]
    return "\n".join(head) + "\n".join(body)


def main() -> int:
    """Print the template."""
    sys.stdout.write(template())
    return 0


if __name__ == "__main__":
    sys.exit(main())
