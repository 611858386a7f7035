"""An emulated MFRC522 behind a ``machine.SPI``-like object, with ISO 14443-A tags in its field.

Runs under MicroPython (the unix port) and CPython. It checks the SPI framing the datasheet
asks for (address byte ``1aaaaaa0`` to read, ``0aaaaaa0`` to write, CS low around every
transfer, a read ending with 0x00) and emulates the registers the driver uses: the FIFO,
CommandReg (SoftReset, CalcCRC, Transceive with StartSend), the IRQ, error and collision
registers, BitFramingReg's TxLastBits / RxAlign and ControlReg's RxLastBits. Tags follow the
ISO 14443-3 state machine (IDLE, READY per cascade level, ACTIVE, HALT); several tags in the
field answer together and their differing bits collide. CollReg reports the collision as
the bit position within the cascade level (1..32, 0 for 32), as the common drivers read it.
"""

CT = 0x88
SEL = (0x93, 0x95, 0x97)


def crc_a(data):
    """ISO 14443-3 CRC_A (preset 0x6363), low byte first."""
    crc = 0x6363
    for b in data:
        ch = (b ^ crc) & 0xFF
        ch = (ch ^ (ch << 4)) & 0xFF
        crc = ((crc >> 8) ^ (ch << 8) ^ (ch << 3) ^ (ch >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


def _bits(data, start, stop):
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(start, stop)]


def _bcc(four):
    return four[0] ^ four[1] ^ four[2] ^ four[3]


class FakeTag:
    """A tag with a 4, 7 or 10 byte UID (NTAG213/215 by default: 7 bytes, ATQA 0x0044)."""

    def __init__(self, uid, atqa=b"\x44\x00"):
        uid = bytes(uid)
        if len(uid) == 4:
            parts = [uid]
        elif len(uid) == 7:
            parts = [bytes((CT,)) + uid[:3], uid[3:]]
        elif len(uid) == 10:
            parts = [bytes((CT,)) + uid[:3], bytes((CT,)) + uid[3:6], uid[6:]]
        else:
            raise ValueError("a UID has 4, 7 or 10 bytes")
        self.uid = uid
        self.atqa = atqa
        self.levels = [p + bytes((_bcc(p),)) for p in parts]
        self.state = "IDLE"
        self.level = 0
        self.selects = 0

    def answer(self, frame, tx_bits):
        """React to a frame of ``tx_bits`` bits; return ``(first_bit, bits)`` or None."""
        if tx_bits == 7 and len(frame) == 1:
            if (frame[0] == 0x26 and self.state == "IDLE") or frame[0] == 0x52:
                self.state, self.level = "READY", 0
                return 0, _bits(self.atqa, 0, 16)
            if self.state != "HALT":
                self.state = "IDLE"  # REQA in any other state: back to IDLE, silent
            return None
        if self.state == "READY" and frame[0] == SEL[self.level] and len(frame) >= 2:
            level = self.levels[self.level]
            nvb = frame[1]
            if nvb == 0x70 and tx_bits == 72:
                if crc_a(frame[:7]) != frame[7:9] or frame[2:7] != level:
                    self.state = "IDLE"
                    return None
                self.selects += 1
                last = self.level == len(self.levels) - 1
                sak = 0x00 if last else 0x04
                if last:
                    self.state = "ACTIVE"
                else:
                    self.level += 1
                return 0, _bits(bytes((sak,)) + crc_a(bytes((sak,))), 0, 24)
            known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
            if not 0 <= known < 40 or tx_bits != 16 + known:
                self.state = "IDLE"
                return None
            if _bits(frame[2:], 0, known) != _bits(level, 0, known):
                return None  # not addressed: stays READY and silent
            return known, _bits(level, known, 40)
        if self.state == "ACTIVE" and frame[:2] == b"\x50\x00" and tx_bits == 32:
            if crc_a(frame[:2]) == frame[2:4]:
                self.state = "HALT"
            return None
        if self.state != "HALT":
            self.state = "IDLE"
        return None


class FakeChip:
    """MFRC522 registers and RF field. ``connected=False`` makes MISO read 0x00."""

    def __init__(self, version=0x92):
        self.version = version
        self.connected = True
        self.field = []
        self.transfers = 0
        self.frames = 0
        self.reset()

    def reset(self):
        self.regs = bytearray(64)
        self.regs[0x01] = 0x20
        self.regs[0x14] = 0x80
        self.regs[0x37] = self.version
        self.fifo = []

    def place(self, tag):
        """Put a tag in the field: it powers up IDLE."""
        tag.state, tag.level = "IDLE", 0
        self.field.append(tag)

    def remove(self, tag):
        self.field.remove(tag)

    # --- register level ---

    def read_reg(self, reg):
        if reg == 0x09:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == 0x0A:
            return len(self.fifo)
        return self.regs[reg]

    def write_reg(self, reg, value):
        if reg == 0x01:
            self._command(value & 0x0F)
        elif reg in (0x04, 0x05):
            if value & 0x80:
                self.regs[reg] |= value & 0x7F
            else:
                self.regs[reg] &= ~value & 0x7F
        elif reg == 0x09:
            if len(self.fifo) < 64:
                self.fifo.append(value)
            else:
                self.regs[0x06] |= 0x10  # BufferOvfl
        elif reg == 0x0A:
            if value & 0x80:
                self.fifo = []
        elif reg == 0x0D:
            self.regs[reg] = value & 0x7F
            if value & 0x80 and self.regs[0x01] & 0x0F == 0x0C:
                self._transceive()
        else:
            self.regs[reg] = value

    def _command(self, cmd):
        if cmd == 0x0F:
            self.reset()
        elif cmd == 0x03:
            crc = crc_a(self.fifo)
            self.fifo = []
            self.regs[0x22], self.regs[0x21] = crc[0], crc[1]
            self.regs[0x05] |= 0x04
            self.regs[0x01] = 0x03
        else:
            self.regs[0x01] = (self.regs[0x01] & 0xF0) | cmd

    def _transceive(self):
        framing = self.regs[0x0D]
        tx_last, rx_align = framing & 0x07, (framing >> 4) & 0x07
        frame = bytes(self.fifo)
        self.fifo = []
        self.frames += 1
        tx_bits = len(frame) * 8 - ((8 - tx_last) if tx_last else 0)
        if self.regs[0x14] & 0x03 != 0x03:
            answers = []  # antenna off: no tag is powered
        else:
            answers = [a for a in (t.answer(frame, tx_bits) for t in self.field) if a]
        self.regs[0x06] = 0
        if not answers:
            self.regs[0x04] |= 0x01  # TimerIRq
            return
        first, bits = answers[0]
        bits = list(bits)
        collision = 0
        for _, other in answers[1:]:
            for i, bit in enumerate(other):
                if bit != bits[i]:
                    if not collision or first + i + 1 < collision:
                        collision = first + i + 1
                    bits[i] |= bit
        total = rx_align + len(bits)
        out = bytearray((total + 7) // 8)
        for i, bit in enumerate(bits):
            pos = rx_align + i
            out[pos // 8] |= bit << (pos % 8)
        self.fifo = list(out)
        self.regs[0x0C] = (self.regs[0x0C] & 0xF8) | (total % 8)
        if collision:
            self.regs[0x06] |= 0x08
            self.regs[0x0E] = (self.regs[0x0E] & 0x80) | (collision & 0x1F)
        else:
            self.regs[0x0E] = (self.regs[0x0E] & 0x80) | 0x20  # CollPosNotValid
        self.regs[0x04] |= 0x30  # RxIRq | IdleIRq


class FakePin:
    """A ``machine.Pin`` stand-in that remembers its level."""

    def __init__(self, *args, **kwargs):
        self.level = kwargs.get("value", 1)

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        return None

    def __call__(self, v=None):
        return self.value(v)


class FakeSPI:
    """A ``machine.SPI`` stand-in wired to ``chip``; ``cs`` must be low during transfers."""

    def __init__(self, chip, cs):
        self.chip = chip
        self.cs = cs

    def _transfer(self, tx):
        if self.cs.level != 0:
            raise AssertionError("SPI transfer with CS high")
        chip = self.chip
        chip.transfers += 1
        tx = bytes(tx)
        rx = bytearray(len(tx))
        addr = tx[0]
        if addr & 0x01:
            raise AssertionError(f"SPI address byte 0x{addr:02X} has bit 0 set")
        if addr & 0x80:
            if tx[-1] != 0 or len(tx) < 2:
                raise AssertionError("an SPI read must end with 0x00")
            for i in range(1, len(tx)):
                a = tx[i - 1]
                if not a & 0x80:
                    raise AssertionError("mixed read and write in one transfer")
                value = chip.read_reg((a >> 1) & 0x3F)
                rx[i] = value if chip.connected else 0
        elif chip.connected:
            for b in tx[1:]:
                chip.write_reg((addr >> 1) & 0x3F, b)
        return rx

    def write(self, buf):
        self._transfer(buf)

    def write_readinto(self, tx, rx):
        out = self._transfer(tx)
        for i in range(len(out)):
            rx[i] = out[i]
