"""Every command of ``patience``, fed anything a person could type: success or a clear error,
never a traceback or a hang, and nothing on disk changed by a command that failed.

The ``default`` Hypothesis profile runs each a few dozen times in CI; ``HYPOTHESIS_PROFILE=
thorough`` runs each a thousand times for a release (docs/limits.md says how).
"""

from __future__ import annotations

import hashlib
import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import patience_core
from patience_core.cli import app
from patience_core.userdata.records import record_of

HANG_SECONDS = 60
"""A command still running after this long is a hang (the slowest here takes a second or two)."""

FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

IDS = sorted({gid for spec in patience_core.games() for gid in (spec.id, *(p.id for p in spec.presets))})
WORDS = st.sampled_from(
    ["", " ", "²", "①", "٣", "\x00", "-", "--", "..", "9" * 300, "x" * 5000, "é", "\u202e"]
)
TEXT = st.one_of(st.text(max_size=40), WORDS)
GAME = st.one_of(st.sampled_from([*IDS, "tripeaks:tripeaks", "nosuch:tripeaks", "TRIPEAKS"]), TEXT)
NUMBER = st.one_of(st.integers(-5, 2**70).map(str), st.floats().map(str), TEXT)
OPTION = st.one_of(
    st.tuples(
        st.sampled_from(["wrap", "passes", "win", "scoring", "open-peaks", "pair_with_covered"]), NUMBER
    ).map("=".join),
    st.tuples(
        st.sampled_from(["passes", "wrap"]), st.sampled_from(["0", "1", "5", "6", "true", "no", "10**9"])
    ).map("=".join),
    TEXT,
)
MOVE = st.one_of(
    st.sampled_from(["draw", "redeal", "4D", "5S", "4h", "10H", "QH+AS", "AS+QH", "1", "2", "3", "12", "0"]),
    TEXT,
)
DEAL = st.one_of(
    st.permutations([str(c) for c in patience_core.CARDS]).map(" ".join),
    st.lists(st.sampled_from([str(c) for c in patience_core.CARDS]), max_size=60).map(" ".join),
    TEXT,
)
FILE_NAME = st.one_of(
    st.text(alphabet=st.characters(exclude_characters="/\\\x00"), min_size=1, max_size=30),
    st.sampled_from(["x" * 300 + ".json", "a\x00b", "nofolder/g.json", ".", "..", "g.json"]),
)


def _records() -> list[bytes]:
    out = []
    for game_id in ("tripeaks", "par-pyramid"):
        game = patience_core.new_game(game_id, seed=4)
        for _ in range(4):
            game.play(game.legal_moves()[0])
        out.append(json.dumps(record_of(game)).encode())
    return out


RECORD_BYTES = st.one_of(
    st.binary(max_size=500),
    st.sampled_from(_records()),
    st.tuples(st.sampled_from(_records()), st.integers(0, 3000)).map(lambda p: p[0][: p[1]]),
    st.tuples(st.sampled_from(_records()), st.integers(0, 3000), st.binary(min_size=1, max_size=8)).map(
        lambda p: p[0][: p[1]] + p[2] + p[0][p[1] + len(p[2]) :]
    ),
)


class Hang(BaseException):
    """A command that did not end within HANG_SECONDS."""


