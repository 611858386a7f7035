"""A QR code of a page's address, drawn as inline SVG by segno (no image file, no request).

On the TV view and the print views a phone scans it to open the page. Without segno (the
club extra not installed) the pages simply have no code.
"""

from __future__ import annotations

from hardware.web.layout import esc
from hardware.web.texts import T, Texts


def qr_svg(url: str) -> str:
    """The SVG of ``url``'s QR code, or "" without segno or for an address too long."""
    try:
        import segno
    except ImportError:  # pragma: no cover - the club extra brings it
        return ""
    try:
        code = segno.make(url, error="m", micro=False)
    except (ValueError, segno.DataOverflowError):
        return ""
    # No width and height but a viewBox: the page's style sizes it (larger on a TV).
    return str(code.svg_inline(scale=4, border=2, svgclass="qr", lineclass="qrline", omitsize=True))


def qr_figure(url: str, t: Texts = T, extra: str = "") -> str:
    """The code with its caption (and the address written out, for a reader without one)."""
    svg = qr_svg(url)
    if not svg:
        return ""
    return (
        f'<figure class="qr {extra}">{svg}<figcaption>{esc(t.scan)}<br>'
        f'<span class="url">{esc(url)}</span></figcaption></figure>'
    )


__all__ = ["qr_figure", "qr_svg"]
