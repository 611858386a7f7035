"""make-logins.sh's files as the broker reads them: mosquitto started as root drops to its
own user, as the Debian service does (issue 26, A1: the folder was 0700 root, and the
broker stopped on "Unable to open pwfile")."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from club_helpers import CLUB, free_port, make_logins

pytestmark = pytest.mark.slow


def test_mosquitto_as_its_own_user_reads_the_logins() -> None:
    if os.geteuid() != 0:
        pytest.skip("mosquitto drops to its own user only when started as root")
    try:
        user = pwd.getpwnam("mosquitto")
    except KeyError:
        pytest.skip("no mosquitto user on this machine (apt install mosquitto)")
    top = Path(tempfile.mkdtemp(prefix="kaiser-logins-"))  # not under a 0700 pytest folder
    top.chmod(0o755)
    proc = None
    try:
        logins = make_logins("tuesday-test", 3, top / "kaiser")
        data = top / "data"
        data.mkdir()
        os.chown(data, user.pw_uid, user.pw_gid)
        port = free_port()
        text = (CLUB / "mosquitto.conf").read_text()
        text = text.replace("listener 1883", f"listener {port} 127.0.0.1")
        text = text.replace("/etc/mosquitto/kaiser/", f"{top}/kaiser/")
        conf = top / "mosquitto.conf"
        conf.write_text(text + f"\npersistence_location {data}/\n")  # no "user": mosquitto
        conf.chmod(0o644)
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        proc = subprocess.Popen([exe, "-c", str(conf)], stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        while proc.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        owner = pwd.getpwuid(os.stat(f"/proc/{proc.pid}").st_uid).pw_name
        assert owner == "mosquitto"
        assert oct((top / "kaiser" / "logins.txt").stat().st_mode & 0o777) == "0o600"
        assert len(logins) == 4
    finally:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            proc.wait(5)
        shutil.rmtree(top)
