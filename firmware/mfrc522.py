"""MFRC522 driver: ISO 14443-A REQA, anticollision and select over SPI, full cascade UIDs.

The only firmware file that touches ``machine``. ``MFRC522(spi, cs, rst)`` takes objects
with the ``machine.SPI`` / ``machine.Pin`` interface, so tests can give it an emulated chip;
``open_default()`` builds the reference wiring (SPI0: SCK=GP18 MOSI=GP19 MISO=GP16,
CS=GP17, RST=GP20). Register names and values follow the NXP MFRC522 datasheet (rev 3.9).
"""

import time

from errors import ReaderError, TagError

# Registers (datasheet section 9).
COMMAND = 0x01
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
MOD_WIDTH = 0x24
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# Chip commands (datasheet section 10.3).
CMD_IDLE = 0x00
CMD_CALC_CRC = 0x03
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

# ComIrqReg / DivIrqReg / ErrorReg bits.
IRQ_TIMER = 0x01
IRQ_RX_IDLE = 0x30  # RxIRq | IdleIRq
IRQ_CRC = 0x04
ERR_COLL = 0x08
ERR_FATAL = 0x13  # BufferOvfl | ParityErr | ProtocolErr

# ISO 14443-3 type A commands.
PICC_REQA = 0x26
PICC_HLTA = 0x50
PICC_CT = 0x88  # cascade tag: the UID continues at the next level
PICC_SEL = (0x93, 0x95, 0x97)  # cascade levels 1, 2, 3
SAK_CASCADE = 0x04

KNOWN_VERSIONS = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0", 0x88: "FM17522", 0x12: "clone"}
COMMAND_TIMEOUT_MS = 40  # the chip's own timer gives up after 25 ms


def _ticks_ms() -> int:
    return time.ticks_ms()  # type: ignore[attr-defined]


def _ticks_diff(a: int, b: int) -> int:
    return time.ticks_diff(a, b)  # type: ignore[attr-defined]


def _sleep_ms(ms: int) -> None:
    time.sleep_ms(ms)  # type: ignore[attr-defined]