@contextmanager
def hang_guard() -> Iterator[None]:
    def hung(signum: int, frame: object) -> None:
        raise Hang(f"the command ran for more than {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def on_disk(root: Path) -> dict[str, str]:
    """Every file below ``root``, with a digest of its content."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
        for p in sorted(root.rglob("*"))
        if not p.is_symlink() and (p.is_file() or p.is_dir())
    }


def patience(root: Path, args: list[str], stdin: str | None = None) -> None:
    """Run ``patience ARGS`` and hold it to the promise of the module docstring."""
    before = on_disk(root)
    with hang_guard():
        # As bytes, as a pipe gives them: text with lone surrogates is bytes that are not UTF-8.
        data = None if stdin is None else stdin.encode("utf-8", "surrogatepass")
        result = CliRunner().invoke(app, args, input=data, catch_exceptions=True)
    exception = result.exception
    assert exception is None or isinstance(exception, SystemExit), f"{args!r:.300}: {exception!r:.300}"
    assert "Traceback" not in result.output, f"{args!r:.300}"
    code = result.exit_code
    assert code in (0, 1, 2, 3, 130), (code, f"{args!r:.300}")
    if code in (1, 2):
        errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
        assert errors, f"{args!r:.300}: {result.stderr!r:.300}"
        if code == 1:
            lines = [line for line in result.stderr.splitlines() if line and not line.startswith("Warning: ")]
            assert len(lines) == 1, f"{args!r:.300}: {result.stderr!r:.500}"
            assert len(lines[0]) < 1000, f"{args!r:.300}: {lines[0]:.300}"
        else:  # a usage error: the usage, a hint and the error, each word quoted short
            assert len(result.stderr) < 1000, f"{args!r:.300}: {result.stderr!r:.300}"
        assert on_disk(root) == before, f"{args!r:.300} failed but changed files"


def flag(name: str) -> st.SearchStrategy[list[str]]:
    return st.sampled_from([[], [name]])


def optional(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [name, v]))


def options() -> st.SearchStrategy[list[str]]:
    return st.lists(OPTION, max_size=3).map(lambda pairs: [w for p in pairs for w in ("-o", p)])


def joined(*parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda ps: [w for p in ps for w in p])


@FUZZ
@given(joined(st.lists(TEXT, max_size=2), flag("--json"), flag("--plain")))
def test_games(tmp_path, args):
    patience(tmp_path, ["games", *args])


@FUZZ
@given(
    joined(
        GAME.map(lambda g: [g]),
        optional("--seed", NUMBER),
        optional("--deal", DEAL),
        options(),
        flag("--json"),
        flag("--plain"),
    )
)
def test_show(tmp_path, args):
    patience(tmp_path, ["show", *args])


@FUZZ
@given(GAME, st.integers(0, 50), st.lists(MOVE, max_size=12), options(), flag("--json"), flag("--plain"))
def test_play_moves(tmp_path, game, seed, moves, opts, json_out, plain):
    patience(
        tmp_path, ["play", game, "--seed", str(seed), "--moves", " ".join(moves), *opts, *json_out, *plain]
    )


LINE = st.one_of(
    MOVE,
    st.lists(MOVE, min_size=2, max_size=4).map(" ".join),
    st.sampled_from(["undo", "restart", "moves", "board", "help", "?", "y", "n", "save"]),
    FILE_NAME.map(lambda name: f"save {name}"),
    TEXT,
)


@FUZZ
@given(st.sampled_from(IDS), st.integers(0, 50), st.lists(LINE, max_size=15), flag("--plain"), flag("--json"))
def test_play_commands_from_a_pipe(tmp_path, game, seed, lines, plain, json_out):
    patience(
        tmp_path, ["play", game, "--seed", str(seed), *plain, *json_out], "\n".join([*lines, "quit"]) + "\n"
    )


@FUZZ
@given(RECORD_BYTES, st.lists(LINE, max_size=5), st.sampled_from(["play", "replay", "solve"]))
def test_saved_games_of_every_kind(tmp_path, raw, lines, command):
    path = tmp_path / "given.json"
    path.write_bytes(raw)
    args = {
        "play": ["play", "--resume", str(path), "--plain"],
        "replay": ["replay", str(path), "--plain"],
        "solve": ["solve", "--record", str(path), "--limit", "2000"],
    }[command]
    patience(tmp_path, args, "\n".join([*lines, "quit", "n"]) + "\n")


@FUZZ
@given(
    st.lists(st.one_of(st.sampled_from(["reset", "repair", "add", *IDS]), TEXT, FILE_NAME), max_size=3),
    flag("--yes"),
    flag("--json"),
    st.sampled_from(["y\n", "n\n", ""]),
)
def test_stats(tmp_path, words, yes, json_out, answer):
    patience(tmp_path, ["stats", *words, *yes, *json_out], answer)


SEEDS = st.one_of(
    st.tuples(st.integers(0, 30), st.integers(0, 3)).map(lambda p: f"{p[0]}..{p[0] + p[1]}"),
    st.sampled_from(["0..18446744073709551615x", "5..1", "1..", "..", "18446744073709551616"]),
    TEXT,
)


def _small(args: list[str]) -> bool:
    """No range of more than a few deals: the fuzz checks answers, not stamina."""
    for n, word in enumerate(args[:-1]):
        if word == "--seeds":
            try:
                seeds = patience_core.parse_seeds(args[n + 1])
            except ValueError:
                continue
            if seeds.stop - seeds.start > 5:
                return False
    return True


def _at_most(args: list[str], name: str, high: int) -> bool:
    """Whether the number given to ``name`` (if it is one) is at most ``high``."""
    if name not in args[:-1]:
        return True
    text = args[args.index(name) + 1]
    try:  # as the option reads it: "3.0" and " 3 " are 3 too
        number = float(text)
    except ValueError:
        return True  # no number: refused at once
    return not number > high  # NaN is refused at once too


@FUZZ
@given(
    joined(
        GAME.map(lambda g: [g]),
        st.one_of(
            st.just([]),
            NUMBER.map(lambda s: ["--seed", s]),
            DEAL.map(lambda d: ["--deal", d]),
            SEEDS.map(lambda s: ["--seeds", s]),
        ),
        st.one_of(
            st.integers(-2, 3000).map(lambda n: ["--limit", str(n)]), NUMBER.map(lambda n: ["--limit", n])
        ),
        optional("--time-limit", NUMBER),
        optional("--memory-limit", NUMBER),
        options(),
        flag("--generic"),
        flag("--json"),
    )
)
def test_solve(tmp_path, args):
    assume(_small(args) and _at_most(args, "--limit", 3000))
    patience(tmp_path, ["solve", *args])


PARAM = st.one_of(
    st.tuples(
        st.sampled_from(["samples", "solved", "node_limit", "node_budget", "time_limit", "depth"]),
        st.one_of(st.sampled_from(["0", "1", "2", "-1", "abc", "1e99", "none", "true", "0.5"]), NUMBER),
    ).map("=".join),
    TEXT,
)


@FUZZ
@given(
    joined(
        GAME.map(lambda g: [g]),
        st.one_of(
            st.integers(-2, 3).map(lambda n: ["-n", str(n)]),
            NUMBER.map(lambda n: ["-n", n]),
            SEEDS.map(lambda s: ["--seeds", s]),
        ),
        st.one_of(
            st.just([]),
            st.sampled_from(["random", "greedy", "solver", "hint", "nobody", ""]).map(lambda p: ["-p", p]),
        ),
        st.lists(PARAM, max_size=2).map(lambda ps: [w for p in ps for w in ("--param", p)]),
        optional("--workers", st.sampled_from(["1", "0", "-1", "257", "x"])),
        # Never a name to look up: a closed local port, or text that is no address.
        optional(
            "--scheduler",
            st.one_of(
                st.sampled_from(["tcp://127.0.0.1:1", "tcp://", "foo://bar"]), st.text(max_size=20)
            ).filter(lambda a: ":" not in a or a in ("tcp://127.0.0.1:1", "tcp://", "foo://bar")),
        ),
        options(),
        flag("--json"),
    )
)
def test_simulate(tmp_path, args):
    assume(_small(args) and _at_most(args, "-n", 3))
    if "hint" in args:  # the hint player is slow at its defaults: give it a small budget
        args += ["--param", "samples=2", "--param", "node_limit=200"]
    if "solver" in args:  # at its default limit it proves deals lost: 32 s for Streets and
        args += ["--param", "node_limit=20000"]  # Alleys' deals 3..6, longer in plain Python
    patience(tmp_path, ["simulate", *args])


@FUZZ
@given(st.lists(TEXT.filter(lambda t: t not in IDS), max_size=2), flag("--quick"), flag("--json"))
def test_bench_refuses_what_is_no_game(tmp_path, games, quick, json_out):
    args = [w for g in games for w in ("--game", g)]
    assume(args)  # without a game the bench runs every game: a minute, not a fuzz
    patience(tmp_path, ["bench", *args, *quick, *json_out])
