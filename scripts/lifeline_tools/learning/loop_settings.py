"""The learning loop's settings (learning_loop.py), kept in RUN/loop.json: what each round
plays, trains and gates, and on which bases."""

import dataclasses

from . import selfplay
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
    # What each round learns from (docs/network.md, "What makes a round teach more"); the
    # defaults are the recipe of version 6.
    pool_every: int = 0  # global pooling in every K-th block of the tower (0: none)
    aux_heads: bool = False  # the soft policy and next turn's policy heads, for training
    territory: str = "settled"  # the territory target: selfplay.TERRITORY_TARGETS
    full_share: float = 1.0  # the playout cap: the share of moves searched fully
    fast_visits: int = 100  # visits of the other moves
    # Several bases in one run: "B:W,B:W,..." spreads each round's self-play games and the
    # gate's over these bases in proportion to the weights W; empty: `base` alone.
    bases: str = ""

    def base_weights(self):
        """[(base, weight)] of the run's bases; LoopError for a `bases` text that is not
        "B:W,B:W,..." with bases in range, each once, and positive weights."""
        if not self.bases:
            return [(self.base, 1)]
        pairs = []
        for part in self.bases.split(","):
            base, colon, weight = part.strip().partition(":")
            try:
                pair = (int(base), int(weight) if colon else 1)
            except ValueError:
                raise LoopError(f"bases: {part!r} is not BASE:WEIGHT") from None
            if not vocabulary.MIN_BASE <= pair[0] <= vocabulary.MAX_BASE or pair[1] < 1:
                raise LoopError(f"bases: {part!r}: the base must be from {vocabulary.MIN_BASE} "
                                f"to {vocabulary.MAX_BASE}, the weight at least 1")
            pairs.append(pair)
        if len({base for base, _ in pairs}) != len(pairs):
            raise LoopError("bases: a base is named twice")
        return pairs

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

        return network_model.config_of(self.blocks, self.channels, self.pool_every,
                                       self.aux_heads)

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
        self.base_weights()