class MFRC522:
    """One MFRC522 on an SPI bus; ``read_uid()`` returns the UID of a new tag or None."""

    def __init__(self, spi: object, cs: object, rst: object = None) -> None:
        self._spi = spi
        self._cs = cs
        self._rst = rst
        self._cs.value(1)  # type: ignore[attr-defined]
        self.version = 0

    # --- register access (datasheet 8.1.2: address byte 0aaaaaa0 write, 1aaaaaa0 read) ---

    def _write(self, reg: int, value: int) -> None:
        self._cs.value(0)  # type: ignore[attr-defined]
        try:
            self._spi.write(bytes(((reg << 1) & 0x7E, value)))  # type: ignore[attr-defined]
        finally:
            self._cs.value(1)  # type: ignore[attr-defined]

    def _read_many(self, reg: int, count: int) -> bytes:
        # Send the read address ``count`` times then 0x00; each answer byte follows its address.
        addr = 0x80 | ((reg << 1) & 0x7E)
        tx = bytes([addr] * count + [0])
        rx = bytearray(count + 1)
        self._cs.value(0)  # type: ignore[attr-defined]
        try:
            self._spi.write_readinto(tx, rx)  # type: ignore[attr-defined]
        finally:
            self._cs.value(1)  # type: ignore[attr-defined]
        return bytes(rx[1:])

    def _read(self, reg: int) -> int:
        return self._read_many(reg, 1)[0]

    def _write_fifo(self, data: bytes) -> None:
        self._cs.value(0)  # type: ignore[attr-defined]
        try:
            self._spi.write(bytes([(FIFO_DATA << 1) & 0x7E]) + bytes(data))  # type: ignore
        finally:
            self._cs.value(1)  # type: ignore[attr-defined]

    def _set_bits(self, reg: int, mask: int) -> None:
        self._write(reg, self._read(reg) | mask)

    def _clear_bits(self, reg: int, mask: int) -> None:
        self._write(reg, self._read(reg) & ~mask & 0xFF)

    # --- chip set-up ---

    def init(self) -> None:
        """Reset and configure the chip, switch the antenna on.

        Raises ReaderError if no MFRC522 answers (VersionReg reads 0x00 or 0xFF).
        """
        if self._rst is not None:
            self._rst.value(0)  # type: ignore[attr-defined]
            _sleep_ms(1)
            self._rst.value(1)  # type: ignore[attr-defined]
            _sleep_ms(50)  # oscillator start-up (datasheet 8.8.2), generously
        self._write(COMMAND, CMD_SOFT_RESET)
        start = _ticks_ms()
        while self._read(COMMAND) & 0x10:  # PowerDown stays set until the reset is done
            if _ticks_diff(_ticks_ms(), start) > 150:
                raise ReaderError("MFRC522 did not finish its soft reset")
            _sleep_ms(1)
        self.version = self._read(VERSION)
        if self.version in (0x00, 0xFF):
            raise ReaderError(
                f"no MFRC522 answers on SPI (VersionReg reads 0x{self.version:02X}): "
                "check the wiring"
            )
        self._write(TX_MODE, 0x00)  # 106 kBd, no CRC: the anticollision frames need that
        self._write(RX_MODE, 0x00)
        self._write(MOD_WIDTH, 0x26)
        # Timer: TAuto, 13.56 MHz / (2 * 0xA9 + 1) = 40 kHz, reload 1000 -> 25 ms timeout.
        self._write(T_MODE, 0x80)
        self._write(T_PRESCALER, 0xA9)
        self._write(T_RELOAD_H, 0x03)
        self._write(T_RELOAD_L, 0xE8)
        self._write(TX_ASK, 0x40)  # 100 % ASK modulation
        self._write(MODE, 0x3D)  # CRC preset 0x6363 (ISO 14443-3 CRC_A)
        self.antenna_on()

    def antenna_on(self) -> None:
        """Drive TX1 and TX2 (TxControlReg bits 0-1)."""
        value = self._read(TX_CONTROL)
        if value & 0x03 != 0x03:
            self._write(TX_CONTROL, value | 0x03)

    def check(self) -> None:
        """Raise ReaderError if the chip stopped answering; re-init it if it lost its setup."""
        version = self._read(VERSION)
        if version in (0x00, 0xFF):
            raise ReaderError(f"MFRC522 stopped answering (VersionReg reads 0x{version:02X})")
        if self._read(TX_CONTROL) & 0x03 != 0x03 or self._read(T_PRESCALER) != 0xA9:
            self.init()  # a brown-out reset the chip: set it up again

    def describe(self) -> str:
        """Name the chip from its VersionReg, like ``MFRC522 v2.0 (0x92)``."""
        return "{} (0x{:02X})".format(
            KNOWN_VERSIONS.get(self.version, "unknown chip"), self.version
        )

    # --- talking to tags ---

    def _crc(self, data: bytes) -> bytes:
        """CRC_A of ``data`` computed by the chip, low byte first."""
        self._write(COMMAND, CMD_IDLE)
        self._write(DIV_IRQ, IRQ_CRC)  # Set1=0: clear CRCIRq
        self._write(FIFO_LEVEL, 0x80)  # flush the FIFO
        self._write_fifo(data)
        self._write(COMMAND, CMD_CALC_CRC)
        start = _ticks_ms()
        while not self._read(DIV_IRQ) & IRQ_CRC:
            if _ticks_diff(_ticks_ms(), start) > COMMAND_TIMEOUT_MS:
                raise ReaderError("MFRC522 did not finish a CRC")
        self._write(COMMAND, CMD_IDLE)
        return bytes((self._read(CRC_RESULT_L), self._read(CRC_RESULT_H)))

    def _transceive(self, data: bytes, tx_last_bits: int = 0, rx_align: int = 0) -> tuple | None:
        """Send a frame, return ``(received, valid_bits_of_last_byte, collided)`` or None.

        None means no tag answered before the chip's timer ran out. Raises TagError for a
        garbled answer and ReaderError if the chip never finishes.
        """
        framing = (rx_align << 4) | tx_last_bits
        self._write(COMMAND, CMD_IDLE)
        self._write(COM_IRQ, 0x7F)  # Set1=0: clear every interrupt request bit
        self._write(FIFO_LEVEL, 0x80)
        self._write_fifo(data)
        self._write(BIT_FRAMING, framing)
        self._write(COMMAND, CMD_TRANSCEIVE)
        self._write(BIT_FRAMING, 0x80 | framing)  # StartSend
        start = _ticks_ms()
        while True:
            irq = self._read(COM_IRQ)
            if irq & IRQ_RX_IDLE:
                break
            if irq & IRQ_TIMER:
                self._write(BIT_FRAMING, framing)
                return None
            if _ticks_diff(_ticks_ms(), start) > COMMAND_TIMEOUT_MS:
                raise ReaderError(f"MFRC522 did not finish a transceive (ComIrqReg 0x{irq:02X})")
        self._write(BIT_FRAMING, framing)
        err = self._read(ERROR)
        collided = bool(err & ERR_COLL)
        if err & ERR_FATAL and not collided:
            raise TagError(f"receive error (ErrorReg 0x{err:02X})")
        count = self._read(FIFO_LEVEL) & 0x7F
        received = self._read_many(FIFO_DATA, count) if count else b""
        return received, self._read(CONTROL) & 0x07, collided

    def _request(self) -> bool:
        """REQA: True if a tag in the IDLE state answered (halted tags stay silent)."""
        self._clear_bits(COLL, 0x80)  # ValuesAfterColl=0: bits after a collision read as 0
        answer = self._transceive(bytes((PICC_REQA,)), tx_last_bits=7)
        if answer is None:
            return False
        atqa, last_bits, collided = answer
        if not collided and (len(atqa) != 2 or last_bits != 0):
            raise TagError("ATQA is not 16 bits")
        return True

    def _anticollision(self, sel: int) -> bytes:
        """Run the bit-oriented anticollision of one cascade level; return 4 bytes + BCC."""
        level = bytearray(5)
        known = 0  # bits of ``level`` already fixed
        for _ in range(33):
            full, extra = known // 8, known % 8
            sent = level[: full + (1 if extra else 0)]
            frame = bytes((sel, ((2 + full) << 4) | extra)) + bytes(sent)
            self._clear_bits(COLL, 0x80)
            answer = self._transceive(frame, tx_last_bits=extra, rx_align=extra)
            if answer is None:
                raise TagError("the tag left during anticollision")
            received, last_bits, collided = answer
            # The first received bit lands at bit ``extra`` of byte ``full``.
            for i, value in enumerate(received):
                if full + i >= 5:
                    break
                mask = (0xFF << extra) & 0xFF if i == 0 else 0xFF
                level[full + i] = (level[full + i] & ~mask & 0xFF) | (value & mask)
            if collided:
                coll = self._read(COLL)
                if coll & 0x20:
                    raise TagError("collision at an unknown bit position")
                position = coll & 0x1F or 32  # 1..32 within this level; 0 means 32
                if position <= known:
                    raise TagError("anticollision made no progress")
                # Keep the bits before the collision and choose the tags whose bit is 1.
                bit = position - 1
                for b in range(bit, 40):
                    level[b // 8] &= ~(1 << (b % 8)) & 0xFF
                level[bit // 8] |= 1 << (bit % 8)
                known = position
                continue
            if len(received) != 5 - full or last_bits != 0:
                raise TagError("anticollision answer has the wrong length")
            if level[0] ^ level[1] ^ level[2] ^ level[3] != level[4]:
                raise TagError(f"BCC mismatch at cascade level {PICC_SEL.index(sel) + 1}")
            return bytes(level)
        raise TagError("anticollision did not converge")

    def _select(self, sel: int, level: bytes) -> int:
        """SELECT one cascade level with its 4 bytes + BCC; return the checked SAK."""
        frame = bytes((sel, 0x70)) + level
        frame += self._crc(frame)
        answer = self._transceive(frame)
        if answer is None:
            raise TagError("no SAK: the tag left during select")
        sak, last_bits, collided = answer
        if collided or len(sak) != 3 or last_bits != 0:
            raise TagError("SAK is not 24 bits")
        if self._crc(sak[:1]) != sak[1:]:
            raise TagError("SAK CRC mismatch")
        return sak[0]

    def _halt(self) -> None:
        """HLTA: the tag stays silent to REQA until it leaves the field and comes back."""
        frame = bytes((PICC_HLTA, 0x00))
        self._transceive(frame + self._crc(frame))  # a tag never answers HLTA

    def read_uid(self) -> bytes | None:
        """Return the full UID (4, 7 or 10 bytes) of a tag newly in the field, or None.

        The tag is halted after the read, so one resting on the reader is reported once.
        Raises TagError for a garbled exchange, ReaderError if the chip stops answering.
        """
        if not self._request():
            return None
        uid = bytearray()
        for n, sel in enumerate(PICC_SEL):
            level = self._anticollision(sel)
            sak = self._select(sel, level)
            if level[0] == PICC_CT:
                if not sak & SAK_CASCADE:
                    raise TagError(f"cascade tag at level {n + 1} but the SAK says done")
                uid.extend(level[1:4])
                continue
            if sak & SAK_CASCADE:
                raise TagError(f"SAK asks for level {n + 2} but there was no cascade tag")
            uid.extend(level[0:4])
            self._halt()
            return bytes(uid)
        raise TagError("UID longer than three cascade levels")


def open_default() -> MFRC522:
    """The reference build: SPI0 at 1 MHz, SCK=GP18 MOSI=GP19 MISO=GP16, CS=GP17 RST=GP20."""
    from machine import SPI, Pin  # type: ignore[import-not-found]

    spi = SPI(
        0,
        baudrate=1_000_000,
        polarity=0,
        phase=0,
        bits=8,
        firstbit=SPI.MSB,
        sck=Pin(18),
        mosi=Pin(19),
        miso=Pin(16),
    )
    cs = Pin(17, Pin.OUT, value=1)
    rst = Pin(20, Pin.OUT, value=1)
    return MFRC522(spi, cs, rst)
