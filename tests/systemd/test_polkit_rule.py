"""The polkit rule, in a real polkitd: kaiser may power off, and nothing else changes.

polkitd reads its rules only from /etc/polkit-1/rules.d and /usr/share/polkit-1/rules.d, so
the test runs it in a private mount namespace (unshare, as root) where a temporary folder is
bound over /etc/polkit-1/rules.d, and /etc/passwd has a kaiser user; it talks to its own
dbus-daemon (on an abstract socket). pkcheck asks about a process running as kaiser
(uid 64990) and one running as nobody, with and without the rule.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from sd_helpers import RULE, need

pytestmark = pytest.mark.slow

KAISER_UID = 64990
SCRIPT = r"""
set -eu
t="$1"
mount --bind "$t/rules" /etc/polkit-1/rules.d
mount --bind "$t/passwd" /etc/passwd
mount --bind "$t/group" /etc/group
dbus-daemon --config-file="$t/bus.conf" --fork --print-pid=3 3>"$t/bus.pid"
export DBUS_SYSTEM_BUS_ADDRESS="unix:abstract=$BUS_NAME"
"$POLKITD" --no-debug >"$t/polkitd.log" 2>&1 &
polkitd=$!
trap 'kill $polkitd $(cat "$t/bus.pid") ${kaiser:-} ${nobody:-} 2>/dev/null || true' EXIT
deadline=$((SECONDS + 20))
until busctl --system list 2>/dev/null | grep -q org.freedesktop.PolicyKit1; do
  if ((SECONDS > deadline)); then echo "polkitd did not start"; cat "$t/polkitd.log"; exit 1; fi
  sleep 0.05
done
setpriv --reuid=$KAISER_UID --regid=$KAISER_UID --clear-groups sleep 60 & kaiser=$!
setpriv --reuid=65534 --regid=65534 --clear-groups sleep 60 & nobody=$!
for who in kaiser nobody; do
  pid=${!who}
  until [ "$(stat -c %u /proc/$pid)" != 0 ]; do sleep 0.01; done
  for action in power-off power-off-multiple-sessions reboot power-off-ignore-inhibit suspend; do
    set +e
    pkcheck --action-id "org.freedesktop.login1.$action" --process "$pid" >/dev/null 2>&1
    echo "$who $action $?"
    set -e
  done
done
"""
BUS_CONF = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:abstract={name}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
"""


def ask_polkit(tmp_path: Path, with_rule: bool) -> dict[tuple[str, str], int]:
    """pkcheck's exit code for each (user, login1 action): 0 allowed, 1 or 2 not."""
    assert os.geteuid() == 0, "this test needs root (unshare and mount); CI runs as root"
    for program, package in (
        ("unshare", "util-linux"),
        ("setpriv", "util-linux"),
        ("dbus-daemon", "dbus-daemon"),
        ("pkcheck", "polkitd"),
        ("busctl", "systemd"),
    ):
        need(program, package)
    polkitd = next(
        (p for p in ("/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd") if Path(p).exists()), None
    )
    assert polkitd, "polkitd is missing: apt-get install polkitd"
    assert Path("/usr/share/polkit-1/actions/org.freedesktop.login1.policy").exists(), (
        "logind's polkit actions are missing: apt-get install systemd"
    )
    (tmp_path / "rules").mkdir()
    if with_rule:
        shutil.copy(RULE, tmp_path / "rules" / RULE.name)
    passwd = Path("/etc/passwd").read_text()
    (tmp_path / "passwd").write_text(
        passwd + f"kaiser:x:{KAISER_UID}:{KAISER_UID}::/nonexistent:/usr/sbin/nologin\n"
    )
    (tmp_path / "group").write_text(Path("/etc/group").read_text() + f"kaiser:x:{KAISER_UID}:\n")
    # An abstract socket: polkitd runs as its own user, which cannot enter pytest's 0700 tmp.
    bus_name = f"kaiser-test-{uuid.uuid4().hex}"
    (tmp_path / "bus.conf").write_text(BUS_CONF.format(name=bus_name))
    env = dict(os.environ, POLKITD=polkitd, KAISER_UID=str(KAISER_UID), BUS_NAME=bus_name)
    result = subprocess.run(
        [
            "unshare",
            "--mount",
            "--propagation",
            "private",
            "bash",
            "-c",
            SCRIPT,
            "-",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    answers = {}
    for line in result.stdout.splitlines():
        who, action, code = line.split()
        answers[(who, action)] = int(code)
    assert len(answers) == 10, result.stdout
    return answers


def test_kaiser_may_power_off_and_do_nothing_else(tmp_path: Path) -> None:
    answers = ask_polkit(tmp_path, with_rule=True)
    allowed = {key for key, code in answers.items() if code == 0}
    assert allowed == {("kaiser", "power-off"), ("kaiser", "power-off-multiple-sessions")}


def test_without_the_rule_kaiser_may_not_power_off(tmp_path: Path) -> None:
    answers = ask_polkit(tmp_path, with_rule=False)
    assert all(code != 0 for code in answers.values()), answers
