"""下杠麻将 Xiagang mahjong — 001_a1ce558555b69162.txt lines 421-491: 虫草花's sister.

The same table as 虫草花 (:mod:`rules.variants.chongcao`) with these differences, each a field of
:data:`XIAGANG` (the lead's readings X1-X8, .helpers/xiagang-readings.md; every point they do not
list is 虫草花's, C1-C8):

- 144 tiles always, the eight 虫草花 in the set with no 勾选 clause (001:423-424): they are always
  set aside, and 八虫草/七仙女/八仙过海 always counted (X1, X3).
- a second face turned up: the 下杠, the 明牌's face − 1, cycling (001:430; 东 → 白), its four copies
  set aside and replaced (001:431); a face counts once, 明牌 (杠头) > 下杠 > 白板 role (X1). A 下杠 scores
  nothing of its own but 八仙过海 (001:480: the three 杠头 and the four 下杠, X3).
- the 台 columns 50/75/100 (001:443) and no 6台 rule (the note is 虫草花's alone, 001:394); 全字 keeps
  out 自风位 only (001:474), 四美人 has no 财神 clause (001:475) (X3).
- one 花数 table (001:481-489, 虫草花's ``chongcao`` values; X4), so no ``flower_scheme`` option.
- 包牌 a-d (001:436-437): no 乱吐; d is 吃碰杠四手 (X6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from ...options import option
from .._caishen import NEXT_DEALER
from . import Chongcao
from .table import DRAW_AT, SMALL, T1, T2, T3, T4, T5, Lines, Ruleset

TIERS: Final = (50, 75, 100)
"""起翻 (001:443): the table's three columns."""

XIAGANG: Final = Ruleset(
    tiers=TIERS,
    # 1台 rows 001:446-455; 对对胡…三杠头 001:456-461; 单吊财神, 财神双归位 001:462-463; 清一色…四财神 001:464-472;
    # 财神三归位, 全字, 四美人 001:473-475; 财神四归位…八仙过海 001:476-480
    columns={SMALL: (1, 1, 1), T1: (50, 65, 75), T2: (100, 125, 150), T3: (150, 200, 250), T4: (600, 750, 900),
             T5: (1000, 1250, 1500)},
    row_offset=87,  # 自风位 001:446 is 虫草花's 001:359, and so on to 八仙过海 001:480 (001:393)
    six_rule=False,  # no 注意 line under 下杠's table (X3)
    xiagang=True,
    flower_config=None,  # 共144张牌 … 虫草花8张 with no 勾选 clause (001:423-424)
    scheme="xiagang",  # 001:481-489
    excludes={"quanzi": ("zifeng",)},  # 自风位一台不再计算，可与三美人、四风齐叠加计算 (001:474): 对对胡, 混一色 not kept out
    notes={
        # with 白板 the 财神 (明牌 发) 红中 is the 下杠, set aside as that: it never plays 白板 here (X1)
        "baiban": "each 白板 set aside",
        "zhongfa": "each triplet, pong or kong of 中 or 发; not of the 财神's face",
        "sibaiban": "four 白板 set aside",
        "quanzi": "every tile an honour; 自风位 not counted, 对对胡 still is",
        "simeiren": "triplets of 中 and 发 and four 白板 set aside, whichever face is the 财神",
        "bachongcao": "all eight flowers set aside",
        "qixiannu": "four 白板 and three 杠头 set aside",
        "baxianguohai": "the turned-up 杠 faces twice four: the three 杠头 (the 明牌 the fourth) and the four 下杠 set aside",
    },
    simeiren_clause=False,  # 四美人 (001:475) has no 若白板、红中、发财有一个为财神 (三美人 001:471 keeps it)
    baxian="xiagang",
    cases=("single_honour", "single_suited", "beauty", "four_hands"),  # 001:437 a-d, no 乱吐 (X6)
    lines=Lines(
        mingpai="001:427", caishen="001:428-429", set_aside="补牌: 抓到虫草花、白板、明牌或者下杠都需要补牌, 001:431",
        pong_only="001:432", drawn="001:433 and 虫草花's 001:345",
        drawn_said="流局 at 16 tiles left, or 剩8张 / 全摸完, as the table sets it", dealer_again="001:433",
        one_win="001:434", jiaozi="001:435", liability="001:436", cases="001:437", shapes="001:439-440",
        winner_only="001:442", columns="001:443", rows="001:443-480", pihu="001:445",
        small_added="added as they are: 下杠's table has no 6台 rule, 001:443-480",
        six="虫草花's 001:394, carried over under the option six_rule",
        wild="the family's 001:84; the only 财神 meld is the concealed kong of all four, 四财神暗杠 001:477",
        no_caishen="no 财神 and no 下杠 this round (001:428-430)", hua="001:481", bonus="001:491a"),
)
"""下杠麻将 (001:421-491)."""


@dataclass(frozen=True)
class Options:
    tier: int = option(50, "起翻", "The table's column of the 台 table (001:443): 50, 75 or 100 台起翻; every big row "
                       "is read from it", choices=TIERS)
    six_rule: bool = option(False, "6台起翻", "虫草花's 6台 rule (001:394) read into 下杠's table, which has none: the "
                            "1台 rows from 6 count (T + s − 6) × 2, T this table's column (X3's other reading)")
    quanzi_excludes: bool = option(False, "全字不计对对胡", "全字 keeps out 对对胡 and 混一色 as 虫草花's 001:387 does (下杠's "
                                   "001:474 writes only 自风位)")
    simeiren_clause: bool = option(False, "四美人财神限制", "四美人 never when 白板, 中 or 发 is the 财神, as 虫草花's 001:388 "
                                   "and 三美人's own 001:471 (下杠's 001:475 writes no such clause)")
    pong_only: bool = option(False, "只碰不吃", "Pong only, no chow (001:432, 勾选)")
    draw_at: int = option(16, "流局", "Tiles left when a round without a win is drawn: 16, 8 (剩8张) or 0 (全摸完), as "
                          "虫草花's 001:345 (下杠's 001:433 says only that the dealer deals again)", choices=DRAW_AT)
    jiaozi: int = option(0, "交子", "Each loser pays the winner this many 条 more (001:435 交子: 赢家额外加上房间配置"
                         "勾选数值的条数)", minimum=0)
    liability: bool = option(True, "包牌", "The four cases of 001:437 (3-4 players only, 二人没有包牌 001:436): the "
                             "liable seat pays every loser's 台")
    draw_pays_flowers: bool = option(True, "流局算花", "花数 is paid on a drawn round too (花与胡牌无关, 001:481); off: "
                                     "a drawn round pays nothing")
    next_dealer: str = option("rotate", "下一局庄家", "Who deals after a win (the seed is silent; after a drawn round "
                              "the dealer stays, 001:433): rotate (the dealer stays when it wins, else its 下家) or "
                              "winner", choices=NEXT_DEALER)


class Xiagang(Chongcao):
    """虫草花's table (:class:`~rules.variants.chongcao.Chongcao`) with 下杠's :data:`XIAGANG`."""

    id = "xiagang"
    name = "下杠麻将"
    name_en = "Xiagang Mahjong (Lower Kong)"
    rules_version = "xiagang/1"
    source = "001_a1ce558555b69162.txt:421-491"
    Options = Options
    rules: ClassVar[Ruleset] = XIAGANG
    patterns = XIAGANG.tables[TIERS[0]]


VARIANT: Final[Xiagang] = Xiagang()
