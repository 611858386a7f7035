"""How ``hardware.panel`` puts a frame's writes on the wire: one ``i2c_rdwr`` when it can.

A frame's changes are a list of writes, ``(command bytes, data bytes)`` each: a window's
addressing, then its pixels. luma's serial interfaces send each as a command call and a
data call (luma's ``i2c`` turns every payload into lists, one transfer at a time). On the
Pi, luma's ``i2c`` is *managed*: it opened the bus with smbus2 and sends data with
``i2c_rdwr``. There, :func:`writer` sends the whole frame in one ``i2c_rdwr``: one message
per command write and one per data write (the same bytes on the wire as luma's calls: the
address byte, the control byte 0x00 or 0x40, the payload), with a repeated start between
them instead of a stop and a start, and one system call instead of one a write. Anything
else (luma's ``i2c`` handed an SMBus, ``spi``, an interface of another kind) gets luma's
own ``command()`` and ``data()``, as before.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from ctypes import c_char
from typing import Any

from luma.core.error import DeviceNotFoundError
from luma.core.interface.serial import i2c as luma_i2c
from smbus2 import i2c_msg  # luma.core's own I2C library

#: A frame's writes: per window its command bytes and its display data.
Writes = list[tuple[bytes, bytes]]
#: The largest data message (luma's own block for ``i2c_rdwr``) and the most messages in one
#: ``i2c_rdwr`` (Linux takes 42: I2C_RDWR_IOCTL_MAX_MSGS).
BLOCK = 4096
MAX_MESSAGES = 42
#: Command messages are made once and kept (a game's windows repeat), up to this many.
KEEP = 256


def public_writer(serial: Any) -> Callable[[Writes], None]:
    """Writes through luma's ``command()`` and ``data()`` of ``serial`` (any interface)."""

    def write(writes: Writes) -> None:
        for cmd, data in writes:
            serial.command(*cmd)
            serial.data(data)

    return write


def rdwr_writer(serial: Any) -> Callable[[Writes], None] | None:
    """One ``i2c_rdwr`` a frame on the bus luma's managed ``i2c`` opened (None if not one)."""
    if type(serial) is not luma_i2c or not getattr(serial, "_managed", False):
        return None
    bus, address = getattr(serial, "_bus", None), getattr(serial, "_addr", None)
    rdwr = getattr(bus, "i2c_rdwr", None)
    if rdwr is None or not isinstance(address, int):
        return None
    commands: dict[bytes, Any] = {}

    def write(writes: Writes) -> None:
        messages: list[Any] = []
        add = messages.append
        for cmd, data in writes:
            made = commands.get(cmd)
            if made is None:
                if len(commands) >= KEEP:
                    commands.clear()
                made = commands[cmd] = _message(address, b"\x00" + cmd)
            add(made)
            if len(data) < BLOCK:
                add(_message(address, b"\x40" + data))
            else:  # a frame larger than luma's block: more data messages, as luma sends it
                for start in range(0, len(data), BLOCK - 1):
                    add(_message(address, b"\x40" + data[start : start + BLOCK - 1]))
        try:
            if len(messages) <= MAX_MESSAGES:
                rdwr(*messages)
            else:
                for start in range(0, len(messages), MAX_MESSAGES):
                    rdwr(*messages[start : start + MAX_MESSAGES])
        except OSError as err:  # as luma's command() does: a panel that does not answer
            if err.errno in (errno.EREMOTEIO, errno.EIO):
                raise DeviceNotFoundError(
                    f"I2C device not found on address: 0x{address:02X}"
                ) from err
            raise

    return write


#: ctypes array types by length, made once (``c_char * n`` costs more than the copy into one).
_BUFFERS: dict[int, Any] = {}


def _message(address: int, payload: bytes) -> Any:
    """smbus2's write message of ``payload``: what ``i2c_msg.write`` makes (an ``i2c_msg``
    whose ``buf`` is a ctypes copy of the bytes), in half its time."""
    size = len(payload)
    buffer = _BUFFERS.get(size)
    if buffer is None:
        buffer = _BUFFERS[size] = c_char * size
    return i2c_msg(address, 0, size, buffer.from_buffer_copy(payload))  # addr, flags, len, buf


def writer(serial: Any) -> Callable[[Writes], None]:
    """The quickest way to send a frame's writes to ``serial``."""
    return rdwr_writer(serial) or public_writer(serial)
