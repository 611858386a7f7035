"""Card reader firmware for the Pico: MFRC522 reads -> JSON Lines on the USB serial.

Runs at boot. Ctrl-C still interrupts it, so ``mpremote`` can take over for updates.
"""

import time

import mfrc522
from cards import CardTable
from host_port import HostPort
from reader_app import Firmware

CARDS_PATH = "cards.json"
IDLE_MS = 10  # pause between polls while the reader is down


def main() -> None:
    """Wire the reader, the card table and the host port, then poll them forever."""
    host = HostPort()
    table, problem = CardTable.load(CARDS_PATH)
    fw = Firmware(
        mfrc522.open_default(), table, host.write, time.ticks_ms, time.ticks_diff, problem
    )
    fw.start()
    while not host.closed:
        data = host.read_available()
        if data:
            fw.feed(data)
        fw.step()  # with a working reader this waits up to 25 ms for a tag to answer
        if not fw.reader_ok:
            time.sleep_ms(IDLE_MS)


main()
