"""``[voice]`` in the config: what the table says aloud, where and how.

```toml
[voice]
enabled = true
say = ["contract", "result", "totals", "cards"]   # also "tricks", "game"
output = "speaker"        # "i2s" (an I2S amplifier), or a folder: NNNN.wav + NNNN.txt
device = "default"        # ALSA device
volume = 80               # percent
rate = 150                # words a minute
```

``output = "i2s"`` is a speaker on an I2S amplifier (a MAX98357A on GPIO 18, 19 and 21,
``dtoverlay=max98357a``): it plays like ``"speaker"``, and the check refuses a key or a
display pin on those three pins. A folder must be an absolute path (a typo of "speaker"
must not become a folder beside wherever the scorer was started).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaiser_core.errors import KaiserInputError

#: What the table can say (the config's ``say``), and what it says when ``say`` is not given
#: (the words of each: ``hardware.speech.words``).
TOPICS = ("contract", "tricks", "result", "totals", "game", "cards")
DEFAULT_SAY = ("contract", "result", "totals", "game", "cards")
ALLOWED = {"enabled", "say", "output", "device", "volume", "rate"}
#: The pins of an I2S amplifier (BCM): bit clock, word select, data out of the Pi.
I2S_PINS = {18: "I2S BCLK", 19: "I2S LRCLK", 21: "I2S DIN"}
#: An ALSA device name: ``default``, ``plughw:1,0``, ``hw:CARD=Headphones,DEV=0``.
DEVICE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_:,.=-]{0,99}")
#: espeak-ng's range of words a minute.
RATE = (80, 450)


class VoiceConfigError(KaiserInputError):
    """A mistake in ``[voice]``; the message names the key."""


def _error(key: str, /, **params: object) -> VoiceConfigError:
    from hardware.i18n.errors import error

    return VoiceConfigError(error(key, **params))


@dataclass(frozen=True)
class VoiceConfig:
    """The ``[voice]`` table, checked."""

    enabled: bool = False
    say: tuple[str, ...] = DEFAULT_SAY
    output: str = "speaker"
    device: str = "default"
    volume: int = 80
    rate: int = 150

    @property
    def folder(self) -> Path | None:
        """The folder the utterances are written to, or None for a speaker."""
        return None if self.output in ("speaker", "i2s") else Path(self.output)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(where: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _error("config.whole", where=where, low=low, high=high, value=_show(value))
    return value


def parse_voice(
    data: Mapping[str, Any], pins: Mapping[str, int], display: Mapping[str, Any]
) -> VoiceConfig:
    """Check ``[voice]`` against the board's key ``pins`` and ``display``; raises
    VoiceConfigError naming the key."""
    for key in data:
        if key not in ALLOWED:
            allowed = ", ".join(sorted(ALLOWED))
            raise _error("config.not_setting", where=f"voice.{key}", allowed=allowed)
    enabled = data.get("enabled", False)
    if not isinstance(enabled, bool):
        raise _error("config.bool", where="voice.enabled", value=_show(enabled))
    say = data.get("say", list(DEFAULT_SAY))
    if not isinstance(say, list) or not all(isinstance(s, str) and s in TOPICS for s in say):
        raise _error("config.say", choices=", ".join(TOPICS), value=_show(say))
    output = data.get("output", "speaker")
    if not isinstance(output, str) or not (
        output in ("speaker", "i2s") or (output.startswith("/") and "\x00" not in output)
    ):
        raise _error("config.output", value=_show(output))
    device = data.get("device", "default")
    if not isinstance(device, str) or not DEVICE.fullmatch(device):
        raise _error("config.device", value=_show(device))
    volume = _whole("voice.volume", data.get("volume", 80), 0, 100)
    rate = _whole("voice.rate", data.get("rate", 150), *RATE)
    if output == "i2s":
        _i2s_free(pins, display)
    return VoiceConfig(enabled, tuple(say), output, device, volume, rate)


def _i2s_free(pins: Mapping[str, int], display: Mapping[str, Any]) -> None:
    """Refuse a key or a display pin on the I2S amplifier's pins."""
    used = {f"board.pins.{key}": pin for key, pin in pins.items()}
    used |= {f"display.{key}": display[key] for key in ("dc", "rst") if key in display}
    for where, pin in used.items():
        if pin in I2S_PINS:
            raise _error("config.i2s_pin", where=where, pin=pin, line=I2S_PINS[pin])
    if display.get("interface") == "spi" and display.get("port") == 1:
        raise _error("config.i2s_spi1")
