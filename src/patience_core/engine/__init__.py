"""The engine: cards, deals, layouts, the table, moves, rules, scoring, game specs and the game.

The bottom layer of Patience. It knows no plugin system and no registry: a
:class:`~patience_core.engine.game.Game` is made from a spec, options and a deal, and the
layer that makes it (:func:`patience_core.new_game`) hands it whatever observes its moves.
Nothing here imports from :mod:`patience_core.plugins` or from the applications above it.
"""
