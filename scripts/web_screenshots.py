"""Screenshots of the page for docs/web.md: deal 3 of every game shipped in plugins/, at
1280x800 and at 360x740, and the table in docs/web.md that shows them.

    python scripts/web_screenshots.py            # writes docs/images/web-GAME-WIDTH.png and the table
    python scripts/web_screenshots.py --check    # says whether the table lists every game (exit 1 if not)
    python scripts/web_screenshots.py --games klondike freecell   # only these (the table lists all)

It serves the page from this process (uvicorn on 127.0.0.1 and a free port, a fresh data
folder) and takes the pictures with the system's Chromium through Playwright, motion off, so
each picture is the deal at rest. The test extra has what it needs (playwright, httpx).
"""

from __future__ import annotations

import argparse
import re
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import patience_core

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "web.md"
IMAGES = ROOT / "docs" / "images"
SIZES = ((1280, 800), (360, 740))
SEED = 3
START = "<!-- screenshots: made by scripts/web_screenshots.py -->"
END = "<!-- end of screenshots -->"


def shipped_games() -> list[patience_core.GameSpec]:
    """The games of the packages under plugins/ (not the tutorial's examples), grouped by
    family as ``patience games`` lists them."""
    games = []
    for spec in patience_core.games():
        module = sys.modules[spec.rules.__module__]
        if module.__file__ and (ROOT / "plugins") in Path(module.__file__).resolve().parents:
            games.append(spec)
    return sorted(games, key=lambda s: (not s.family, s.family, s.name))


def image(game: str, width: int) -> str:
    return f"images/web-{game}-{width}.png"


def table(games: list[patience_core.GameSpec]) -> str:
    """The Markdown table of the pictures, between its two markers."""
    lines = [START, "", "| Game | 1280x800 | 360x740 |", "|------|----------|---------|"]
    for spec in games:
        cells = [f"![{spec.name} at {w} pixels]({image(spec.id, w)})" for w, _ in SIZES]
        lines.append(f"| {spec.name} | {' | '.join(cells)} |")
    return "\n".join([*lines, "", END])


def current_table(text: str) -> str | None:
    found = re.search(re.escape(START) + r".*?" + re.escape(END), text, re.S)
    return found.group(0) if found else None


def missing(games: list[patience_core.GameSpec]) -> list[str]:
    """What docs/web.md lacks: a table that is not the one for ``games``, or a picture."""
    text = DOC.read_text(encoding="utf-8")
    out = [] if current_table(text) == table(games) else ["docs/web.md's table of screenshots"]
    out += [
        f"docs/{image(s.id, w)}"
        for s in games
        for w, _ in SIZES
        if not (DOC.parent / image(s.id, w)).exists()
    ]
    return out


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def shoot(games: list[patience_core.GameSpec]) -> None:
    import httpx
    import uvicorn
    from playwright.sync_api import expect, sync_playwright

    from patience_core.web import serving
    from patience_core.web.app import create_app

    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        server = uvicorn.Server(serving.config(create_app(Path(home)), "127.0.0.1", port))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            if not thread.is_alive():
                sys.exit("the server did not start")
            time.sleep(0.05)
        url = f"http://127.0.0.1:{port}"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"]
                )
                for spec in games:
                    for width, height in SIZES:
                        gid = httpx.post(f"{url}/api/games", json={"game": spec.id, "seed": SEED}).json()[
                            "id"
                        ]
                        context = browser.new_context(
                            viewport={"width": width, "height": height}, reduced_motion="reduce"
                        )
                        page = context.new_page()
                        page.goto(f"{url}/play/{gid}")
                        expect(page.locator("body")).to_have_attribute("data-status", "playing")
                        page.wait_for_function("() => document.getAnimations().length === 0")
                        path = DOC.parent / image(spec.id, width)
                        page.screenshot(path=path)
                        context.close()
                        print(f"{path.relative_to(ROOT)}")
                browser.close()
        finally:
            server.should_exit = True
            thread.join(timeout=20)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether docs/web.md is current")
    parser.add_argument("--games", nargs="+", metavar="ID", help="take only these games' pictures")
    args = parser.parse_args()
    games = shipped_games()
    if args.check:
        lacking = missing(games)
        for what in lacking:
            print(f"not current: {what}")
        return 1 if lacking else 0
    chosen = [s for s in games if not args.games or s.id in args.games]
    unknown = set(args.games or ()) - {s.id for s in games}
    if unknown:
        print(f"no shipped game {', '.join(sorted(unknown))}", file=sys.stderr)
        return 1
    IMAGES.mkdir(parents=True, exist_ok=True)
    shoot(chosen)
    text = DOC.read_text(encoding="utf-8")
    old = current_table(text)
    if old is None:
        print(f"docs/web.md has no {START} ... {END} block to fill", file=sys.stderr)
        return 1
    DOC.write_text(text.replace(old, table(games)), encoding="utf-8")
    print(f"docs/web.md: {len(games)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
