"""The conformance kit on the core's toy games: the engine's invariants without any plugin."""

from patience_core.testing import conformance_tests

TestToyGolf = conformance_tests("toy-golf")
TestToyPairs = conformance_tests("toy-pairs")
TestToyPairsLayoutWin = conformance_tests("toy-pairs", win="layout", passes=1)
