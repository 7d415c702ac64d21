#!/usr/bin/env bash
# Set-up the tests need beyond Python packages: the Chromium that the browser tests drive
# (Playwright runs the system's Chromium; it does not download a browser of its own).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "The browser tests need Chromium at /usr/bin/chromium: install your system's chromium package, then run the tests again." >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "Installing chromium for the browser tests (apt-get)..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "chromium did not install: install it, then run the tests again." >&2; exit 1; }
