"""The HTTP service: a Flask app over the :mod:`rules` engine.

Run it with ``gunicorn -c gunicorn.conf.py 'service:create_app()'``. Nothing here
knows a game rule: requests are checked for shape (marshmallow), handed to
``rules.api`` and the answers or :class:`~rules.errors.InvalidRound` errors are
turned into JSON and RFC 9457 problems.
"""

from .app import create_app

__all__ = ["create_app"]
