"""The balancing rules of the learning loop's games (docs/network.md, "The learning loop"): a
mix of rules in proportion to weights, each game's rules following from its number, and
under komi pie a komi drawn from the game's seed around the base's fair komi. Nothing here
plays: selfplay.py and the loop's gate ask which rules and komi a game has."""

import random

from .. import vocabulary


class MixError(ValueError):
    """A setting's text that is not what it should be; the message is for the user."""


def pairs(text, setting, key, value, default=None):
    """[(key(K), value(V))] of a "K:V,K:V,..." setting: `key` and `value` turn a part's text
    into its value or raise ValueError; a value left out is `default` (None: required).
    MixError names the setting for a part that is not K:V and for a key named twice."""
    found = []
    for part in text.split(","):
        name, colon, amount = part.strip().partition(":")
        if not colon and default is None:
            raise MixError(f"{setting}: {part!r} is not KEY:VALUE")
        try:
            found.append((key(name), value(amount) if colon else default))
        except ValueError as error:
            raise MixError(f"{setting}: {part!r}: {error}") from None
    if len({name for name, _ in found}) != len(found):
        raise MixError(f"{setting}: a key is named twice")
    return found


def whole(text):
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a whole number") from None


def base_of(text):
    base = whole(text)
    if not vocabulary.MIN_BASE <= base <= vocabulary.MAX_BASE:
        raise ValueError(f"the base must be from {vocabulary.MIN_BASE} to {vocabulary.MAX_BASE}")
    return base


def weight_of(text):
    weight = whole(text)
    if weight < 1:
        raise ValueError("the weight must be at least 1")
    return weight


def rules_of(text):
    if text not in vocabulary.RULES:
        raise ValueError(f"the rules must be one of {', '.join(vocabulary.RULES)}")
    return text


def komi_of(text):
    """A fair komi: a whole number >= 0, or "?" (None) for one not known."""
    if text == "?":
        return None
    komi = whole(text)
    if komi < 0:
        raise ValueError("the komi must be >= 0")
    return komi


def mix_weights(text):
    """[(rules, weight)] of a rules mix "strong-pie:2,weak-pie:1,komi-pie:1" (a weight left
    out is 1)."""
    return pairs(text, "rules_mix", rules_of, weight_of, 1)


def cycle(weights):
    """The rules of one cycle of games, [(rules, weight)] spread so that every stretch of
    games holds each rules about in proportion to its weight (a smooth weighted round robin):
    2, 1, 1 gives a, b, c, a."""
    total = sum(weight for _, weight in weights)
    credit = dict.fromkeys((rules for rules, _ in weights), 0)
    order = []
    for _ in range(total):
        for rules, weight in weights:
            credit[rules] += weight
        chosen = max(credit, key=credit.get)  # the first of equals: the mix's order
        credit[chosen] -= total
        order.append(chosen)
    return order


def game_rules(mix, fair_komi, spread, index, seed):
    """(rules, komi) of game `index` of a folder or match under the rules mix `mix` (its
    text): the rules by the index, in the mix's cycle; under komi pie the komi `fair_komi`
    plus an offset from -spread to +spread drawn from `seed` (any int or text), never below
    0; else komi 0."""
    order = cycle(mix_weights(mix))
    rules = order[index % len(order)]
    if rules != vocabulary.KOMI_PIE:
        return rules, 0
    return rules, max(0, fair_komi + random.Random(f"komi {seed}").randint(-spread, spread))
