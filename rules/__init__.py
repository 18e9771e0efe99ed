"""The settlement engine: pure Python, no web framework.

Entry points are in :mod:`rules.api`; the shared machinery in :mod:`rules.tiles`,
:mod:`rules.hand`, :mod:`rules.snapshot`, :mod:`rules.ledger`, :mod:`rules.options`,
:mod:`rules.patterns`, :mod:`rules.birds`; calculators in :mod:`rules.variants`.
"""
