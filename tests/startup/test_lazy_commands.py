"""``kaiser-scorer run`` starts without the modules of the other commands (startup_ratio)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hardware import cli

pytestmark = pytest.mark.slow

#: What ``run`` must not import before its first frame: the other commands and what only
#: they need (the director's asyncio, the card reader's pyserial without a reader).
NOT_FOR_RUN = ["hardware.recover", "hardware.web.command", "hardware.director.cli", "asyncio"]
NOT_FOR_RUN += ["serial", "hardware.sources.reader"]


@pytest.mark.parametrize("command", sorted(cli.FAST))
def test_a_fast_command_is_one_its_module_adds(command: str):
    alone = cli.build_parser(cli.FAST[command])
    whole = cli.build_parser()
    for parser in (alone, whole):
        with pytest.raises(SystemExit) as exit_:
            parser.parse_args([command, "--help"])
        assert exit_.value.code == 0
    assert cli.FAST[command] in cli.SUBCOMMANDS


def test_run_on_the_mock_board_imports_nothing_of_the_other_commands(tmp_path):
    keys = tmp_path / "keys.txt"
    keys.write_text("OK\n")
    code = (
        "import sys, json\n"
        "from hardware.cli import main\n"
        f"status = main(['run', '--board', 'mock', '--quiet', '--keys', {str(keys)!r},"
        f" '--db', {str(tmp_path / 'k.db')!r}])\n"
        f"print(json.dumps([status, [m for m in {NOT_FOR_RUN!r} if m in sys.modules]]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    status, loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert status == 0, out.stderr
    assert loaded == []


def test_help_still_lists_every_command(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    listed = capsys.readouterr().out
    for command in ("score", "run", "export", "web", "recover", "director"):
        assert command in listed
