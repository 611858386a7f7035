#!/usr/bin/env bash
# Install (or remove) the Kaiser scorer as a systemd service on Raspberry Pi OS Bookworm or
# Trixie, any Pi from the Zero 2 W to the Pi 5; on another Debian, for the mock board.
#
#   sudo systemd/install.sh [--board adafruit-bonnet|waveshare-hat|mock] [--club] [--web]
#                                                         install or update
#   sudo systemd/install.sh uninstall [--purge]           remove
#
# --club (or a [club] section in the settings) adds the table's club publisher
# (kaiser-publisher.service); --web adds the read-only home pages (kaiser-scorer-web.service,
# port 8080). Once installed, a unit stays installed and is updated by every later run.
#
# Run it as root from a clone of the repository. It is idempotent: it compares before it
# writes, prints each change, and a second run changes nothing. Uninstall removes the service,
# the polkit rule, the venv and the kaiser user, and keeps the game database
# (/var/lib/kaiser-scorer) and the settings (/etc/kaiser-scorer) unless --purge is given.
#
# For tests: every path is under $KAISER_ROOT (default /), and with KAISER_DRY_RUN=1 the
# commands that change the system (apt-get, useradd, usermod, groupadd, userdel, systemctl,
# python3 -m venv, pip, modprobe, raspi-config) and the venv's backend_check.py are only
# logged, to $KAISER_DRY_RUN_LOG if set, else to stderr; the files are still written, under
# $KAISER_ROOT, which a dry run needs. The Pi's model is read from $KAISER_ROOT/proc.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
readonly HERE REPO
ROOT="${KAISER_ROOT:-/}"
ROOT="${ROOT%/}"
readonly ROOT
readonly DRY_RUN="${KAISER_DRY_RUN:-0}"

readonly SERVICE=kaiser-scorer
readonly PUBLISHER=kaiser-publisher
readonly WEB=kaiser-scorer-web
readonly USER_NAME=kaiser
readonly GROUPS_NEEDED=(gpio i2c spi dialout)
# The venv sees these through --system-site-packages: Debian builds them for every architecture
# (PyPI has no armv7l wheels of pillow). gpiozero comes from PyPI: apt's 2.0.1 looks for
# gpiochip4 on a Pi 5, 2.0.1.post3 is the first that works (backend_check.py checks it).
# espeak-ng and aplay (alsa-utils): the voice ([voice] in the config) speaks through them.
readonly APT_PACKAGES=(python3-venv python3-spidev python3-smbus2 python3-pil i2c-tools polkitd
  espeak-ng alsa-utils)
# Only Raspberry Pi OS has lgpio: PyPI's for Python 3.13 is 0.0.0.2, an empty placeholder.
readonly PI_OS_PACKAGES=(python3-lgpio)
# armhf (32-bit Pi OS): PyPI has no armv7l wheels of cbor2 (luma.core's), and its source needs
# a newer Rust than Bookworm's; Debian's satisfies pip.
readonly ARMHF_PACKAGES=(python3-cbor2)

readonly UNIT="$ROOT/etc/systemd/system/$SERVICE.service"
readonly RULE="$ROOT/etc/polkit-1/rules.d/50-$SERVICE.rules"
readonly MODULES="$ROOT/etc/modules-load.d/$SERVICE.conf"
readonly CONFIG_DIR="$ROOT/etc/$SERVICE"
readonly CONFIG="$CONFIG_DIR/config.toml"
readonly STATE_DIR="$ROOT/var/lib/$SERVICE"
readonly OPT_DIR="$ROOT/opt/$SERVICE"
readonly VENV="$OPT_DIR/venv"
readonly SOURCE_STAMP="$VENV/$SERVICE.source"

changes=0

unit_path() { printf '%s\n' "$ROOT/etc/systemd/system/$1.service"; }

