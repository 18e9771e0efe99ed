"""The settlement engine: pure Python, no web framework.

Entry points are in :mod:`rules.api`; the shared machinery in :mod:`rules.tiles`,
:mod:`rules.hand`, :mod:`rules.snapshot`, :mod:`rules.ledger`, :mod:`rules.options`,
:mod:`rules.patterns`, :mod:`rules.birds`; calculators in :mod:`rules.variants`.
"""

from ._native import package_path as _package_path

# A fresh mypyc build of these same modules (scripts/compile_engine.py) runs in their place;
# rules/_native.py says when, and SETTLE_ENGINE overrides the choice.
__path__ = _package_path(__path__)
