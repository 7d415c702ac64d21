"""``patience serve``: every installed game in a browser, and an HTTP JSON API for apps in any
language (docs/web.md).

- :mod:`.app`: the ASGI app (Starlette): the routes, the JSON in and out, the page.
- :mod:`.games`: the games being played, kept in SQLite, one transaction per move.
- the statistics and saved records are :mod:`patience_core.userdata`, shared with the terminal.
- ``static/``: the page: HTML, CSS and plain JavaScript modules, no build step.

Importing :mod:`patience_core` imports none of this, nor Starlette: the ``serve`` command
imports it when it runs.
"""
