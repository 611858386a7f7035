#!/usr/bin/env bash
# Remove the Kaiser scorer service: sudo systemd/uninstall.sh [--purge]
# Same as: sudo systemd/install.sh uninstall [--purge] (see there).
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/install.sh" uninstall "$@"
