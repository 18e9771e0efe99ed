"""Which request fields belong to which kind of game (DESIGN.md: a card game has its own round
shape under the same endpoint): a round carrying another game's field is 422 ``field_not_used``.

One table, read by the mahjong path (``rules.api``) and by each card game, so a field added to one
game is refused by the others in one edit.
"""

from __future__ import annotations

from typing import Final

MAHJONG_FIELDS: Final = ("wins", "wall_remaining", "last_drawer", "reveals")
MAHJONG_PLAYER_FIELDS: Final = ("melds", "discards", "flowers", "ready_declared_turn")
DOUDIZHU_FIELDS: Final = ("bottom", "bidding", "plays", "wilds", "landlord")  # 斗地主 R10
DOUDIZHU_PLAYER_FIELDS: Final = ("flags",)  # 斗地主's per-player flags (双扣 has none)
SHUANGKOU_FIELDS: Final = ("finish_order", "chaodi")  # 双扣 S2
SHUANGKOU_PLAYER_FIELDS: Final = ("bombs", "dealt")
ANALYZE_MAHJONG_FIELDS: Final = ("melds", "reveals")  # a hand analysis's fields: a mahjong hand's
ANALYZE_CARD_FIELDS: Final = ("wilds",)  # 斗地主's wild ranks
CARD_FIELDS: Final = frozenset(DOUDIZHU_FIELDS + SHUANGKOU_FIELDS)
"""The card games' round fields: refused on a mahjong round."""
CARD_PLAYER_FIELDS: Final = SHUANGKOU_PLAYER_FIELDS
"""The card games' player fields a mahjong player does not have (斗地主's ``flags`` a mahjong player has)."""
