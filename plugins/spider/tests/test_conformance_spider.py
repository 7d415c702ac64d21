"""The conformance kit on every game and preset of the family (two decks: each physical card
once, undo exact, the player view hiding the face-down cards and the stock). Few examples, so
the family adds seconds to the suite; raise ``max_examples`` for a longer hunt."""

from patience_core.testing import conformance_tests

KIT = {"max_examples": 4, "steps": 20, "solver_nodes": 1_000}

TestSpiderConformance = conformance_tests("spider", **KIT)
TestSpider1Conformance = conformance_tests("spider-1", **KIT)
TestSpider2Conformance = conformance_tests("spider-2", **KIT)
TestSpideretteConformance = conformance_tests("spiderette", **KIT)
TestScorpionConformance = conformance_tests("scorpion", **KIT)
TestSimpleSimonConformance = conformance_tests("simple-simon", **KIT)
