"""config.lru.Lru: the bounded per-process map the hot paths keep."""

from config.lru import MISSING, LastKeys, Lru


def test_the_least_recently_used_goes_first():
    lru = Lru(2)
    lru.put("a", 1)
    lru.put("b", 2)
    assert lru.get("a") == 1  # used: "b" is now the oldest
    lru.put("c", 3)
    assert ("a" in lru, "b" in lru, "c" in lru) == (True, False, True)


def test_peek_and_in_do_not_count_as_use():
    lru = Lru(2)
    lru.put("a", 1)
    lru.put("b", 2)
    assert lru.peek("a") == 1 and "a" in lru
    lru.put("c", 3)
    assert lru.peek("a") is None and len(lru) == 2


def test_a_size_read_at_each_insertion():
    size = [3]
    lru = Lru(lambda: size[0])
    for n in range(3):
        lru.put(n, n)
    size[0] = 1
    lru.put("x", None)  # a stored None is a value, not an absence
    assert len(lru) == 1 and lru.get("x", MISSING) is None and lru.get(0, MISSING) is MISSING
    lru.clear()
    assert len(lru) == 0


def test_a_weighed_map_bounds_the_total_weight():
    lru = Lru(10, weigh=len)
    lru.put("a", "xxxx")
    lru.put("b", "xxxx")
    lru.put("a", "xx")  # replaced, and used: its old weight no longer counts
    lru.put("c", "xxxx")  # 4 + 2 + 4
    assert ("a" in lru, "b" in lru, "c" in lru) == (True, True, True)
    lru.put("d", "xxx")  # 13 > 10: the least recently used go until it fits
    assert ("a" in lru, "b" in lru, "c" in lru, "d" in lru) == (True, False, True, True)
    lru.put("e", "x" * 11)  # heavier than the whole bound: not kept, and nothing else is
    assert len(lru) == 0 and lru.get("e") is None
    lru.put("f", "x")
    assert lru.peek("f") == "x"
    lru.put("g", "x" * 9)
    lru.discard("f")  # its weight goes with it: "h" fits beside "g"
    lru.discard("never stored")
    lru.put("h", "x")
    assert ("f" in lru, "g" in lru, "h" in lru) == (False, True, True)


def test_last_keys_say_whether_a_names_last_value_is_still_stored():
    store = Lru(2)
    last = LastKeys(store, 8)
    assert not last.held("q")  # never stored
    store.put(("q", 1), "a")
    last.note("q", ("q", 1))
    assert last.held("q")
    store.put(("q", 2), "b")
    last.note("q", ("q", 2))  # a newer key for the same name
    store.put("other", "c")  # evicts ("q", 1): the name's last key is still there
    assert last.held("q")
    assert last.last("q") == (("q", 2), "b")
    store.put("more", "d")  # evicts ("q", 2)
    assert not last.held("q") and last.last("q") is None
    last.note("q", "more")
    last.clear()
    assert not last.held("q")
