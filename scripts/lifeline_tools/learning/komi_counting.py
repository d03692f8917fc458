"""Komi by counting (docs/network.md, "Komi by counting"): the same game under other komis.

Once a game's board is settled (every empty region touches one colour), what is left is a race
that a count decides: each side fills its own regions, White may also spend its komi left, and
the side to move wins with more actions left than the other (lifeline-count gives each side's
placements). So the count at the settled turn tells who would have won the very same game had
White begun with another komi K, as long as White could still pay for the points it spent
before that turn. Under komi pie, and under weak pie (komi pie at komi 0 but for White's
choice to swap, which leaves the board and the colours' stones as they are), every position up
to the settled turn then yields a second example: the same board under komi pie with a komi
drawn at random, its value the counted winner. Those examples teach the value how each point of
komi moves the result, which the games' own results, a handful per komi, cannot: their noise
is many points wide.
"""

import numpy as np

from .. import vocabulary

# Which examples this file makes, in the key of the example caches (example_cache.py): a change
# to what it adds raises it, so that no cache of the old examples serves.
LAYOUT = 1


def komi_range(base):
    """The komis drawn for a base's examples: 0 to this, at least 10 and past twice any fair
    komi measured or estimated (docs/openings.md): the value learns the whole slope from a
    sure win for Black to a sure one for White."""
    return max(10, 2 * base - 4)


def counts_komi(game):
    """Whether a game's positions can be seen under other komis: a komi-pie or weak-pie game
    whose board settled before its last turn."""
    return (game["rules"] in (vocabulary.WEAK_PIE, vocabulary.KOMI_PIE)
            and game["settled"]["turn"] < len(game["turns"]))


def spent_before(game):
    """The komi points White has spent before each turn of a game, and after its last."""
    spent = [0]
    for turn in game["turns"]:
        spent.append(spent[-1] + (turn["move"] == "pass"))
    return spent


def least_white_komi(settled_state, count, spent):
    """The least komi a game begins with under which White wins the race of its settled
    board: `settled_state` is the lifeline-state of that turn, `count` lifeline-count's
    (Black's placements, White's), `spent` the points White spent before. With komi K White's
    actions are its placements plus K - spent; the side to move wins with more than the other."""
    black, white = count
    if settled_state["to_move"] == "white":
        return black - white + spent + 1
    return black - white + spent


def recounted_state(state, komi_left):
    """A lifeline-state of a komi-pie or weak-pie game as it would read under komi pie with
    `komi_left` points for White: no swap, and White may spend where it moves in the play phase
    with a point left."""
    seen = dict(state)
    seen.update(rules=vocabulary.KOMI_PIE, komi_left=komi_left, can_swap=False,
                can_spend_komi=(state["to_move"] == "white" and state["phase"] == "play"
                                and not state["pending"] and komi_left > 0))
    return seen


def recounted_positions(game, states, count, draws):
    """[(turn number, recounted state, whether its side to move wins)] for the positions of a
    game up to its settled turn, one for each komi of `draws` (an iterator of komis), skipping
    a komi too small to pay for what White spent before the settled turn, and a weak-pie swap's
    turn (under komi pie it is the next turn's position). Empty where the count is not
    trusted: when it does not give the game's own result at its own komi (the race was not
    played out as counted), and when a side has no stone left on the settled board, where the
    other may kill its own stones to place again (a base-3 position the solver found).
    """
    settled = game["settled"]["turn"]
    if not states[settled]["black"] or not states[settled]["white"]:
        return []
    spent = spent_before(game)
    least = least_white_komi(states[settled], count, spent[settled])
    if (game.get("komi", 0) >= least) != (game["winner"] == "white"):
        return []
    positions = []
    for number in range(settled + 1):
        komi = next(draws)
        if komi < spent[settled] or game["turns"][number]["move"] == "swap":
            continue
        white_wins = komi >= least
        state = states[number]
        mover_wins = white_wins == (state["to_move"] == "white")
        positions.append((number, recounted_state(state, komi - spent[number]), mover_wins))
    return positions


def komi_draws(base, seed):
    """An endless stream of komis from 0 to komi_range(base), each as likely, from `seed`: a
    game's draws are the same at every replay, so its cached examples stay what they were."""
    rng = np.random.default_rng(seed)
    while True:
        yield int(rng.integers(0, komi_range(base) + 1))
