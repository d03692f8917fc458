"""The learning loop's settings (learning_loop.py), kept in RUN/loop.json: what each round
plays, trains and gates, on which bases and under which rules; and the recipe files that hold
such settings beside the network they made (src/network/weights/lifeline.recipe.json)."""

import dataclasses
import json

from . import rules_mix, selfplay
from .. import vocabulary


class LoopError(Exception):
    """A loop that cannot start or go on; the message is for the user."""


@dataclasses.dataclass(frozen=True)
class LoopSettings:
    """What the loop does, kept in RUN/loop.json. The defaults make a round of about half an
    hour on two cores on base 7."""

    base: int = vocabulary.DEFAULT_BASE
    rules: str = vocabulary.DEFAULT_RULES
    komi: int = 0
    games: int = 200  # self-play games a round
    visits: int = 600  # search visits a self-play move
    sample_turns: int = 8  # first turns whose move is drawn in proportion to visits
    window: int = 4  # rounds whose games the candidate is trained on
    blocks: int = 4
    channels: int = 32
    epochs: int = 8
    batch: int = 256
    rate: float = 2e-3
    gate_games: int = 100
    gate_visits: int = 600  # visits a move for networks of one size: fair on a loaded machine
    gate_seconds: float = 0.5  # seconds a move where the sizes differ (or one has no network)
    gate_score: float = 0.55  # the candidate's share of the gate's games that promotes it
    # The share that promotes a candidate over a current network of another size or kind (or
    # none), at equal time: a new kind that holds its own goes on learning under the cheaper
    # gates at equal visits (docs/network.md, "A round").
    switch_score: float = 0.5
    seed: int = 1
    # What each round learns from (docs/methods.md, "What each addition buys"); the
    # flags' defaults are version 6's recipe, and recipe files (lifeline.recipe.json) set the
    # others'.
    pool_every: int = 0  # global pooling in every K-th block of the tower (0: none)
    aux_heads: bool = False  # the soft policy and next turn's policy heads, for training
    # KataGo's techniques (docs/network.md), off until held-out figures or a gate say they pay:
    # a head for the search's win rates of the next turns, and examples weighed by how much
    # their policy target surprised the network that played them.
    short_value: bool = False
    surprise_weight: bool = False
    # Komi by counting (komi_counting.py): each komi-pie and weak-pie game's positions also
    # seen under komis drawn at random, valued by the count of its settled board.
    komi_counting: bool = False
    territory: str = "settled"  # the territory target: selfplay.TERRITORY_TARGETS
    full_share: float = 1.0  # the playout cap: the share of moves searched fully
    fast_visits: int = 100  # visits of the other moves
    # Several bases in one run: "B:W,B:W,..." spreads each round's self-play games and the
    # gate's over these bases in proportion to the weights W; empty: `base` alone.
    bases: str = ""
    # Several balancing rules in one run: "R:W,R:W,..." gives each base's self-play games and
    # gate games rules in proportion to the weights W, by their numbers (rules_mix.py); empty:
    # `rules` and `komi` alone. Under komi pie a game's komi is its base's fair komi plus an
    # offset from -komi_spread to +komi_spread drawn from its seed, never below 0.
    rules_mix: str = ""
    # The fair komi of each base ("B:K,..."; "?" where none is known). Those of bases 4 to 9
    # are the engine's book's (`lifeline-book` under komi pie); 10 to 12 are estimates that
    # continue their growth of about a point a base, to be replaced by measured values: the
    # book's search, blind to komi, cannot locate them (docs/openings.md).
    fair_komi: str = "4:1,5:1,6:1,7:2,8:4,9:4,10:6,11:7,12:8"
    komi_spread: int = 2
    # The network's inputs beyond the position: "" (none) or "rules" (the balancing rules and
    # the komi; network_model.LifelineNet(inputs="rules")).
    inputs: str = ""

    def base_weights(self):
        """[(base, weight)] of the run's bases; LoopError for a `bases` text that is not
        "B:W,B:W,..." with bases in range, each once, and positive weights."""
        if not self.bases:
            return [(self.base, 1)]
        return _parsed(rules_mix.pairs, self.bases, "bases", rules_mix.base_of,
                       rules_mix.weight_of, 1)

    def rules_weights(self):
        """[(rules, weight)] of the run's rules mix; LoopError for a bad `rules_mix`."""
        if not self.rules_mix:
            return [(self.rules, 1)]
        return _parsed(rules_mix.mix_weights, self.rules_mix)

    def base_fair_komi(self, base):
        """The fair komi of `base` (fair_komi), around which its komi-pie games draw theirs;
        LoopError where it is not known."""
        komis = dict(_parsed(rules_mix.pairs, self.fair_komi, "fair_komi", rules_mix.base_of,
                             rules_mix.komi_of))
        if komis.get(base) is None:
            raise LoopError(f"fair_komi: base {base}'s is not known: give it to play komi pie "
                            "there")
        return komis[base]

    def game_rules(self, base, index, seed):
        """(rules, komi) of game `index` of a folder or match on `base` whose games draw their
        komi from `seed` (rules_mix.game_rules); without a mix, `rules` and `komi`."""
        if not self.rules_mix:
            return self.rules, self.komi
        komi = self.base_fair_komi(base) if self.draws_komi() else 0
        return rules_mix.game_rules(self.rules_mix, komi, self.komi_spread, index, seed)

    def draws_komi(self):
        """Whether games draw their komi: a rules mix with komi pie in it."""
        return bool(self.rules_mix) and vocabulary.KOMI_PIE in dict(self.rules_weights())

    def spread(self, games):
        """[(base, games)]: `games` shared among the bases in proportion to their weights (the
        largest remainders round up), bases with no game left out."""
        weights = self.base_weights()
        total = sum(weight for _, weight in weights)
        shares = [(base, games * weight / total) for base, weight in weights]
        counts = {base: int(share) for base, share in shares}
        by_remainder = sorted(shares, key=lambda item: int(item[1]) - item[1])
        for base, _ in by_remainder[:games - sum(counts.values())]:
            counts[base] += 1
        return [(base, counts[base]) for base, _ in weights if counts[base] > 0]

    def promotion_score(self, same_size):
        """The gate's share that promotes the candidate: `gate_score` over a network of the
        loop's size, `switch_score` over one of another size or none."""
        return self.gate_score if same_size else self.switch_score

    def network_config(self):
        """The config of the networks the loop trains (network_model.LifelineNet's)."""
        from . import network_model

        return network_model.config_of(**self.network_arguments())

    def network_arguments(self):
        """The arguments that make a network of the loop's config (network_model.LifelineNet);
        `inputs` only where the run names it, so that the basic networks' arguments stay those
        of the runs before it."""
        return {"blocks": self.blocks, "channels": self.channels,
                "pool_every": self.pool_every, "aux_heads": self.aux_heads,
                **({"short_value": True} if self.short_value else {}),
                **({"inputs": self.inputs} if self.inputs else {})}

    def check(self):
        if not vocabulary.MIN_BASE <= self.base <= vocabulary.MAX_BASE:
            raise LoopError(f"base must be from {vocabulary.MIN_BASE} to {vocabulary.MAX_BASE}")
        if self.rules not in vocabulary.RULES:
            raise LoopError(f"rules must be one of {', '.join(vocabulary.RULES)}")
        positive = ("games", "visits", "window", "blocks", "channels", "epochs", "batch",
                    "gate_games", "gate_visits")
        for name in positive:
            if getattr(self, name) < 1:
                raise LoopError(f"{name} must be at least 1")
        if self.komi < 0 or self.sample_turns < 0 or self.rate <= 0 or self.gate_seconds <= 0:
            raise LoopError("komi and sample_turns must be >= 0, rate and gate_seconds > 0")
        if not 0 < self.gate_score <= 1 or not 0 < self.switch_score <= 1:
            raise LoopError("gate_score and switch_score must be above 0 and at most 1")
        if self.pool_every < 0 or self.fast_visits < 1 or not 0 < self.full_share <= 1:
            raise LoopError("pool_every must be >= 0, fast_visits >= 1, full_share above 0 "
                            "and at most 1")
        if self.territory not in selfplay.TERRITORY_TARGETS:
            raise LoopError("territory must be settled or share")
        if self.inputs not in ("", "rules") or self.komi_spread < 0:
            raise LoopError("inputs must be empty or rules, komi_spread >= 0")
        if self.rules_mix and self.komi:
            raise LoopError("komi is the komi of a run of one rules: with rules_mix the "
                            "komi-pie games draw theirs from fair_komi and komi_spread")
        for base, _ in self.base_weights():
            if self.draws_komi():
                self.base_fair_komi(base)


