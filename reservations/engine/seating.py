"""Which tables can seat a party in a service: the candidates, best fit first.

A candidate is a single table or a joined-table combination with
min <= party <= max whose tables are all sold online in this service (table and
section bookable online, in the service's online sections when it lists them,
on the service's floor plan). Best fit first: the smallest sufficient capacity;
on equal capacity a single table before a combination.
"""

from dataclasses import dataclass
from itertools import zip_longest

from reservations.engine.occupancy import CandidateRuns
from reservations.engine.policy import Policy, ShiftInfo, TableInfo

# Candidates per run (CandidateRuns): after a write, the runs holding a changed table are looked at
# again, and every run's kept answer is OR-ed.
RUN_LENGTH = 12


@dataclass(frozen=True)
class Candidate:
    table_ids: tuple[int, ...]
    min_capacity: int
    max_capacity: int
    is_combination: bool


# A candidate's tables and the section groups whose filter keeps it.
GroupedTables = tuple[tuple[int, ...], frozenset[int]]


def table_sold_online(policy: Policy, shift: ShiftInfo, table: TableInfo) -> bool:
    section = policy.sections[table.section_id]
    if section.floor_plan_id != shift.floor_plan_id:
        return False
    if not (table.bookable_online and section.bookable_online):
        return False
    return shift.online_section_ids is None or table.section_id in shift.online_section_ids


def _in_group(policy: Policy, table_ids, group_id: int | None) -> bool:
    return group_id is None or all(policy.sections[policy.tables[t].section_id].group_id == group_id for t in table_ids)


def candidates(policy: Policy, shift: ShiftInfo, party_size: int, group_id: int | None = None) -> list[Candidate]:
    """Every table or combination that could seat the party, best fit first (cached per policy)."""
    cache_key = ("candidates", shift.id, party_size, group_id)
    cached = policy._cache.get(cache_key)
    if cached is not None:
        return cached
    found: list[tuple[tuple, Candidate]] = []
    for table in policy.tables.values():
        if table.min_capacity <= party_size <= table.max_capacity and table_sold_online(policy, shift, table):
            if _in_group(policy, (table.id,), group_id):
                candidate = Candidate((table.id,), table.min_capacity, table.max_capacity, False)
                found.append(((table.max_capacity, 0, table.position, table.id), candidate))
    for combo in policy.combinations:
        if combo.floor_plan_id != shift.floor_plan_id or not combo.bookable_online:
            continue
        if not combo.min_capacity <= party_size <= combo.max_capacity:
            continue
        if all(table_sold_online(policy, shift, policy.tables[t]) for t in combo.table_ids) and _in_group(
            policy, combo.table_ids, group_id
        ):
            candidate = Candidate(combo.table_ids, combo.min_capacity, combo.max_capacity, True)
            found.append(((combo.max_capacity, 1, (), combo.id), candidate))
    result = [candidate for _, candidate in sorted(found, key=lambda item: item[0])]
    policy._cache[cache_key] = result
    return result


def candidate_runs(policy: Policy, shift: ShiftInfo, party_size: int, group_id: int | None = None) -> CandidateRuns:
    """`candidates`' tables in runs of RUN_LENGTH, in the same order (cached per policy)."""
    cache_key = ("candidate_runs", shift.id, party_size, group_id)
    cached = policy._cache.get(cache_key)
    if cached is None:
        tables = [candidate.table_ids for candidate in candidates(policy, shift, party_size, group_id)]
        runs = tuple(tuple(tables[i : i + RUN_LENGTH]) for i in range(0, len(tables), RUN_LENGTH))
        by_table: dict[int, set[int]] = {}
        for index, run in enumerate(runs):
            for table_ids in run:
                for table in table_ids:
                    by_table.setdefault(table, set()).add(index)
        found = CandidateRuns(cache_key[1:], runs, {table: frozenset(indexes) for table, indexes in by_table.items()})
        cached = policy._cache[cache_key] = found
    return cached


def candidates_by_group(policy: Policy, shift: ShiftInfo, party_size: int) -> list[GroupedTables]:
    """`candidates` (no group filter) as their tables, each with the section groups whose filter
    keeps it (the group of its tables; none when they span groups): `candidates` with a group keeps
    exactly those whose set holds it.

    Ordered for a question asked of every group (is one of its candidates free?): the groups take
    turns, each in best-fit order, so the first few tried cover every group (cached per policy).
    """
    cache_key = ("candidates_by_group", shift.id, party_size)
    cached = policy._cache.get(cache_key)
    if cached is None:
        every = frozenset(section.group_id for section in policy.sections.values())
        turns: dict[frozenset[int], list[GroupedTables]] = {}
        for candidate in candidates(policy, shift, party_size):
            groups = frozenset(policy.sections[policy.tables[t].section_id].group_id for t in candidate.table_ids)
            # `_in_group`: all tables in the group (so any group, for a combination of no table).
            fits = groups if len(groups) == 1 else every if not groups else frozenset()
            turns.setdefault(fits, []).append((candidate.table_ids, fits))
        cached = [item for turn in zip_longest(*turns.values()) for item in turn if item is not None]
        policy._cache[cache_key] = cached
    return cached


def bookable_groups(policy: Policy, shift: ShiftInfo) -> list[int]:
    """Section groups of the service's floor plan sold online in it, in the restaurant's order."""
    cache_key = ("groups", shift.id)
    cached = policy._cache.get(cache_key)
    if cached is not None:
        return cached
    groups: list[int] = []
    for section in policy.sections.values():  # insertion order is the restaurant's arrangement
        if section.floor_plan_id != shift.floor_plan_id or not section.bookable_online:
            continue
        if shift.online_section_ids is not None and section.id not in shift.online_section_ids:
            continue
        if section.group_id not in groups:
            groups.append(section.group_id)
    groups.sort(key=list(policy.sections).index)
    policy._cache[cache_key] = groups
    return groups


def fitting_groups(policy: Policy, shift: ShiftInfo, party_size: int) -> list[int]:
    """Groups bookable online in the service that hold a table or combination fitting the party."""
    return [group for group in bookable_groups(policy, shift) if candidates(policy, shift, party_size, group)]


def group_tables(policy: Policy, shift: ShiftInfo, group_id: int) -> list[TableInfo]:
    """Every table of a section group on the service's floor plan (for booking a whole section)."""
    return [
        table
        for table in policy.tables.values()
        if policy.sections[table.section_id].group_id == group_id
        and policy.sections[table.section_id].floor_plan_id == shift.floor_plan_id
    ]
