"""Build a PSF2 font (with its Unicode table) from X11 PCF bitmap fonts, for hardware/fonts/.

    python tools/psf_from_pcf.py OUT.psfu.gz 5x8-ISO8859-1.pcf.gz iso8859-1 \
        5x8-ISO8859-5.pcf.gz iso8859-5

takes the upper half (0xA0-0xFF) of each 8-bit PCF font, whose bytes mean the characters
of the encoding named after it (ISO 8859-1: accented Latin; 8859-5: Cyrillic), and writes
every glyph in a cell of the fonts' size (they must share it). It reads the PCF with
Pillow's PcfFontFile; the scorer only reads the PSF.
"""

from __future__ import annotations

import gzip
import io
import struct
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, PcfFontFile


def glyphs(pcf: bytes, encoding: str) -> tuple[int, int, dict[str, Image.Image]]:
    """The cell size and each character's glyph image (mode "1") of an 8-bit PCF font."""
    font_file = PcfFontFile.PcfFontFile(io.BytesIO(pcf))
    with tempfile.TemporaryDirectory() as tmp:
        font_file.save(str(Path(tmp) / "font"))
        font = ImageFont.load(str(Path(tmp) / "font.pil"))
        bbox = font.getbbox("M")
        width = bbox[2] - bbox[0]
        height = max(bbox[3], font.getbbox("Mg")[3])
        out: dict[str, Image.Image] = {}
        for byte in range(0xA0, 0x100):
            ch = bytes([byte]).decode(encoding, errors="replace")
            if ch == "\ufffd" or font_file.glyph[byte] is None:
                continue
            image = Image.new("1", (width, height))
            ImageDraw.Draw(image).text((0, 0), bytes([byte]).decode("latin-1"), font=font, fill=1)
            out[ch] = image
    return width, height, out


def psf2(width: int, height: int, chars: dict[str, Image.Image]) -> bytes:
    """A PSF2 font with a Unicode table: each glyph's rows MSB first, padded to bytes."""
    stride = (width + 7) // 8
    size = stride * height
    header = struct.pack("<8I", 0x864AB572, 0, 32, 1, len(chars), size, height, width)
    bitmaps = b"".join(img.crop((0, 0, stride * 8, height)).tobytes() for img in chars.values())
    table = b"".join(ch.encode("utf-8") + b"\xff" for ch in chars)
    return header + bitmaps + table


def main(argv: list[str]) -> int:
    """``OUT PCF ENCODING [PCF ENCODING ...]``: write OUT (gzipped PSF2)."""
    if len(argv) < 3 or len(argv) % 2 == 0:
        print(__doc__, file=sys.stderr)
        return 2
    target, pairs = argv[0], argv[1:]
    sizes: set[tuple[int, int]] = set()
    chars: dict[str, Image.Image] = {}
    for source, encoding in zip(pairs[::2], pairs[1::2], strict=True):
        data = Path(source).read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        width, height, more = glyphs(data, encoding)
        sizes.add((width, height))
        chars.update({ch: img for ch, img in more.items() if ch not in chars})
    if len(sizes) != 1:
        print(f"the fonts differ in size: {sorted(sizes)}", file=sys.stderr)
        return 2
    Path(target).write_bytes(gzip.compress(psf2(width, height, chars), mtime=0))
    print(f"{target}: {len(chars)} glyphs of {width}x{height}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