def _parsed(parse, *arguments):
    """parse(*arguments), its MixError a LoopError."""
    try:
        return parse(*arguments)
    except rules_mix.MixError as error:
        raise LoopError(str(error)) from None


# A recipe file's key for people, not a setting: what made the recipe, where it is told.
RECIPE_NOTE = "note"


def read_recipe(path):
    """The settings of the recipe file `path` (a dict of LoopSettings fields): a JSON object
    of the keys of RUN/loop.json, any of them, and a "note"; LoopError for a file that cannot
    be read, an unknown key or a value of the wrong type."""
    try:
        with open(path, encoding="utf-8") as stream:
            recipe = json.load(stream)
    except (OSError, ValueError) as error:
        raise LoopError(f"recipe {path}: {error}") from None
    if not isinstance(recipe, dict):
        raise LoopError(f"recipe {path}: not a JSON object")
    recipe.pop(RECIPE_NOTE, None)
    fields = {field.name: type(field.default) for field in dataclasses.fields(LoopSettings)}
    for key, value in recipe.items():
        if key not in fields:
            raise LoopError(f"recipe {path}: {key!r} is not a setting of the loop")
        kind = fields[key]
        if not (isinstance(value, kind) and not (kind is int and isinstance(value, bool))
                or kind is float and type(value) is int):
            raise LoopError(f"recipe {path}: {key} must be a {kind.__name__}, not {value!r}")
    return recipe