say() { printf '%s\n' "$*"; }
changed() { changes=$((changes + 1)); say "changed: $*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# Every command that changes the system outside $ROOT's files goes through run.
run() {
  if [[ "$DRY_RUN" == 1 ]]; then
    local line
    line="$(printf '%q ' "$@")"
    if [[ -n "${KAISER_DRY_RUN_LOG:-}" ]]; then
      printf '%s\n' "${line% }" >>"$KAISER_DRY_RUN_LOG"
    else
      printf 'dry run: %s\n' "${line% }" >&2
    fi
  else
    "$@"
  fi
}

# install_file SOURCE DEST MODE: copy when the content or mode differs.
install_file() {
  local source="$1" dest="$2" mode="$3"
  if [[ -f "$dest" ]] && cmp -s "$source" "$dest" \
      && [[ "$(stat -c %a "$dest")" == "${mode#0}" ]]; then
    return 1
  fi
  mkdir -p "$(dirname "$dest")"
  install -m "$mode" "$source" "$dest.new"
  mv -f "$dest.new" "$dest"
  changed "$dest"
}

# write_text DEST MODE TEXT: like install_file, from a string.
write_text() {
  local dest="$1" mode="$2" text="$3" temporary
  temporary="$(mktemp)"
  printf '%s' "$text" >"$temporary"
  local status=0
  install_file "$temporary" "$dest" "$mode" || status=$?
  rm -f "$temporary"
  return "$status"
}

remove_path() {
  if [[ -e "$1" || -L "$1" ]]; then
    rm -rf -- "$1"
    changed "removed $1"
  fi
}

user_exists() { grep -q "^$USER_NAME:" "$ROOT/etc/passwd" 2>/dev/null; }
group_exists() { grep -q "^$1:" "$ROOT/etc/group" 2>/dev/null; }
in_group() {
  grep "^$1:" "$ROOT/etc/group" 2>/dev/null | cut -d: -f4 | tr ',' '\n' | grep -qx "$USER_NAME"
}

missing_packages() {
  local package status
  for package in "$@"; do
    status="$(dpkg-query --admindir="$ROOT/var/lib/dpkg" -W -f='${db:Status-Abbrev}' \
              "$package" 2>/dev/null || true)"
    [[ "$status" == ii* ]] || printf '%s\n' "$package"
  done
}

# Raspberry Pi OS says so in /etc/rpi-issue, and its apt sources name archive.raspberrypi.com.
is_pi_os() {
  [[ -f "$ROOT/etc/rpi-issue" ]] && return 0
  grep -qs -E 'archive\.raspberrypi\.(com|org)' "$ROOT/etc/apt/sources.list" \
    "$ROOT"/etc/apt/sources.list.d/*.list "$ROOT"/etc/apt/sources.list.d/*.sources
}

# raspi-config nonint do_i2c 0 / do_spi 0 (where it is installed): switches the interface on
# now (dtparam, modprobe) as well as in config.txt. $1 is i2c or spi; true when it ran.
raspi_config_on() {
  local what="$1" boot_config="$2" pattern
  [[ -x "$ROOT/usr/bin/raspi-config" && -n "$boot_config" ]] || return 1
  pattern='^[[:space:]]*dtparam=([^#]*,)?i2c(_arm)?(=(on|true|yes|1))?([,[:space:]#]|$)'
  [[ "$what" == spi ]] && pattern='^[[:space:]]*dtparam=([^#]*,)?spi(=(on|true|yes|1))?([,[:space:]#]|$)'
  grep -qE "$pattern" "$boot_config" && return 1
  run raspi-config nonint "do_$what" 0
  changed "$what switched on with raspi-config"
}

config_txt() {
  if [[ -f "$ROOT/boot/firmware/config.txt" ]]; then
    printf '%s\n' "$ROOT/boot/firmware/config.txt"
  elif [[ -f "$ROOT/boot/config.txt" ]]; then
    printf '%s\n' "$ROOT/boot/config.txt"
  fi
}

# The Pi's model from the device tree ("Raspberry Pi 5 Model B Rev 1.0"); empty on a machine
# without a Pi header (a PC, a VM, a container under emulation).
pi_model() { tr -d '\0' <"$ROOT/proc/device-tree/model" 2>/dev/null || true; }

# The board named in the settings ("adafruit-bonnet" if none).
configured_board() {
  local board
  board="$(sed -n -E 's/^[[:space:]]*board[[:space:]]*=[[:space:]]*["'\'']([^"'\'']*)["'\''].*/\1/p' \
           "$CONFIG" 2>/dev/null | head -n 1)"
  printf '%s\n' "${board:-adafruit-bonnet}"
}

# A [club] section in the settings (not a commented one): this table plays in a club event.
has_club_section() {
  grep -qE '^[[:space:]]*\[club\][[:space:]]*(#.*)?$' "$CONFIG" 2>/dev/null
}

source_fingerprint() {
  (cd "$REPO" && find pyproject.toml kaiser_core hardware -type f \
     ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 2>/dev/null \
     | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

do_install() {
  local board="" reboot=0 club=0 web=0
  while (($#)); do
    case "$1" in
      --board) board="${2:?--board needs a value}"; shift 2 ;;
      --board=*) board="${1#--board=}"; shift ;;
      --club) club=1; shift ;;
      --web) web=1; shift ;;
      *) die "unknown option: $1" ;;
    esac
  done
  # The extra units: asked for now, wanted by the settings, or installed by an earlier run.
  local extras=() extra pip_extras=pi
  if ((club)) || has_club_section || [[ -e "$(unit_path "$PUBLISHER")" ]]; then
    extras+=("$PUBLISHER")
    pip_extras+=",club"
  fi
  if ((web)) || [[ -e "$(unit_path "$WEB")" ]]; then
    extras+=("$WEB")
    pip_extras+=",web"
  fi
  case "$board" in
    ""|adafruit-bonnet|waveshare-hat|mock) ;;
    *) die "unknown board: $board (adafruit-bonnet, waveshare-hat or mock)" ;;
  esac
  local wanted="${board:-$(configured_board)}" machine model
  # ARMv6 (Pi 1, Zero, Zero W): neither PyPI nor Debian's armhf (ARMv7) builds run there.
  machine="$(uname -m)"
  if [[ "$machine" == armv6* ]]; then
    die "this is an ARMv6 Pi ($machine: Pi 1, Zero or Zero W), which the scorer does not" \
        "support (no Python wheels or Debian armhf packages run on it): use a Pi Zero 2 W or later"
  fi
  model="$(pi_model)"

  # 1. Packages from apt (the GPIO, SPI, I2C and image libraries come in through the venv's
  #    --system-site-packages; polkitd reads the power-off rule).
  local packages=("${APT_PACKAGES[@]}")
  [[ "$(dpkg --print-architecture)" == armhf ]] && packages+=("${ARMHF_PACKAGES[@]}")
  if is_pi_os; then
    packages+=("${PI_OS_PACKAGES[@]}")
    if [[ "$wanted" == *waveshare* ]]; then
      # luma drives the SPI display's DC and RST pins through RPi.GPIO; rpi-lgpio provides it
      # on every Pi, the Pi 5 included.
      packages+=(python3-rpi-lgpio)
    fi
  else
    say "note: this is not Raspberry Pi OS (no /etc/rpi-issue, no archive.raspberrypi.com in" \
        "apt's sources), which alone has python3-lgpio: installing the rest. Here the scorer" \
        "runs on the mock board (board = \"mock\" in $CONFIG); a Pi's buttons need lgpio."
  fi
  local missing
  mapfile -t missing < <(missing_packages "${packages[@]}")
  if ((${#missing[@]})); then
    run apt-get update
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      "${missing[@]}"
    changed "apt packages ${missing[*]}"
  fi

  # 2. The kaiser system user, in the device groups.
  if ! user_exists; then
    run useradd --system --user-group --no-create-home --home-dir "/var/lib/$SERVICE" \
      --shell /usr/sbin/nologin --comment "Kaiser scorer" "$USER_NAME"
    changed "user $USER_NAME"
  fi
  local group
  for group in "${GROUPS_NEEDED[@]}"; do
    if ! group_exists "$group"; then
      run groupadd --system "$group"
      changed "group $group"
    fi
    if ! in_group "$group"; then
      run usermod --append --groups "$group" "$USER_NAME"
      changed "$USER_NAME joins $group"
    fi
  done

  # 3. The venv and the scorer in it (reinstalled when the source changed).
  local fingerprint new_venv=0
  if [[ ! -x "$VENV/bin/python" ]]; then
    run python3 -m venv --system-site-packages "$VENV"
    changed "venv $VENV"
    new_venv=1
  fi
  # The stamp names the extras too: adding --web or --club later installs their libraries.
  fingerprint="$(source_fingerprint) [$pip_extras]"
  if ((new_venv)) || [[ "$(cat "$SOURCE_STAMP" 2>/dev/null)" != "$fingerprint" ]]; then
    run "$VENV/bin/pip" install --disable-pip-version-check --upgrade "${REPO}[$pip_extras]"
    mkdir -p "$VENV"
    printf '%s\n' "$fingerprint" >"$SOURCE_STAMP"
    changed "kaiser-scorer installed from $REPO"
  fi

  # 4. The settings, only if there are none yet (never overwrite the user's).
  if [[ ! -e "$CONFIG" ]]; then
    local template
    template="$(cat "$HERE/config.toml")"
    if [[ -n "$board" ]]; then
      template="$(sed -E "s/^board = .*/board = \"$board\"/" <<<"$template")"
    fi
    write_text "$CONFIG" 0644 "$template"$'\n' || true
  elif [[ -n "$board" && "$(configured_board)" != "$board" ]]; then
    say "note: $CONFIG names the board $(configured_board); kept (edit it to change boards)"
  fi

  # 4b. What the service will import, checked in the venv, on every run: a real lgpio (not
  #     PyPI's placeholder), gpiozero >= 2.0.1.post3, or the mock board; one line says which.
  #     A board that needs a Pi's header, on a machine without one: installed, not started.
  local imports=() status=0 no_pi=0
  [[ "$pip_extras" == *club* ]] && imports+=(--import paho.mqtt)
  if [[ "$pip_extras" == *web* || "$pip_extras" == *club* ]]; then
    imports+=(--import starlette --import uvicorn)
  fi
  [[ "$(configured_board)" != mock && "$model" != "Raspberry Pi"* ]] && no_pi=1
  run "$VENV/bin/python" "$HERE/backend_check.py" --board "$(configured_board)" \
    --model "$model" "${imports[@]}" || status=$?
  if ((status != 0 && status != 3)); then
    ((status == 1)) || printf 'install.sh: the backend check failed (exit status %s)\n' "$status" >&2
    exit 1
  fi

  # 5. I2C at 400 kHz (and SPI for the Waveshare board) in config.txt; the kernel modules
  #    that make /dev/i2c-*, /dev/spidev* and /dev/ttyACM* loaded at boot.
  #    raspi-config (where present) switches them on at once; only the baud rate then waits
  #    for a reboot, and the scorer starts now. The mock board needs none of this.
  local params=(i2c_arm=on i2c_arm_baudrate=400000) boot_config boot_changes live=0
  if [[ "$(configured_board)" == mock ]]; then
    say "the mock board: no I2C, SPI or kernel modules needed"
  elif ((no_pi)); then
    say "no Raspberry Pi header here: I2C, SPI and the kernel modules left alone"
  else
    boot_config="$(config_txt)"
    raspi_config_on i2c "$boot_config" && live=1
    if [[ "$(configured_board)" == *waveshare* ]]; then
      params+=(spi=on)
      raspi_config_on spi "$boot_config" || true
    fi
    if [[ -n "$boot_config" ]]; then
      boot_changes="$(python3 "$HERE/boot_config.py" "$boot_config" "${params[@]}")"
      if [[ -n "$boot_changes" ]]; then
        say "$boot_changes"
        changed "$boot_config"
        if ((live)); then
          say "I2C is on now (at 100 kHz); it runs at 400 kHz after the next reboot."
        else
          reboot=1
        fi
      fi
    else
      say "warning: no /boot/firmware/config.txt or /boot/config.txt: enable I2C (or SPI) by hand"
    fi
    if write_text "$MODULES" 0644 $'# Kaiser scorer: /dev/i2c-*, /dev/spidev*, /dev/ttyACM*\ni2c-dev\nspidev\ncdc_acm\n'
    then
      run modprobe -a i2c-dev spidev cdc_acm || say "warning: modprobe failed; reboot"
    fi
  fi

  # 6. The service and the polkit rule that lets it power the Pi off; the extra units, with
  #    their own hardening (systemd/kaiser-publisher.service, kaiser-scorer-web.service).
  install_file "$HERE/50-$SERVICE.rules" "$RULE" 0644 || true
  local unit_changed=0 units=("$SERVICE.service") started=("$SERVICE.service")
  install_file "$HERE/$SERVICE.service" "$UNIT" 0644 && unit_changed=1
  for extra in "${extras[@]}"; do
    install_file "$HERE/$extra.service" "$(unit_path "$extra")" 0644 && unit_changed=1
    units+=("$extra.service")
    # The publisher runs once the settings have [club] (broker, event, table, login).
    if [[ "$extra" != "$PUBLISHER" ]] || has_club_section; then
      started+=("$extra.service")
    else
      say "note: $PUBLISHER is installed but not started: add [club] to $CONFIG (README," \
          "\"Club night\"), then: sudo systemctl start $PUBLISHER"
    fi
  done
  ((unit_changed)) && run systemctl daemon-reload
  if ((no_pi)); then
    # Started here, the unit would fail (no GPIO) and fail the install: it waits, installed.
    units=("${units[@]:1}")
    started=("${started[@]:1}")
    say "note: this is not a Raspberry Pi (${model:-no /proc/device-tree/model}), so the" \
        "$(configured_board) board cannot work here: $SERVICE.service is installed but neither" \
        "enabled nor started. To try the scorer on this machine, set board = \"mock\" in" \
        "$CONFIG and run install.sh again."
  fi
  ((${#units[@]})) && run systemctl enable "${units[@]}"
  if ((${#started[@]} == 0)); then
    :
  elif ((reboot)); then
    say "Reboot needed for the config.txt change: sudo reboot (the scorer starts by itself)."
  elif ((changes)); then
    run systemctl restart "${started[@]}"
  else
    run systemctl start "${started[@]}"
  fi

  if ((changes)); then
    say "Done: $changes change(s). Check: systemctl status $SERVICE; journalctl -u $SERVICE -f"
  else
    say "Nothing changed: the scorer is installed and up to date."
  fi
}

do_uninstall() {
  local purge=0
  while (($#)); do
    case "$1" in
      --purge) purge=1; shift ;;
      *) die "unknown option: $1" ;;
    esac
  done
  local unit present=()
  for unit in "$SERVICE" "$PUBLISHER" "$WEB"; do
    [[ -e "$(unit_path "$unit")" ]] && present+=("$unit.service")
  done
  if ((${#present[@]})); then
    # stop, then disable (not disable --now, which systemctl refuses where no systemd runs:
    # a chroot, an image being built; there stop is skipped and disable removes the links).
    run systemctl stop "${present[@]}"
    run systemctl disable "${present[@]}"
    for unit in "${present[@]}"; do
      remove_path "$ROOT/etc/systemd/system/$unit"
    done
    run systemctl daemon-reload
  fi
  remove_path "$RULE"
  remove_path "$MODULES"
  remove_path "$OPT_DIR"
  if user_exists; then
    run userdel "$USER_NAME"
    changed "user $USER_NAME removed"
  fi
  if ((purge)); then
    remove_path "$STATE_DIR"
    remove_path "$CONFIG_DIR"
  elif [[ -e "$STATE_DIR" || -e "$CONFIG_DIR" ]]; then
    say "kept: $STATE_DIR (games) and $CONFIG_DIR (settings); uninstall --purge removes them"
  fi
  say "I2C/SPI stay enabled in config.txt and the apt packages stay installed."
  ((changes)) || say "Nothing changed: the scorer was not installed."
}

main() {
  local command=install
  case "${1:-}" in
    -h|--help|help) sed -n '2,22p' "$0"; return 0 ;;
  esac
  if (($#)) && [[ "$1" != -* ]]; then
    command="$1"
    shift
  fi
  if [[ "$DRY_RUN" == 1 && -z "$ROOT" ]]; then
    die "KAISER_DRY_RUN=1 writes files under KAISER_ROOT: set it to a scratch folder"
  fi
  if [[ "$DRY_RUN" != 1 && "$(id -u)" != 0 ]]; then
    die "run me as root: sudo $0 $command $*"
  fi
  case "$command" in
    install) do_install "$@" ;;
    uninstall) do_uninstall "$@" ;;
    *) die "unknown command: $command (install or uninstall)" ;;
  esac
}

main "$@"
