"""PySolFC's pairing games beside Pyramid, each a few lines on :mod:`patience_pyramid.pairing`
(docs/pyramid-relatives.md)."""

from __future__ import annotations

from patience_pyramid import baroness, cheops, hurricane, pyramid_dozen, thirteens, three_wastes

RELATIVES = (
    pyramid_dozen.SPEC,
    thirteens.SPEC,
    three_wastes.ELEVEN_TRIANGLE,
    hurricane.SPEC,
    cheops.SPEC,
    three_wastes.APOPHIS,
    baroness.SPEC,
)
