"""rules/birds.py: face rules and face values for bird (鸟/码) tiles."""

from __future__ import annotations

from rules.birds import face_hits, pip_value, rank_faces


def test_rank_faces_one_five_nine_and_red_dragon() -> None:
    hit = rank_faces((1, 5, 9), ("C",))  # 转转 扎鸟: 1、5、9、红中 (001:23)
    assert face_hits(["1m", "5p", "9s", "C", "2m", "7s", "F", "1f"], hit) == ["1m", "5p", "9s", "C"]


def test_pip_value() -> None:
    assert pip_value("7p", {}) == 7
    assert pip_value("C", {"C": 10}) == 10
    assert pip_value("C", {}) is None
    assert pip_value("3f", {}) is None  # flowers have no face value
