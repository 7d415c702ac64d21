#!/usr/bin/env bash
# Everything the tests need, in the Python environment that runs them: the Chromium that the
# browser tests drive (Playwright runs the system's Chromium; it does not download a browser of
# its own), then Patience with its test extras, every family's package and the two example
# plugins of the docs, installed editable.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_present() {
    command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
}

if ! chromium_present; then
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
    chromium_present || { echo "chromium did not install: install it, then run the tests again." >&2; exit 1; }
fi

# Each package is a build of its own (a type check and a C compile where its searches are
# compiled), and pip builds one at a time: here they are built side by side, a core each, the
# longest first. The plugins need nothing that Patience's own install does not bring, which
# `pip check` confirms at the end.
echo "Installing Patience with its test extras, every plugin and the docs' example plugins..."
printf '%s\n' '-e .[test,dask,pysol]' \
    '--no-deps -e plugins/klondike' '--no-deps -e plugins/pyramid' '--no-deps -e plugins/freecell' \
    '--no-deps -e plugins/tripeaks' '--no-deps -e plugins/spider' '--no-deps -e plugins/golf' \
    '--no-deps -e docs/examples/patience-golf' '--no-deps -e docs/examples/patience-castle' |
    xargs -P "$(nproc)" -L 1 python -m pip install -q --disable-pip-version-check
python -m pip check
