"""The timeline's free cells: a cell is free when no bar on its lane covers its instant (a bar covers
[start, end)), whatever the bars' order and overlaps."""

import random

from backoffice.selectors.timeline import Bar, Lane


def lane_with(spans):
    return Lane(key="t", name="T", capacity="2", table_ids=(1,), online=True,
                bars=[Bar(kind="booking", start=s, end=e) for s, e in spans])  # fmt: skip


def test_a_cell_is_free_until_a_bar_starts_and_again_when_it_ends():
    cells = [0, 900, 1800, 2700, 3600]
    assert lane_with([(900, 2700)]).free_cells(cells) == [0, 2700, 3600]
    assert lane_with([]).free_cells(cells) == cells
    assert lane_with([(2000, 2100), (0, 10)]).free_cells(cells) == [900, 1800, 2700, 3600]


def test_overlapping_and_unordered_bars_agree_with_asking_every_bar():
    rng = random.Random(30)
    cells = list(range(0, 6 * 3600, 900))
    for _ in range(500):
        spans = []
        for _ in range(rng.randint(0, 6)):
            start = rng.randrange(-3600, 7 * 3600, 300)
            spans.append((start, start + rng.choice([300, 900, 4500, 7200])))
        expected = [c for c in cells if not any(s <= c < e for s, e in spans)]
        assert lane_with(spans).free_cells(cells) == expected, spans
